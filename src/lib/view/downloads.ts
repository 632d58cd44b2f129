import { formatFixed } from '../format/number.ts';
import type { ComputedGuide } from '../schema/computed.ts';

/** CSV field: quoted when it holds a comma, quote or line break. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The before/after comparison as CSV (one row per benchmark case, English labels), for readers
 * who want the numbers in a spreadsheet. Values are the tool's printed tokens; the percentage is
 * the guide's, on the scaled optimized value.
 */
export function comparisonCsv(guide: ComputedGuide): string {
  const header = ['case', 'case_zh', `baseline_${guide.metrics.primary}`, `baseline_${guide.metrics.secondary}`, `optimized_${guide.metrics.primary}`, 'optimized_scale', `optimized_${guide.metrics.secondary}`, 'change_percent', 'baseline_source', 'optimized_source'];
  const rows = guide.comparison.map((c) => [
    c.label.en,
    c.label.zh,
    c.baseline.measured.primary.printed,
    c.baseline.measured.secondary.printed,
    c.optimized.measured.primary.printed,
    c.optimized.measured.scale,
    c.optimized.measured.secondary.printed,
    formatFixed(c.percent, guide.percentDecimals),
    guide.runs[c.baseline.measured.runId]!.file,
    guide.runs[c.optimized.measured.runId]!.file,
  ]);
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\n')}\n`;
}
