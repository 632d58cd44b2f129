import { formatFixed } from '../format/number.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { shownAs } from '../format/measured.ts';
import { displayUnit } from '../format/metric-label.ts';
import type { MetricKey } from '../schema/metric.ts';

/** A column name with the unit its values are in: "baseline_e2e_latency.mean_s". */
const column = (side: string, key: MetricKey) => `${side}_${key}_${displayUnit(key)}`;

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * CSV field: quoted when it holds a comma, quote or line break. A spreadsheet runs a cell that starts
 * with =, +, -, @, tab or CR as a formula (CSV injection), quoted or not; labels come from pull
 * requests, so such a cell gets a leading ' (shown as text), unless it is a plain number like -12.5.
 */
export function csvField(value: string | number): string {
  const raw = String(value);
  const text = /^[=+\-@\t\r]/.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The raw file a run came from; a run the guide does not list is a compute bug, not a blank cell. */
function sourceFile(guide: ComputedGuide, runId: string): string {
  const run = guide.runs[runId];
  if (!run) throw new Error(`downloads: guide ${guide.id} has no run "${runId}"`);
  return run.file;
}

/**
 * The before/after comparison as CSV (one row per benchmark case, English labels), for readers
 * who want the numbers in a spreadsheet. The percentage is
 * the guide's, on the scaled optimized value. Values are shown as on the page.
 */
export function comparisonCsv(guide: ComputedGuide): string {
  const secondary = guide.metrics.secondary;
  const header = [
    'case',
    'case_zh',
    column('baseline', guide.metrics.primary),
    ...secondary.map((key) => column('baseline', key)),
    column('optimized', guide.metrics.primary),
    'optimized_scale',
    ...secondary.map((key) => column('optimized', key)),
    'change_percent',
    'baseline_source',
    'optimized_source',
  ];
  const rows = guide.comparison.map((c) => [
    c.label.en,
    c.label.zh,
    shownAs(c.baseline.measured.primary.value, guide.metrics.primary),
    ...secondary.map((key, i) => shownAs(c.baseline.measured.secondary[i]?.value ?? NaN, key)),
    shownAs(c.optimized.measured.primary.value, guide.metrics.primary),
    c.optimized.measured.scale,
    ...secondary.map((key, i) => shownAs(c.optimized.measured.secondary[i]?.value ?? NaN, key)),
    formatFixed(c.percent, guide.percentDecimals),
    sourceFile(guide, c.baseline.measured.runId),
    sourceFile(guide, c.optimized.measured.runId),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
