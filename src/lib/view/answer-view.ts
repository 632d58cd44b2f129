// The answer a reader came for, in one sentence per language, above everything else on a guide
// page: what to run (engine, the command below), for which workload, what it gains, and what it
// costs. Every number is the computed guide's (data/guides); this only chooses and words them.
import { deltaText, isImprovement } from '../format/measurement-text.ts';
import { metricShortName } from '../format/metric-label.ts';
import { formatSignedPercent } from '../format/number.ts';
import { metricDirection } from '../schema/metric.ts';
import type { ComputedCase } from '../schema/computed.ts';
import { guideImprovement, type ViewContext } from './view-context.ts';

/** A sentence cut around the change it states, so that the page can colour the change. */
export type ChangeSentence = { before: string; delta?: string; positive?: boolean; after: string };

export type AnswerView = {
  /** what to run and what it gains */
  gain: ChangeSentence;
  /**
   * what it costs (the largest loss among the measured cases: the sentence around its change, which
   * the page colours), or that nothing measured got worse
   */
  cost?: ChangeSentence;
  /** between the two sentences: a space in English, none in Chinese */
  separator: string;
};

/** The largest loss on a secondary metric across the cases: what the recommendation costs. */
function largestCost(ctx: ViewContext): { c: ComputedCase; index: number; percent: number } | undefined {
  const { guide } = ctx;
  let worst: { c: ComputedCase; index: number; percent: number } | undefined;
  for (const c of guide.comparison)
    c.secondaryPercent.forEach((percent, index) => {
      const key = guide.metrics.secondary[index];
      if (key === undefined || isImprovement(percent, guide.percentDecimals, metricDirection(key))) return;
      if (!worst || Math.abs(percent) > Math.abs(worst.percent)) worst = { c, index, percent };
    });
  return worst;
}

export function answerView(ctx: ViewContext): AnswerView {
  const { guide, lang, tr } = ctx;
  const common = {
    model: guide.model.subject[lang],
    hardware: guide.hardware.short[lang],
    engine: guide.recommended.engine.name,
  };
  const [first] = guide.comparison;
  // Chinese sets sentences one after another; English puts a space between them.
  const separator = lang === 'zh' ? '' : ' ';
  if (!first) {
    const text = tr('answer.stepsOnly', { ...common, delta: DELTA_MARK });
    const positive = guideImprovement(guide, guide.headline);
    return { gain: cutAtChange(text, deltaText(guide.headline, ctx.delta), positive), separator };
  }
  const primary = guide.metrics.primary;
  const gainText = tr('answer.gain', {
    ...common,
    workload: first.label[lang],
    metric: metricShortName(primary),
    delta: DELTA_MARK,
    before: ctx.withUnit(first.baseline.measured.primary.value, primary),
    after: ctx.withUnit(first.optimized.measured.primary.value, primary),
  });
  const gain = cutAtChange(gainText, deltaText(first, ctx.delta), guideImprovement(guide, first));
  const worst = largestCost(ctx);
  const secondary = guide.metrics.secondary;
  if (!worst) {
    if (secondary.length === 0) return { gain, separator };
    const text = tr('answer.noCost', { metrics: secondary.map(metricShortName).join(', ') });
    return { gain, cost: { before: text, after: '' }, separator };
  }
  const key = secondary[worst.index] ?? primary;
  const beforeValue = worst.c.baseline.measured.secondary[worst.index]?.value;
  const afterValue = worst.c.optimized.measured.secondary[worst.index]?.value;
  const delta = formatSignedPercent(worst.percent, guide.percentDecimals);
  const costText = tr('answer.cost', {
    workload: worst.c.label[lang],
    metric: metricShortName(key),
    delta: DELTA_MARK,
    before: beforeValue === undefined ? '' : ctx.withUnit(beforeValue, key),
    after: afterValue === undefined ? '' : ctx.withUnit(afterValue, key),
  });
  return { gain, separator, cost: cutAtChange(costText, delta, false) };
}

/** A sentence translated whole with DELTA_MARK for its change, cut there. */
function cutAtChange(text: string, delta: string, positive: boolean): ChangeSentence {
  const [before = '', after = ''] = text.split(DELTA_MARK);
  return { before, delta, positive, after };
}

/** Stands for the change in a translated sentence until it is cut there (never in a catalogue). */
const DELTA_MARK = '\u0000';
