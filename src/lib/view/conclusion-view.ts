import { deltaText, formatScale, shownAs } from '../format/measurement-text.ts';
import { metricDirection } from '../schema/metric.ts';
import { toDisplayUnit } from '../format/metric-label.ts';
import { commandView, type CommandView } from './command-view.ts';
import type { Measured } from '../schema/computed.ts';
import type { ViewContext, MeasuredCell } from './view-context.ts';
import { answerView, type AnswerView } from './answer-view.ts';
import { decisionView, type DecisionView } from './decision-view.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';
import type { NewestEngines } from '../format/engine-age.ts';
import { metricHeading, metricNotes } from './metric-heading.ts';

/** The before/after comparison: a chart, its caption and the table of benchmark cases. */
export type ComparisonView = {
  /** caption of the before/after chart */
  chartCaption: string;
  intro: string;
  /** what the colours of the changes mean, and which way each metric is better */
  legend: string;
  table: {
    headers: [string, string, string];
    rows: { id: string; label: string; baseline: MeasuredCell; optimized: MeasuredCell }[];
  };
  scaledNotes: string[];
  chart: {
    /** the value axis's title, saying which way is better */
    metric: string;
    cases: { label: string; baseline: number; optimized: number; change: string }[];
    baselineLabel: string;
    optimizedLabel: string;
  };
};

export type ConclusionView = {
  heading: string;
  /** the answer, first on the page: what to run, for which workload, what it gains and costs */
  answer: AnswerView;
  /** what a reader decides from, under the answer: yield, cost, losses, noise, freshness, benchmark */
  decision?: DecisionView;
  commandLabel: string;
  command: string;
  /** the command cut into its flags, one a line on the page */
  commandView: CommandView;
  /** absent for a guide that measured only its steps */
  comparison?: ComparisonView;
  /** what each of the guide's metrics is where its name means another figure elsewhere (guidellm's interval means, its TPOT) */
  metricNotes: string[];
  /** free prose the guide adds under the table */
  proseHtml?: string;
  notesHeading: string;
  notesHtml: string;
  feedback: string;
  feedbackUrl?: string;
};

/** The conclusion: recommended command, before/after table and chart, notes. */
export function conclusionView(
  ctx: ViewContext,
  paths: SitePaths = ROOT_PATHS,
  newest: NewestEngines = new Map(),
): ConclusionView {
  const { guide, tr } = ctx;
  const conclusionProse = ctx.slot('conclusion');
  return {
    heading: tr('conclusion.heading'),
    answer: answerView(ctx),
    ...decisionOf(decisionView(ctx, paths, newest)),
    commandLabel: tr('conclusion.servingCommand'),
    command: commandView(guide.recommended.command).text,
    commandView: commandView(guide.recommended.command),
    ...(guide.comparison.length > 0 ? { comparison: comparisonView(ctx) } : {}),
    metricNotes: metricNotes([guide.metrics.primary, ...guide.metrics.secondary], tr),
    ...(conclusionProse ? { proseHtml: conclusionProse } : {}),
    notesHeading: tr('conclusion.notes'),
    notesHtml: ctx.slot('notes') ?? '',
    feedback: tr('conclusion.feedback'),
    ...(guide.feedbackUrl ? { feedbackUrl: guide.feedbackUrl } : {}),
  };
}

function comparisonView(ctx: ViewContext): ComparisonView {
  const { guide, lang, tr } = ctx;
  // Compared per accelerator, the chart shows what each GPU delivers (compute gives it for a
  // throughput; a latency is per request); otherwise the machine's total.
  const charted = (m: Measured) =>
    toDisplayUnit(guide.scaling === 'per-gpu' ? (m.perAccelerator ?? m.score) : m.score, guide.metrics.primary);
  const scaled =
    guide.scaling === 'replicas'
      ? guide.comparison.filter((c) => c.optimized.measured.scale !== 1).map((c) => c.optimized.measured)
      : [];
  return {
    chartCaption: tr(`conclusion.resultHeading.${guide.objective}`),
    intro: tr('conclusion.comparisonIntro'),
    legend: ctx.directionLegend,
    table: {
      headers: [
        tr('table.case'),
        tr('table.baseline', { engine: guide.baseline.engine.name }),
        scaled.length > 0 ? tr('table.optimizedScaled', { accelerator: ctx.accelerator }) : tr('table.optimized'),
      ],
      rows: guide.comparison.map((c) => ({
        id: c.id,
        label: c.label[lang],
        baseline: ctx.cell(c.baseline.measured),
        optimized: ctx.cell(c.optimized.measured, c),
      })),
    },
    // One note explains the notation; every scaled case uses the same replica count.
    scaledNotes: scaled.slice(0, 1).map((m) =>
      tr('table.scaledNote', {
        value: shownAs(m.primary.value, guide.metrics.primary),
        scale: formatScale(m.scale),
        gpus: m.gpus,
        total: guide.hardware.gpus,
        accelerator: ctx.accelerator,
      }),
    ),
    chart: {
      // The axis says which way is better; each optimized bar carries its change.
      metric: tr(metricDirection(guide.metrics.primary) === 'lower' ? 'chart.lowerBetter' : 'chart.higherBetter', {
        metric: metricHeading(guide.metrics.primary, tr, guide.scaling === 'per-gpu' ? ctx.accelerator : undefined),
      }),
      baselineLabel: tr('table.baselineShort'),
      optimizedLabel: tr('table.optimized'),
      cases: guide.comparison.map((c) => ({
        label: c.label[lang],
        baseline: charted(c.baseline.measured),
        optimized: charted(c.optimized.measured),
        change: deltaText(c, ctx.delta),
      })),
    },
  };
}

function decisionOf(view: DecisionView | undefined): { decision?: DecisionView } {
  return view ? { decision: view } : {};
}
