import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { checkRunPlausibility } from '../ingest/plausibility.ts';
import type { ComputeContext } from './context.ts';
import { rawPathOf } from './references.ts';

/**
 * Every plausibility warning on a run the page shows needs an acknowledgement in guide.yaml with
 * a reason, and every acknowledgement a warning that still occurs. An entry without `file`
 * covers the code on every run (a known artifact of a tool). Returns the warnings acknowledged.
 */
export function checkAcknowledgements(ctx: ComputeContext): Diagnostic[] {
  const acknowledged: Diagnostic[] = [];
  const acknowledge = ctx.guide.acknowledge;
  const used = new Set<number>();
  for (const run of ctx.usedRuns.values()) {
    const warnings = checkRunPlausibility(run).filter((d) => d.severity === 'warning');
    const rawPath = rawPathOf(run, ctx.id);
    for (const warning of warnings) {
      const index = acknowledge.findIndex(
        (a) =>
          a.code === warning.code &&
          (a.file === undefined || a.file === rawPath) &&
          (a.block === undefined || a.block === run.source.blockLabel),
      );
      if (index >= 0) {
        used.add(index);
        acknowledged.push(warning);
        continue;
      }
      ctx.error(
        ctx.usedAt.get(run.id) ?? [],
        'E_UNACKNOWLEDGED',
        `${warning.file}:${warning.line}: ${warning.message}`,
        {
          expected: `an entry in acknowledge: { file: ${rawPath}${run.source.blockLabel ? `, block: ${run.source.blockLabel}` : ''}, code: ${warning.code}, reason: … }`,
          found: warning.found ?? 'no acknowledgement',
        },
      );
    }
  }
  acknowledge.forEach((entry, index) => {
    if (used.has(index)) return;
    ctx.error(
      ['acknowledge', index],
      'E_STALE_ACKNOWLEDGEMENT',
      `acknowledges ${entry.code} on ${entry.file ?? 'every run'}${entry.block ? ` (block "${entry.block}")` : ''}, which this guide's runs no longer raise`,
      { expected: 'a warning that occurs', found: 'none' },
    );
  });
  return acknowledged;
}
