import { toDisplayUnit } from './metric-label.ts';
import type { Direction, MetricKey } from '../schema/metric.ts';
import { formatFixed, formatPercent, formatSignedPercent } from './number.ts';

/**
 * A measured value as pages, downloads and reports show it: 2 decimals (3 for accuracy
 * fractions), the precision the printed blocks use, so a JSON source's 4862.502448679064 reads
 * 4862.50 like its block.
 */
export function shown(cell: { value: number; unit: string }): string {
  return formatFixed(cell.value, cell.unit === 'fraction' ? 3 : 2);
}

/** A value of metric `key` in the unit the page shows it in: "2.09" for a latency stored as 2090 ms. */
export function shownAs(value: number, key: MetricKey): string {
  return formatFixed(toDisplayUnit(value, key), 2);
}

/** "2", or "1.33" for a replica count that is not whole. */
export function formatScale(scale: number): string {
  return Number.isInteger(scale) ? String(scale) : formatFixed(scale, 2);
}

/** "7081.34" or, for a configuration replicated to fill the machine, "7081.34x2". */
export function scaledText(
  measured: { primary: { value: number; unit: string }; scale: number },
  key?: MetricKey,
): string {
  const value = key === undefined ? shown(measured.primary) : shownAs(measured.primary.value, key);
  return measured.scale === 1 ? value : `${value}x${formatScale(measured.scale)}`;
}

/** "1.63x": how many times better (or worse), always 2 decimals. */
export function formatRatio(ratio: number): string {
  return `${formatFixed(ratio, 2)}x`;
}

/**
 * How a change of the objective is written. Throughput: a signed percentage ("+219.70%",
 * "+31.60%/GPU" when compared per accelerator). Latency: a ratio ("1.63x faster", "1.05x slower").
 */
export type DeltaStyle =
  { kind: 'percent'; decimals: number; perUnit?: string } | { kind: 'ratio'; faster: string; slower: string };

export function deltaText(change: { percent: number; ratio: number }, style: DeltaStyle): string {
  if (style.kind === 'ratio') {
    // A ratio that rounds to 1.00 says neither faster nor slower (pages have printed "1.00x slower").
    if (formatRatio(change.ratio) === '1.00x' || formatRatio(1 / change.ratio) === '1.00x') return formatRatio(1);
    return change.ratio > 1
      ? `${formatRatio(change.ratio)} ${style.faster}`
      : `${formatRatio(1 / change.ratio)} ${style.slower}`;
  }
  return `${formatSignedPercent(change.percent, style.decimals)}${style.perUnit ? `/${style.perUnit}` : ''}`;
}

/**
 * A secondary metric's change, in the guide's style: a signed percentage of the reference's value
 * ("+121.93%", never per accelerator: a latency is per request), or for a latency guide how many
 * times faster or slower, `ratio` being above 1 when the metric got better by its own direction.
 */
export function secondaryDeltaText(change: { percent: number; ratio: number }, style: DeltaStyle): string {
  return style.kind === 'ratio' ? deltaText(change, style) : formatSignedPercent(change.percent, style.decimals);
}

/** An unsigned percentage, for sentences that say the direction in words. */
export { formatPercent };

/** Whether a change of the objective metric by `percent` is an improvement (a rounded 0 counts as one). */
export function isImprovement(percent: number, decimals: number, direction: Direction): boolean {
  const rounded = Number(formatFixed(percent, decimals));
  return direction === 'lower' ? rounded <= 0 : rounded >= 0;
}
