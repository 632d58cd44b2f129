import type { ComputedGuide } from '../schema/computed.ts';

type Side = { engine: { id: string; name: string }; args?: string[]; command?: string; gpus?: number };
/** How a run was served and loaded, from the first place of the guide that shows it. */
export type RunUse = Side & { profile?: string; benchmark?: string };

/** Every run of the guide that a page shows with the configuration that measured it. */
export function runUses(guide: ComputedGuide): Map<string, RunUse> {
  const uses = new Map<string, RunUse>();
  const add = (runId: string, use: RunUse) => {
    if (!uses.has(runId)) uses.set(runId, use);
  };
  for (const step of guide.steps)
    for (const v of step.variants)
      if (v.measured)
        add(v.measured.runId, {
          engine: v.engine,
          ...pick(v),
          gpus: v.measured.gpus,
          ...(v.profile ? { profile: v.profile.id } : {}),
          ...(step.benchmark !== undefined ? { benchmark: step.benchmark } : {}),
        });
  // A case sets the baseline configuration beside the recommended one (guide.yaml's comparison).
  for (const c of guide.comparison)
    for (const [side, engine] of [
      [c.baseline, guide.baseline.engine],
      [c.optimized, guide.recommended.engine],
    ] as const)
      add(side.measured.runId, {
        engine,
        ...pick(side),
        gpus: side.measured.gpus,
        ...(c.profile ? { profile: c.profile.id } : {}),
        ...(c.benchmark !== undefined ? { benchmark: c.benchmark } : {}),
      });
  if (guide.otherCases.layout === 'by-config')
    for (const [side, engine] of [
      [guide.otherCases.baseline, guide.baseline.engine],
      [guide.otherCases.optimized, guide.recommended.engine],
    ] as const)
      for (const runId of side.runIds) add(runId, { engine, ...pick(side) });
  return uses;
}

const pick = (side: { args?: string[] | undefined; command?: string | undefined }) => ({
  ...(side.args !== undefined ? { args: side.args } : {}),
  ...(side.command !== undefined ? { command: side.command } : {}),
});
