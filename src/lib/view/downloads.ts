import { isImprovement, shownAs } from '../format/measurement-text.ts';
import { metricDirection } from '../schema/metric.ts';
import { displayUnit, metricShortName } from '../format/metric-label.ts';
import { formatFixed } from '../format/number.ts';
import type { Cell, ComputedCase, ComputedGuide } from '../schema/computed.ts';
import { ENVIRONMENT_COLUMNS, sideEnvironment } from './csv-environment.ts';

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

/** `file:line` of the raw line that printed a value; a run the guide does not list is a compute bug. */
function source(guide: ComputedGuide, cell: Cell): string {
  const run = guide.runs[cell.runId];
  if (!run) throw new Error(`downloads: guide ${guide.id} has no run "${cell.runId}"`);
  return `${run.file}:${cell.line}`;
}

function secondaryPercent(c: ComputedCase, index: number): number {
  const percent = c.secondaryPercent[index];
  if (percent === undefined) throw new Error(`downloads: case ${c.id} has no change for secondary metric ${index}`);
  return percent;
}

/** The CSV's columns, the same for every guide, so files of several guides can be stacked. */
export const CSV_COLUMNS = [
  'guide',
  'case',
  'case_zh',
  'metric',
  'metric_name',
  'unit',
  'baseline',
  'optimized',
  'optimized_scale',
  'change_percent',
  'better_when',
  'change_is',
  'baseline_source',
  'optimized_source',
  ...ENVIRONMENT_COLUMNS.map((column) => `baseline_${column}` as const),
  ...ENVIRONMENT_COLUMNS.map((column) => `optimized_${column}` as const),
] as const;

/**
 * The before/after comparison as CSV for a spreadsheet: one row per benchmark case and metric
 * (the objective first, then each secondary metric), values as on the page in the unit the row
 * names. Every change is compute's: the objective's is the guide's, on the scaled optimized value;
 * a secondary's is its change in percent of the baseline. Beside it, which way the metric is better
 * (`lower` for a latency) and whether this change is `better`, `worse` or `unchanged` at the
 * precision shown. Then, for each side, what it ran on and when (csv-environment.ts): a row read
 * alone still says which engine version, GPU and driver made it, and whether its record is signed.
 * UTF-8 with a byte-order mark, so Excel reads the Chinese labels right.
 */
export function comparisonCsv(guide: ComputedGuide): string {
  const rows = guide.comparison.flatMap((c) =>
    [guide.metrics.primary, ...guide.metrics.secondary].map((key, i) => {
      const objective = i === 0;
      const base = objective ? c.baseline.measured.primary : c.baseline.measured.secondary[i - 1];
      const optimized = objective ? c.optimized.measured.primary : c.optimized.measured.secondary[i - 1];
      if (!base || !optimized) throw new Error(`downloads: guide ${guide.id} case ${c.id} lacks ${key}`);
      const percent = objective ? c.percent : secondaryPercent(c, i - 1);
      const shownPercent = formatFixed(percent, guide.percentDecimals);
      const direction = metricDirection(key);
      return [
        guide.id,
        c.label.en,
        c.label.zh,
        key,
        metricShortName(key),
        displayUnit(key),
        shownAs(base.value, key),
        shownAs(optimized.value, key),
        objective ? c.optimized.measured.scale : 1,
        shownPercent,
        direction,
        direction === 'none'
          ? ''
          : Number(shownPercent) === 0
            ? 'unchanged'
            : isImprovement(percent, guide.percentDecimals, direction)
              ? 'better'
              : 'worse',
        source(guide, base),
        source(guide, optimized),
        ...sideEnvironment(guide, base.runId, guide.baseline.engine, c.baseline.measured.gpus),
        ...sideEnvironment(guide, optimized.runId, guide.recommended.engine, c.optimized.measured.gpus),
      ];
    }),
  );
  return `\uFEFF${[[...CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
