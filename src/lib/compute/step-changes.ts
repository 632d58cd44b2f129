import type { ComputedVariant, VariantRef } from '../schema/computed.ts';
import type { MetricKey } from '../schema/metric.ts';
import { betterRatio, percentChange, secondaryChanges } from './percent-change.ts';
import { isComplete, type MeasuredVariant } from '../schema/served.ts';

/**
 * The numbers of a step's results table: what a reader needs to know of each variant is what it
 * gains over the configuration the step started from (`start`: the baseline, or the last adopted
 * winner), so that is the reference of every variant's change. When a variant of the step is that
 * configuration's own run (the step lists where it started), the reference is that variant;
 * otherwise the earlier step's variant. The reference carries no change of its own. A step none of
 * whose runs served every request has no reference. The summary sentence keeps its own reference
 * (the step's worst run, as the seeds print it): step-summary.ts.
 */
export function withChanges(
  stepId: string,
  variants: readonly ComputedVariant[],
  start: { step: string; variant: MeasuredVariant },
  keys: { primaryHigher: boolean; secondary: readonly MetricKey[] },
): { reference?: VariantRef; variants: ComputedVariant[] } {
  const complete = variants.filter(isComplete);
  if (complete.length === 0) return { variants: [...variants] };
  const own = complete.find((v) => v.measured.runId === start.variant.measured.runId);
  const reference = own ?? start.variant;
  const ref: VariantRef = { step: own ? stepId : start.step, variant: reference.id };
  const base = reference.measured;
  return {
    reference: ref,
    variants: variants.map((v) =>
      isComplete(v) && v !== reference
        ? {
            ...v,
            change: {
              reference: ref,
              percent: percentChange(base.score, v.measured.score),
              ratio: betterRatio(base.score, v.measured.score, keys.primaryHigher),
              ...secondaryChanges(base, v.measured, keys.secondary),
            },
          }
        : v,
    ),
  };
}
