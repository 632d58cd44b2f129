import { stored } from '../format/number.ts';
import type { Change } from '../schema/vocabulary.ts';

/**
 * The one percentage formula of perflab: how far `value` is from `reference`, in percent of the
 * reference, rounded to the stored precision. Positive when `value` is larger.
 */
export function percentChange(reference: number, value: number): number {
  return stored(((value - reference) / reference) * 100);
}

/** `part` as a percentage of `whole`, rounded to the stored precision (a gain or a difference). */
export function percentOf(part: number, whole: number): number {
  return stored((part / whole) * 100);
}

/**
 * How many times better `value` is than `reference`: value / reference for a throughput,
 * reference / value for a latency. Above 1 is better ("1.63x faster"), below 1 worse.
 */
export function betterRatio(reference: number, value: number, higherIsBetter: boolean): number {
  return stored(higherIsBetter ? value / reference : reference / value);
}

/** Which way a latency moved, from reference − value (stored precision: a rounding residue is no change). */
export function secondaryChange(referenceMinusValue: number): Change {
  const d = stored(referenceMinusValue);
  return d > 0 ? 'reduced' : d < 0 ? 'increased' : 'unchanged';
}
