import { formatFixed } from '../format/number.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { shownAs } from '../format/measured.ts';
import { displayUnit } from '../format/metric-label.ts';
import type { MetricKey } from '../schema/metric.ts';

/** A column name with the unit its values are in: "baseline_e2e_latency.mean_s". */
const column = (side: string, key: MetricKey) => `${side}_${key}_${displayUnit(key)}`;

/** CSV field: quoted when it holds a comma, quote or line break. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
    guide.runs[c.baseline.measured.runId]!.file,
    guide.runs[c.optimized.measured.runId]!.file,
  ]);
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\n')}\n`;
}
