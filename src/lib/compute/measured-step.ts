import type { ComputedVariant } from '../schema/computed.ts';
import type { Step } from '../schema/guide-yaml.ts';
import type { MeasuredVariant } from '../schema/served.ts';

/** Where a step is in guide.yaml (`steps[2]`), for its diagnostics. */
export type StepPath = (string | number)[];

/**
 * A step's variants measured and its winner picked (steps.ts); summary (step-summary.ts) and
 * adoption come once the baseline is known.
 */
export type MeasuredStep = {
  step: Step;
  path: StepPath;
  number: number;
  variants: ComputedVariant[];
  /** variants whose run served every request: only these can win or be compared */
  complete: MeasuredVariant[];
  winner?: MeasuredVariant;
};
