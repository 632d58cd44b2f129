import { displayUnit, metricShortName, unitSuffix } from '../format/metric-label.ts';
import { formatRatio, scaledText, shownAs } from '../format/measured.ts';
import { formatPercent, formatSignedPercent } from '../format/number.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant, Measured, StepSummary } from '../schema/computed.ts';
import { accuracyView, type AccuracyView } from './accuracy-view.ts';
import type { RawResult, ViewContext } from './view-context.ts';

export type VariantView = {
  id: string;
  /** absent for the single unlabelled run of a step */
  heading?: string;
  profile?: string;
  args?: string;
  command?: string;
  status?: string;
  result?: RawResult;
};

export type StepView = {
  id: string;
  heading: string;
  /** the benchmark command every run of the step was measured with */
  benchmark?: { label: string; command: string };
  variants: VariantView[];
  summary?: { label?: string; text: string };
  winnerNote?: string;
  /** why the step's winner did not become the configuration later steps build on */
  notAdopted?: string;
  noteHtml?: string;
  /** the same configuration measured in another step: how far the two results lie apart */
  repeats: string[];
  /** what the story checks found in this step, with the author's reason */
  storyNotes: string[];
  accuracy: AccuracyView[];
};

/** One step of the experiment: its variants, summary sentence, notes and accuracy checks. */
export function stepView(ctx: ViewContext, step: ComputedStep): StepView {
  const { guide, lang, tr } = ctx;
  const noteHtml = ctx.slot(`step:${step.id}`);
  const summary = summaryText(guide, step, lang);
  const winner = step.variants.find((v) => v.id === step.winner);
  const notAdopted = step.notAdopted;
  return {
    id: step.id,
    heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
    ...(step.benchmark ? { benchmark: { label: tr('step.benchmark'), command: step.benchmark } } : {}),
    variants: step.variants.map((variant) => variantView(ctx, variant)),
    ...(summary ? { summary } : {}),
    ...(step.winnerReason && winner
      ? {
          winnerNote: tr('summary.winnerOverruled', {
            winner: nameOf(winner, step, lang),
            reason: step.winnerReason[lang],
          }),
        }
      : {}),
    ...(notAdopted
      ? {
          notAdopted:
            notAdopted.why === 'author'
              ? tr('step.notAdopted.author', { reason: notAdopted.reason[lang] })
              : tr(`step.notAdopted.${notAdopted.why}`),
        }
      : {}),
    ...(noteHtml ? { noteHtml } : {}),
    repeats: repeatNotes(ctx, step),
    storyNotes: guide.story
      .filter((note) => note.step === step.id)
      .map((note) => tr('story.note', { message: note.message, reason: note.reason })),
    accuracy: guide.accuracy.filter((check) => check.after === step.id).map((check) => accuracyView(ctx, check)),
  };
}

/** For each configuration of this step measured again elsewhere: both results and their spread. */
function repeatNotes(ctx: ViewContext, step: ComputedStep): string[] {
  const { guide, lang, tr } = ctx;
  return guide.repeats
    .filter((repeat) => repeat.runs.some((run) => run.step === step.id))
    .map((repeat) =>
      tr('step.repeat', {
        engine: repeat.engine,
        flags: repeat.flags.join(' '),
        results: repeat.runs
          .map((run) => {
            const owner = guide.steps.find((s) => s.id === run.step);
            return tr('step.repeatRun', {
              value: ctx.withUnit(run.score, guide.metrics.primary),
              step: owner?.title[lang] ?? run.step,
            });
          })
          .join(', '),
        spread: formatSignedPercent(repeat.percent, guide.percentDecimals),
      }),
    );
}

/** A variant as sentences name it: its label, or the step's title for a step's single unlabelled run. */
function nameOf(variant: ComputedVariant, step: ComputedStep, lang: Locale): string {
  return variant.label?.[lang] ?? step.title[lang];
}

function statusText(variant: ComputedVariant, tr: Translate): string {
  if (variant.measured?.successRate !== undefined)
    return tr('variant.skipped', { rate: (variant.measured.successRate * 100).toFixed(1) });
  return tr(variant.status === 'unsupported' ? 'variant.unsupported' : 'variant.failed');
}

function variantView(ctx: ViewContext, variant: ComputedVariant): VariantView {
  const { lang, tr } = ctx;
  const skipped = variant.measured?.successRate !== undefined;
  return {
    id: variant.id,
    ...(variant.label ? { heading: variant.label[lang] } : {}),
    ...(variant.profile ? { profile: variant.profile.name } : {}),
    ...(variant.args ? { args: variant.args.join('\n') } : {}),
    ...(variant.command ? { command: variant.command } : {}),
    ...(variant.status !== 'ok' || skipped
      ? { status: `${statusText(variant, tr)}${variant.reason ? ` — ${variant.reason[lang]}` : ''}` }
      : {}),
    ...(variant.measured ? { result: ctx.raw(variant.measured.runId) } : {}),
  };
}

/**
 * A primary value as sentences give it: replicated copies as "7081.34x2"; compared per
 * accelerator, the value as measured and its share per GPU ("16042.19 (8021.10/GPU)").
 */
function primaryText(guide: ComputedGuide, measured: Measured): string {
  const key = guide.metrics.primary;
  if (guide.scaling !== 'per-gpu') return scaledText(measured, key);
  const gpus = guide.hardware.gpus / measured.scale;
  const value = shownAs(measured.primary.value, key);
  return gpus === 1
    ? value
    : `${value} (${shownAs(measured.primary.value / gpus, key)}/${guide.hardware.accelerator.toUpperCase()})`;
}

/** The variant a summary names: one of this step's, or (`referenceStep`) the winner of an earlier step. */
function summaryVariant(guide: ComputedGuide, step: ComputedStep, id: string, stepId?: string) {
  const owner = stepId === undefined ? step : guide.steps.find((s) => s.id === stepId);
  const variant = owner?.variants.find((v) => v.id === id);
  if (!owner || !variant) throw new Error(`view: step ${step.id} names no variant "${stepId ?? step.id}/${id}"`);
  return { variant, name: (lang: Locale) => nameOf(variant, owner, lang) };
}

type Pairwise = Extract<StepSummary, { kind: 'pairwise' }>;

/** "Mean TPOT = 540.79 ms vs 636.24 ms, reduced by 95.45 ms (15.00%)", one per secondary metric. */
function secondaryClauses(
  guide: ComputedGuide,
  summary: Pairwise,
  w: ComputedVariant,
  r: ComputedVariant,
  tr: Translate,
) {
  const latency = guide.objective === 'latency';
  return summary.secondary.map((s, i) => {
    const key = guide.metrics.secondary[i] ?? guide.metrics.primary;
    const unit = unitSuffix(displayUnit(key));
    const changeParams = {
      diff: shownAs(s.diff, key),
      unit,
      percent: formatPercent(s.percent, guide.percentDecimals),
      ratio: s.ratio !== undefined ? formatRatio(s.ratio) : '-',
    };
    const change =
      s.change === 'unchanged'
        ? tr('summary.unchanged')
        : latency && s.ratio !== undefined
          ? tr(s.change === 'reduced' ? 'summary.reducedRatio' : 'summary.increasedRatio', changeParams)
          : tr(s.change === 'reduced' ? 'summary.reduced' : 'summary.increased', changeParams);
    return tr('summary.secondaryClause', {
      name: metricShortName(key),
      winnerValue: shownAs(w.measured?.secondary[i]?.value ?? 0, key),
      referenceValue: shownAs(r.measured?.secondary[i]?.value ?? 0, key),
      unit,
      change,
    });
  });
}

/** The step's summary sentence in the seeds' wording, from the locale's template. */
export function summaryText(
  guide: ComputedGuide,
  step: ComputedStep,
  lang: Locale,
): { label?: string; text: string } | undefined {
  const summary = step.summary;
  const tr = translator(lang);
  const primary = guide.metrics.primary;
  const primaryUnit = unitSuffix(displayUnit(primary));
  if (summary.kind === 'none') return undefined;
  if (summary.kind === 'ranking') {
    // Best first: ">" between throughputs, "<" between latencies, "=" where two print the same.
    const better = guide.objective === 'latency' ? ' < ' : ' > ';
    let ranking = '';
    let previous: string | undefined;
    for (const id of summary.order) {
      const { variant: v, name } = summaryVariant(guide, step, id);
      const complete = v.measured !== undefined && v.measured.successRate === undefined;
      const value = complete && v.measured ? primaryText(guide, v.measured) : undefined;
      const item = value
        ? tr('summary.rankingItem', { name: name(lang), value, unit: primaryUnit })
        : tr('summary.rankingItemStatus', { name: name(lang), status: statusText(v, tr) });
      if (ranking !== '') ranking += value !== undefined && value === previous ? ' = ' : better;
      ranking += item;
      previous = value;
    }
    return { text: tr('summary.ranking', { ranking }) };
  }
  const winner = summaryVariant(guide, step, summary.winner);
  const reference = summaryVariant(guide, step, summary.reference, summary.referenceStep);
  const w = winner.variant.measured;
  const r = reference.variant.measured;
  if (!w || !r) throw new Error(`view: step ${step.id} compares a variant that was not measured`);
  const latency = guide.objective === 'latency';
  const ahead = summary.primary.gain >= 0;
  const template = latency
    ? ahead
      ? 'summary.pairwiseLatency'
      : 'summary.pairwiseLatencyWorse'
    : ahead
      ? 'summary.pairwise'
      : 'summary.pairwiseWorse';
  const ratio = ahead ? summary.primary.ratio : 1 / summary.primary.ratio;
  return {
    label: tr('summary.label'),
    text: tr(template, {
      winner: winner.name(lang),
      reference: reference.name(lang),
      metric: metricShortName(primary),
      winnerValue: primaryText(guide, w),
      referenceValue: primaryText(guide, r),
      diff: shownAs(Math.abs(summary.primary.gain), primary),
      unit: primaryUnit,
      percent: formatPercent(Math.abs(summary.primary.percent), guide.percentDecimals),
      ratio: formatRatio(ratio),
      secondaries: secondaryClauses(guide, summary, winner.variant, reference.variant, tr).join('; '),
    }),
  };
}
