import type { ComputedGuide, ComputedStep } from '../schema/computed.ts';
import { configFlags, configKey } from '../serving/flags.ts';
import { percentChange } from './percent-change.ts';

/**
 * Configurations measured more than once: the same engine and flags in different runs (a step
 * that re-measures the previous winner as its starting point), and the repeated runs of one
 * variant (a sweep's runs of one combination, measured.repeats). Run-to-run spread is the noise a
 * decision between close results rests on, so the page shows it.
 */
export function repeatedConfigurations(steps: readonly ComputedStep[]): ComputedGuide['repeats'] {
  const groups = new Map<string, ComputedGuide['repeats'][number]>();
  for (const step of steps)
    for (const variant of step.variants) {
      if (!variant.measured) continue;
      const flags = configFlags(variant);
      const key = configKey(variant.engine.id, flags);
      const group = groups.get(key) ?? {
        engine: variant.engine.name,
        flags: [...flags].map(([name, value]) => (value === '' ? name : `${name}=${value}`)),
        runs: [],
        percent: 0,
      };
      // The same raw file referenced twice is one measurement shown twice, not a repeat.
      if (!group.runs.some((r) => r.runId === variant.measured?.runId))
        group.runs.push({
          step: step.id,
          variant: variant.id,
          runId: variant.measured.runId,
          score: variant.measured.score,
        });
      groups.set(key, group);
    }
  const acrossSteps = [...groups.values()]
    .filter((g) => g.runs.length > 1 && g.flags.length > 0)
    .map((g) => {
      const first = g.runs[0]?.score ?? 0;
      const last = g.runs.at(-1)?.score ?? 0;
      return { ...g, percent: percentChange(first, last) };
    });
  return [...acrossSteps, ...repeatedRuns(steps)];
}

/**
 * The repeated runs of one variant (measured.repeats: a sweep's runs of one combination), each
 * group once however many steps name it: their scores and the widest spread between them.
 */
function repeatedRuns(steps: readonly ComputedStep[]): ComputedGuide['repeats'] {
  const seen = new Set<string>();
  const found: ComputedGuide['repeats'] = [];
  for (const step of steps)
    for (const variant of step.variants) {
      const repeats = variant.measured?.repeats;
      if (!repeats) continue;
      const key = repeats.runs.map((r) => r.runId).join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({
        engine: variant.engine.name,
        flags: [...configFlags(variant)].map(([name, value]) => (value === '' ? name : `${name}=${value}`)),
        runs: repeats.runs.map((r) => ({
          step: step.id,
          variant: variant.id,
          runId: r.runId,
          score: r.score,
          repeat: r.index,
        })),
        percent: repeats.percent,
      });
    }
  return found;
}
