import type { ComputedGuide, ComputedStep, Measured } from '../schema/computed.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { betterRatio, percentChange, secondaryChanges } from './percent-change.ts';
import type { MetricKey } from '../schema/metric.ts';
import { ranked } from './ranking.ts';
import { isSkipped } from '../schema/served.ts';

type Row = ComputedGuide['optimizationSummary']['rows'][number];

function winnerOf(step: ComputedStep): Measured | undefined {
  return step.variants.find((v) => v.id === step.winner)?.measured;
}

/** The step's best run when it failed requests and no complete run did better: shown as skipped. */
function skippedBest(step: ComputedStep, winner: Measured | undefined, primaryHigher: boolean): Measured | undefined {
  const failed = step.variants.filter(isSkipped);
  const best = ranked(failed, primaryHigher)[0]?.measured;
  if (!best) return undefined;
  if (winner && (primaryHigher ? winner.score >= best.score : winner.score <= best.score)) return undefined;
  return best;
}

/**
 * One row per step. `cumulative`: the step's winner against the baseline. `step`: the step's
 * contribution, its winner against the configuration it started from (the last adopted winner);
 * a step that was not adopted contributed nothing and has no percentage.
 */
export function optimizationSummaryRows(
  steps: readonly ComputedStep[],
  baseline: Measured,
  mode: Guide['optimizationSummary']['mode'],
  primaryHigher: boolean,
  secondaryKeys: readonly MetricKey[],
): Row[] {
  let current = baseline;
  return steps.map((step) => {
    const optimized = winnerOf(step);
    const skipped = skippedBest(step, optimized, primaryHigher);
    const reference = mode === 'cumulative' ? baseline : current;
    const counts = optimized !== undefined && (mode === 'cumulative' || step.adopted);
    const row: Row = {
      step: step.id,
      label: step.summaryLabel,
      ...(optimized ? { optimized } : {}),
      ...(skipped ? { skipped } : {}),
      reference,
      adopted: step.adopted,
      ...(counts
        ? {
            percent: percentChange(reference.score, optimized.score),
            ratio: betterRatio(reference.score, optimized.score, primaryHigher),
            ...secondaryChanges(reference, optimized, secondaryKeys),
          }
        : {}),
    };
    if (step.adopted && optimized) current = optimized;
    return row;
  });
}
