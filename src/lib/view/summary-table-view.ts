import { formatSignedPercent } from '../format/number.ts';
import type { MeasuredCell, ViewContext } from './view-context.ts';

export type OptimizationSummaryView = {
  heading: string;
  mode: 'cumulative' | 'step';
  headers: string[];
  rows: { label: string; cells: MeasuredCell[] | string[] }[];
};

/** The summary of optimization options: against the baseline (cumulative) or step over step. */
export function optimizationSummaryView(ctx: ViewContext): OptimizationSummaryView {
  const { guide, lang, tr } = ctx;
  const { mode, rows } = guide.optimizationSummary;
  return {
    heading: tr('optimizationSummary.heading'),
    mode,
    headers:
      mode === 'cumulative'
        ? [tr('table.case'), tr('table.optimized'), tr('table.baselineShort')]
        : [tr('optimizationSummary.option'), tr(`optimizationSummary.improvement.${guide.objective}`)],
    rows: rows.map((row) => ({
      label: row.label[lang],
      cells:
        mode === 'cumulative'
          ? [ctx.cell(row.optimized, row.percent), ctx.cell(row.reference)]
          : [formatSignedPercent(row.percent, guide.percentDecimals)],
    })),
  };
}
