import { shown, formatScale } from '../format/measured.ts';
import type { ViewContext, MeasuredCell } from './view-context.ts';

export type ConclusionView = {
  heading: string;
  /** caption of the before/after chart */
  chartCaption: string;
  recommendedIntro: string;
  commandLabel: string;
  command: string;
  comparisonIntro: string;
  table: {
    headers: [string, string, string];
    rows: { id: string; label: string; baseline: MeasuredCell; optimized: MeasuredCell }[];
  };
  scaledNotes: string[];
  notesHeading: string;
  notesHtml: string;
  feedback: string;
  feedbackUrl?: string;
  chart: {
    metric: string;
    cases: { label: string; baseline: number; optimized: number }[];
    baselineLabel: string;
    optimizedLabel: string;
  };
};

/** The conclusion: recommended command, before/after table and chart, notes. */
export function conclusionView(ctx: ViewContext): ConclusionView {
  const { guide, lang, tr } = ctx;
  const scaled = guide.comparison.filter((c) => c.optimized.measured.scale !== 1).map((c) => c.optimized.measured);
  return {
    heading: tr('conclusion.heading'),
    chartCaption: tr(`conclusion.resultHeading.${guide.objective}`),
    recommendedIntro: tr(`conclusion.recommended.${guide.objective}`, {
      model: guide.model.subject[lang],
      hardware: guide.hardware.short[lang],
    }),
    commandLabel: tr('conclusion.servingCommand'),
    command: guide.recommended.command,
    comparisonIntro: tr('conclusion.comparisonIntro'),
    table: {
      headers: [
        tr('table.case'),
        tr('table.baseline', { engine: guide.baseline.engine.name }),
        tr(scaled.length > 0 ? 'table.optimizedScaled' : 'table.optimized'),
      ],
      rows: guide.comparison.map((c) => ({
        id: c.id,
        label: c.label[lang],
        baseline: ctx.cell(c.baseline.measured),
        optimized: ctx.cell(c.optimized.measured, c.percent),
      })),
    },
    // One note explains the notation; every scaled case uses the same replica count.
    scaledNotes: scaled.slice(0, 1).map((m) =>
      tr('table.scaledNote', {
        value: shown(m.primary),
        scale: formatScale(m.scale),
        gpus: guide.hardware.gpus / m.scale,
        total: guide.hardware.gpus,
      }),
    ),
    notesHeading: tr('conclusion.notes'),
    notesHtml: ctx.slot('notes') ?? '',
    feedback: tr('conclusion.feedback'),
    ...(guide.feedbackUrl ? { feedbackUrl: guide.feedbackUrl } : {}),
    chart: {
      metric: `${ctx.primaryName} (${ctx.primaryUnit})`,
      baselineLabel: tr('table.baselineShort'),
      optimizedLabel: tr('table.optimized'),
      cases: guide.comparison.map((c) => ({
        label: c.label[lang],
        baseline: c.baseline.measured.score,
        optimized: c.optimized.measured.score,
      })),
    },
  };
}
