import type { ComputedCase, ComputedGuide, ComputedStep } from '../schema/computed.ts';

/** What a guide's decision is made from (decision.ts, decision-limits.ts): its computed steps, cases and runs. */
export type DecisionParts = {
  steps: readonly ComputedStep[];
  comparison: readonly ComputedCase[];
  baseline: ComputedGuide['baseline'];
  repeats: ComputedGuide['repeats'];
  runs: ComputedGuide['runs'];
  recommended: ComputedGuide['recommended'];
};
