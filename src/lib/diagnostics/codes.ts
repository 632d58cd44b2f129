/**
 * Every diagnostic code perflab reports, once: its severity, what it means and what to do about it
 * when the place that reports it has nothing more specific to say. `Diagnostic.code` is a key of
 * this catalogue, so a code that is not here is a type error.
 */

import type { CodeInfo } from './code-info.ts';
import { GUIDE_CODES } from './codes-guide.ts';
import { LAB_CODES } from './codes-lab.ts';
import { RAW_INPUT_CODES } from './codes-raw-input.ts';
import { WORKFLOW_CODES } from './codes-workflow.ts';

/** Raw inputs (codes-raw-input.ts), a guide's own sources (codes-guide.ts), the GPU box (codes-lab.ts) and the workflows (codes-workflow.ts): each code in one of them. */
export const DIAGNOSTIC_CODES = {
  ...RAW_INPUT_CODES,
  ...GUIDE_CODES,
  ...LAB_CODES,
  ...WORKFLOW_CODES,
} as const satisfies Record<string, CodeInfo>;
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
type SeverityOf<C extends DiagnosticCode> = (typeof DIAGNOSTIC_CODES)[C]['severity'];
export type ErrorCode = { [C in DiagnosticCode]: SeverityOf<C> extends 'error' ? C : never }[DiagnosticCode];
export type WarningCode = { [C in DiagnosticCode]: SeverityOf<C> extends 'warning' ? C : never }[DiagnosticCode];

/** What the story checks find (src/lib/compute/story.ts); each finding's arguments: src/lib/schema/story.ts. */
export const STORY_CODES = [
  'W_STORY_START',
  'W_STORY_BASELINE',
  'W_STORY_RECOMMENDED',
  'W_STORY_ADDED',
  'W_STORY_COPIED',
  'W_STORY_NOISE',
] as const satisfies readonly WarningCode[];

/** What plausibility finds unusual in a run's numbers (src/lib/ingest/plausibility.ts): each about one metric. */
export const PLAUSIBILITY_CODES = [
  'W_MEAN_ABOVE_PERCENTILE',
  'W_PEAK_BELOW_MEAN',
  'W_RATE_RATIO',
  'W_LATENCY_BEYOND_WINDOW',
  'W_CONCURRENCY_BEYOND_WINDOW',
] as const satisfies readonly WarningCode[];

/** What ingest says of how a run's block was read, for compute to hold against each guide's acknowledge:. */
export const READING_CODES = ['W_MISSING_HEADER'] as const satisfies readonly WarningCode[];

/** Warnings a guide must acknowledge, with a reason, for each run its page shows (guide.yaml `acknowledge:`). */
export const ACKNOWLEDGEABLE_CODES = [
  ...PLAUSIBILITY_CODES,
  ...READING_CODES,
  ...STORY_CODES,
] as const satisfies readonly WarningCode[];

export function codeInfo(code: DiagnosticCode): CodeInfo {
  return DIAGNOSTIC_CODES[code];
}
