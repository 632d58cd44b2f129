import type { ComputedVariant, Measured } from './computed-step.ts';

/**
 * When a run served every request, defined once. A run in which requests failed is never a winner,
 * a reference or a gain: compute skips it and the page shows it as skipped, with its success rate.
 * Compute (measure-run.ts) stores the share as `Measured.successRate`, only when some failed; the
 * page audit (import/audit) reads the same counts with the same rule.
 */

/**
 * The share of a run's requests that succeeded (0–1), or undefined when it served every request:
 * by its own count of failed requests when it printed one above 0, else against the requests its
 * benchmark profile sent (`sent`), when that is known. More successful requests than were sent is
 * not a share: undefined here, an error where the profile is known (compute reports it).
 */
export function successShare(counts: {
  successful: number;
  failed?: number | undefined;
  sent?: number | undefined;
}): number | undefined {
  const { successful, failed, sent } = counts;
  if (failed !== undefined && failed > 0) return successful / (successful + failed);
  return sent !== undefined && successful < sent ? successful / sent : undefined;
}

/** Whether a measured run served every request: it carries a success rate only when some failed. */
export function servedEveryRequest(measured: { successRate?: number | undefined }): boolean {
  return measured.successRate === undefined;
}

/** A variant with a measured run (it was `ok` and its result was read). */
export type MeasuredVariant = ComputedVariant & { measured: Measured };

/** A variant measured by a run that served every request: the only kind that can win, be compared or be adopted. */
export function isComplete(variant: ComputedVariant): variant is MeasuredVariant {
  return variant.measured !== undefined && servedEveryRequest(variant.measured);
}

/** A variant measured by a run in which requests failed: shown as skipped, with its success rate. */
export function isSkipped(variant: ComputedVariant): variant is MeasuredVariant {
  return variant.measured !== undefined && !servedEveryRequest(variant.measured);
}
