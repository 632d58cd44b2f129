import type { ComputedGuide, ComputedStep } from '../schema/computed.ts';
import { configFlags, configKey } from '../serving/flags.ts';
import { percentChange } from './percent-change.ts';

/**
 * Configurations measured more than once: the same engine and flags in different runs (a step
 * that re-measures the previous winner as its starting point). Run-to-run spread is the noise a
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
  return [...groups.values()]
    .filter((g) => g.runs.length > 1 && g.flags.length > 0)
    .map((g) => {
      const first = g.runs[0]?.score ?? 0;
      const last = g.runs.at(-1)?.score ?? 0;
      return { ...g, percent: percentChange(first, last) };
    });
}
