import type { ComputedGuide, ComputedStep, Measured } from '../schema/computed.ts';
import type { Guide } from '../schema/guide.ts';
import { percentChange } from './percent-change.ts';

function winnerOf(step: ComputedStep): Measured | undefined {
  return step.variants.find((v) => v.id === step.winner)?.measured;
}

/** Each step's winner against the baseline (`cumulative`) or against the previous step's winner (`step`). */
export function optimizationSummaryRows(
  steps: readonly ComputedStep[],
  baseline: Measured,
  mode: Guide['optimizationSummary']['mode'],
): ComputedGuide['optimizationSummary']['rows'] {
  return steps.flatMap((step, index) => {
    const optimized = winnerOf(step);
    const previous = index === 0 ? undefined : winnerOf(steps[index - 1] as ComputedStep);
    const reference = mode === 'cumulative' || !previous ? baseline : previous;
    if (!optimized) return [];
    return [
      {
        step: step.id,
        label: step.summaryLabel,
        optimized,
        reference,
        percent: percentChange(reference.score, optimized.score),
      },
    ];
  });
}
