import { deltaText } from '../format/measurement-text.ts';
import { guideImprovement, type MeasuredCell, type ViewContext } from './view-context.ts';
import type { SummaryMode } from '../schema/vocabulary.ts';

/** A change on its own (a percentage, a ratio, "-"), coloured when it is a gain or a loss. */
export type ChangeCell = { change: string; positive?: boolean };

export type OptimizationSummaryView = {
  heading: string;
  mode: SummaryMode;
  headers: string[];
  rows: { label: string; cells: (MeasuredCell | ChangeCell | string)[]; adopted: boolean }[];
  /** every step measured against one baseline run: shown once, as the first row, not in every row */
  baseline?: { label: string; cell: MeasuredCell };
  /** what "-" and "not adopted" mean, when a row uses them */
  legend?: string;
};

/**
 * The summary of optimization options. `cumulative`: each step's best run against the baseline
 * (a latency guide adds the step's profile as the case and its title as the group); `step`: each
 * step's contribution over the configuration it started from, "-" for a step that was not adopted.
 */
export function optimizationSummaryView(ctx: ViewContext): OptimizationSummaryView {
  const { guide, lang, tr } = ctx;
  const { mode, rows } = guide.optimizationSummary;
  const latency = guide.objective === 'latency';
  const stepOf = (id: string) => guide.steps.find((s) => s.id === id);
  const viewRows = rows.map((row) => {
    const step = stepOf(row.step);
    const change =
      row.percent !== undefined && row.ratio !== undefined
        ? {
            percent: row.percent,
            ratio: row.ratio,
            ...(row.secondaryPercent && row.secondaryRatio
              ? { secondaryPercent: row.secondaryPercent, secondaryRatio: row.secondaryRatio }
              : {}),
          }
        : undefined;
    if (mode === 'step')
      return {
        label: row.label[lang],
        cells: [
          row.adopted && change
            ? { change: deltaText(change, ctx.delta), positive: guideImprovement(guide, change) }
            : { change: '-' },
        ],
        adopted: row.adopted,
      };
    const best = row.optimized ?? row.skipped;
    const cell = best ? ctx.cell(best, change) : undefined;
    if (cell && !row.optimized && row.skipped?.successRate !== undefined) {
      cell.note = tr('summary.skippedNote', { rate: (row.skipped.successRate * 100).toFixed(1) });
      cell.positive = false;
    } else if (cell && !row.adopted) {
      // A step that was not adopted contributed nothing: its change is shown, never coloured as a gain.
      cell.note = tr('optimizationSummary.notAdopted');
      delete cell.positive;
      cell.secondary = cell.secondary.map((line) =>
        line.delta ? { ...line, delta: { text: line.delta.text } } : line,
      );
    }
    const stepProfile = step?.variants.find((v) => v.profile)?.profile;
    const profile = stepProfile ? ctx.profileName(stepProfile) : '';
    if (latency && cell) {
      // The change moves to its own column; the cell keeps the values.
      const values: MeasuredCell = { primary: cell.primary, secondary: cell.secondary };
      const { positive, note } = cell;
      const comparison: ChangeCell = {
        change: [change ? deltaText(change, ctx.delta) : undefined, note].filter(Boolean).join(' ') || '-',
        ...(positive !== undefined ? { positive } : {}),
      };
      return {
        label: profile,
        cells: [row.label[lang], values, ctx.cell(row.reference), comparison],
        adopted: row.adopted,
      };
    }
    return { label: row.label[lang], cells: [cell ?? '-', ctx.cell(row.reference)], adopted: row.adopted };
  });
  const anyNotAdopted = rows.some((r) => !r.adopted);
  const first = rows[0]?.reference;
  const oneBaseline =
    mode === 'cumulative' && !latency && first !== undefined && rows.every((r) => r.reference.runId === first.runId);
  if (oneBaseline)
    return {
      heading: tr('optimizationSummary.heading'),
      mode,
      headers: [tr('optimizationSummary.option'), tr('optimizationSummary.againstBaseline')],
      rows: viewRows.map((row) => ({ ...row, cells: row.cells.slice(0, 1) })),
      baseline: { label: tr('table.baselineShort'), cell: ctx.cell(first) },
      ...(anyNotAdopted ? { legend: tr('optimizationSummary.notAdoptedLegend') } : {}),
    };
  return {
    heading: tr('optimizationSummary.heading'),
    mode,
    headers:
      mode === 'step'
        ? [tr('optimizationSummary.option'), tr(`optimizationSummary.improvement.${guide.objective}`)]
        : latency
          ? [
              tr('table.case'),
              tr('optimizationSummary.group'),
              tr('table.optimized'),
              tr('table.baselineShort'),
              tr('optimizationSummary.comparison'),
            ]
          : [tr('table.case'), tr('table.optimized'), tr('table.baselineShort')],
    rows: viewRows,
    ...(anyNotAdopted
      ? { legend: tr(mode === 'step' ? 'optimizationSummary.dashLegend' : 'optimizationSummary.notAdoptedLegend') }
      : {}),
  };
}
