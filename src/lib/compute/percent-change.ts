import { stored } from '../format/number.ts';
import type { Change } from '../schema/vocabulary.ts';
import type { Measured, SecondaryChanges } from '../schema/computed-step.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';

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

/**
 * Each secondary metric of `value` against `reference` (the guide's secondary metrics, in its
 * order, as measure() gives both): the change in percent of the reference's value, and how many
 * times better by the metric's own direction (a latency is better lower).
 */
export function secondaryChanges(reference: Measured, value: Measured, keys: readonly MetricKey[]): SecondaryChanges {
  const pairs = keys.map((key, i) => {
    const before = reference.secondary[i];
    const after = value.secondary[i];
    if (!before || !after) throw new Error(`compute: run ${value.runId} or ${reference.runId} lacks ${key}`);
    return {
      percent: percentChange(before.value, after.value),
      ratio: betterRatio(before.value, after.value, metricDirection(key) !== 'lower'),
    };
  });
  return { secondaryPercent: pairs.map((p) => p.percent), secondaryRatio: pairs.map((p) => p.ratio) };
}
