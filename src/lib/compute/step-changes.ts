import type { ComputedVariant, StepSummary, VariantRef } from '../schema/computed.ts';
import { betterRatio, percentChange } from './percent-change.ts';
import { isComplete, type MeasuredVariant } from '../schema/served.ts';

/**
 * The numbers of a step's results table: the reference every variant is compared with, and each
 * complete variant's change against it. The reference is the one the pairwise summary names (a
 * variant of this step, or the configuration the step started from, `start`); for any other
 * summary the step's first run that served every request. The reference carries no change of its own.
 */
export function withChanges(
  stepId: string,
  variants: readonly ComputedVariant[],
  summary: StepSummary,
  start: { step: string; variant: MeasuredVariant } | undefined,
  higherIsBetter: boolean,
): { reference?: VariantRef; variants: ComputedVariant[] } {
  const reference = referenceOf(stepId, variants, summary, start);
  if (!reference) return { variants: [...variants] };
  const ref: VariantRef = { step: reference.step, variant: reference.variant.id };
  const base = reference.variant.measured.score;
  return {
    reference: ref,
    variants: variants.map((v) =>
      isComplete(v) && v !== reference.variant
        ? {
            ...v,
            change: {
              reference: ref,
              percent: percentChange(base, v.measured.score),
              ratio: betterRatio(base, v.measured.score, higherIsBetter),
            },
          }
        : v,
    ),
  };
}

function referenceOf(
  stepId: string,
  variants: readonly ComputedVariant[],
  summary: StepSummary,
  start: { step: string; variant: MeasuredVariant } | undefined,
): { step: string; variant: MeasuredVariant } | undefined {
  if (summary.kind !== 'pairwise') {
    const first = variants.find(isComplete);
    return first ? { step: stepId, variant: first } : undefined;
  }
  const { reference, referenceStep } = summary;
  const variant =
    referenceStep === undefined
      ? variants.filter(isComplete).find((v) => v.id === reference)
      : start?.step === referenceStep && start.variant.id === reference
        ? start.variant
        : undefined;
  // summarize() picked the reference from these same variants: not finding it is a compute bug.
  if (!variant)
    throw new Error(
      `compute: step ${stepId}'s summary names no measured variant ${referenceStep ?? stepId}/${reference}`,
    );
  return { step: referenceStep ?? stepId, variant };
}
