import { displayUnit, metricShortName, unitSuffix } from '../format/metric-label.ts';
import { formatRatio, shownAs } from '../format/measurement-text.ts';
import { formatPercent } from '../format/number.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant, StepSummary } from '../schema/computed.ts';
import { primaryText, statusText, summaryVariant } from './step-names.ts';
import { isComplete } from '../schema/served.ts';

// A step's summary sentence, in the seeds' wording: its winner against the reference the summary
// names (the step's worst run in the GLM-5.2 seed), or its runs ranked.

type Pairwise = Extract<StepSummary, { kind: 'pairwise' }>;

/**
 * "Mean TPOT = 540.79 ms vs 636.24 ms, reduced by 95.45 ms (15.00%)", one per secondary metric.
 * `seed`: in the seed's own sentence, with its punctuation ("…与 636.24 ms, 减少…"); otherwise a
 * sentence of perflab's, whose Chinese takes full-width punctuation ("…与 636.24 ms，减少…（15.00%）").
 */
function secondaryClauses(
  guide: ComputedGuide,
  summary: Pairwise,
  w: ComputedVariant,
  r: ComputedVariant,
  tr: Translate,
  seed: boolean,
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
          : seed
            ? tr(s.change === 'reduced' ? 'summary.reduced' : 'summary.increased', changeParams)
            : tr(s.change === 'reduced' ? 'summary.reducedOwn' : 'summary.increasedOwn', changeParams);
    return tr(seed ? 'summary.secondaryClause' : 'summary.secondaryClauseOwn', {
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
      const value = isComplete(v) ? primaryText(guide, v.measured) : undefined;
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
  const diff = shownAs(Math.abs(summary.primary.gain), primary);
  const ahead = summary.primary.gain >= 0;
  // Only the throughput winner's sentence is the seed's (GLM-5.2); the others are perflab's own.
  const seed = !latency && ahead && Number(diff) !== 0;
  const secondaries = secondaryClauses(guide, summary, winner.variant, reference.variant, tr, seed).join(
    seed ? '; ' : tr('summary.clauseSeparator'),
  );
  // A winner named by its author over a run it ties with: no "faster by 0.00 s".
  if (Number(diff) === 0) {
    const withUnit = (value: string) => (latency ? `${value} ${primaryUnit}`.trimEnd() : value);
    return {
      label: tr('summary.label'),
      text: tr('summary.pairwiseTie', {
        winner: winner.name(lang),
        reference: reference.name(lang),
        metric: metricShortName(primary),
        winnerValue: withUnit(primaryText(guide, w)),
        referenceValue: withUnit(primaryText(guide, r)),
        diff,
        unit: primaryUnit,
        secondaries,
      }),
    };
  }
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
      diff,
      unit: primaryUnit,
      percent: formatPercent(Math.abs(summary.primary.percent), guide.percentDecimals),
      ratio: formatRatio(ratio),
      secondaries,
    }),
  };
}
