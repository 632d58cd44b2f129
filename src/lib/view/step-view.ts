import { metricShortName, unitSuffix } from '../format/metric-label.ts';
import { scaledText, shown } from '../format/measured.ts';
import { formatFixed, formatPercent } from '../format/number.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant } from '../schema/computed.ts';
import { metricUnit } from '../schema/metric.ts';
import { accuracyView, type AccuracyView } from './accuracy-view.ts';
import type { RawResult, ViewContext } from './view-context.ts';

export type VariantView = {
  id: string;
  heading: string;
  profile?: string;
  args?: string;
  command?: string;
  status?: string;
  result?: RawResult;
};

export type StepView = {
  id: string;
  heading: string;
  variants: VariantView[];
  summary?: { label?: string; text: string };
  winnerNote?: string;
  noteHtml?: string;
  accuracy: AccuracyView[];
};

/** One step of the experiment: its variants, summary sentence, notes and accuracy checks. */
export function stepView(ctx: ViewContext, step: ComputedStep): StepView {
  const { guide, lang, tr } = ctx;
  const noteHtml = ctx.slot(`step:${step.id}`);
  const summary = summaryText(guide, step, lang);
  const winner = step.variants.find((v) => v.id === step.winner);
  return {
    id: step.id,
    heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
    variants: step.variants.map((variant) => variantView(ctx, variant)),
    ...(summary ? { summary } : {}),
    ...(step.winnerReason && winner
      ? { winnerNote: tr('summary.winnerOverruled', { winner: winner.label[lang], reason: step.winnerReason[lang] }) }
      : {}),
    ...(noteHtml ? { noteHtml } : {}),
    accuracy: guide.accuracy.filter((check) => check.after === step.id).map((check) => accuracyView(ctx, check)),
  };
}

function statusText(variant: ComputedVariant, tr: Translate): string {
  return tr(variant.status === 'unsupported' ? 'variant.unsupported' : 'variant.failed');
}

function variantView(ctx: ViewContext, variant: ComputedVariant): VariantView {
  const { lang, tr } = ctx;
  return {
    id: variant.id,
    heading: variant.label[lang],
    ...(variant.profile ? { profile: variant.profile.name } : {}),
    ...(variant.args ? { args: variant.args.join('\n') } : {}),
    ...(variant.command ? { command: variant.command } : {}),
    ...(variant.status !== 'ok'
      ? { status: `${statusText(variant, tr)}${variant.reason ? ` — ${variant.reason[lang]}` : ''}` }
      : {}),
    ...(variant.measured ? { result: ctx.raw(variant.measured.runId) } : {}),
  };
}

/** The variant a summary names: one of this step's, or (`referenceStep`) the winner of an earlier step. */
function summaryVariant(guide: ComputedGuide, step: ComputedStep, id: string, stepId?: string): ComputedVariant {
  const owner = stepId === undefined ? step : guide.steps.find((s) => s.id === stepId);
  const variant = owner?.variants.find((v) => v.id === id);
  if (!variant) throw new Error(`view: step ${step.id} names no variant "${stepId ?? step.id}/${id}"`);
  return variant;
}

/** The step's summary sentence in the seeds' wording, from the locale's template. */
export function summaryText(
  guide: ComputedGuide,
  step: ComputedStep,
  lang: Locale,
): { label?: string; text: string } | undefined {
  const summary = step.summary;
  const tr = translator(lang);
  const primaryUnit = unitSuffix(metricUnit(guide.metrics.primary));
  const secondaryUnit = unitSuffix(metricUnit(guide.metrics.secondary));
  const decimals = guide.percentDecimals;
  if (summary.kind === 'none') return undefined;
  if (summary.kind === 'ranking') {
    const items = summary.order.map((id) => {
      const v = summaryVariant(guide, step, id);
      if (!v.measured) return tr('summary.rankingItemStatus', { name: v.label[lang], status: statusText(v, tr) });
      return tr('summary.rankingItem', { name: v.label[lang], value: scaledText(v.measured), unit: primaryUnit });
    });
    return { text: tr('summary.ranking', { ranking: items.join(' > ') }) };
  }
  const winner = summaryVariant(guide, step, summary.winner);
  const reference = summaryVariant(guide, step, summary.reference, summary.referenceStep);
  const w = winner.measured;
  const r = reference.measured;
  if (!w || !r) throw new Error(`view: step ${step.id} compares a variant that was not measured`);
  const changeParams = {
    diff: formatFixed(summary.secondary.diff, 2),
    unit: secondaryUnit,
    percent: formatPercent(summary.secondary.percent, decimals),
  };
  const change =
    summary.secondary.change === 'unchanged'
      ? tr('summary.unchanged')
      : tr(summary.secondary.change === 'reduced' ? 'summary.reduced' : 'summary.increased', changeParams);
  return {
    label: tr('summary.label'),
    text: tr(summary.primary.gain >= 0 ? 'summary.pairwise' : 'summary.pairwiseWorse', {
      winner: winner.label[lang],
      reference: reference.label[lang],
      metric: metricShortName(guide.metrics.primary),
      winnerValue: scaledText(w),
      referenceValue: scaledText(r),
      diff: formatFixed(Math.abs(summary.primary.gain), 2),
      unit: primaryUnit,
      percent: formatPercent(Math.abs(summary.primary.percent), decimals),
      secondary: metricShortName(guide.metrics.secondary),
      winnerSecondary: shown(w.secondary),
      referenceSecondary: shown(r.secondary),
      secondaryUnit,
      change,
    }),
  };
}
