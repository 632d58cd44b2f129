import { deltaText, shownAs } from '../format/measurement-text.ts';
import { displayUnit, metricShortName, unitSuffix } from '../format/metric-label.ts';
import type { ComputedStep } from '../schema/computed.ts';
import type { MetricKey } from '../schema/metric.ts';
import { nameOf } from '../format/variant-name.ts';
import { primaryText, statusText, summaryVariant } from './step-names.ts';
import { guideImprovement, type ViewContext } from './view-context.ts';
import { isComplete } from '../schema/served.ts';

/** One row of a step's results table: a variant's numbers and its change against the step's reference. */
export type StepResultRow = {
  id: string;
  label: string;
  /** the objective metric as sentences give it ("7081.34x2"); absent when the variant was not measured */
  primary?: string;
  secondary: string[];
  /** against the step's reference: "+3.56%", "1.12x faster"; the reference itself says so */
  change?: { text: string; positive?: boolean };
  winner?: true;
  /** "skipped", "not supported", "failed" */
  status?: string;
  /** the objective as a share of the step's largest value, 0–100, for the bar beside it */
  bar?: number;
};

export type StepResultsView = {
  caption: string;
  headers: string[];
  rows: StepResultRow[];
  winnerLabel: string;
  /** bars beside the values: steps with three or more measured variants */
  chart: boolean;
};

export function resultsOf(results: StepResultsView | undefined): { results?: StepResultsView } {
  return results ? { results } : {};
}

/**
 * The step's results table: each variant's objective and secondary metrics and its change against
 * the step's reference, both as compute gives them (`step.reference`, `variant.change`), the winner
 * marked. A reference from an earlier step (the configuration this step started from) gets a row
 * of its own at the top.
 */
export function stepResults(ctx: ViewContext, step: ComputedStep): StepResultsView | undefined {
  const { guide, lang, tr } = ctx;
  const primary = guide.metrics.primary;
  const reference = step.reference
    ? summaryVariant(
        guide,
        step,
        step.reference.variant,
        step.reference.step === step.id ? undefined : step.reference.step,
      )
    : undefined;
  const external = reference && step.reference?.step !== step.id ? [reference.variant] : [];
  const variants = [...external, ...step.variants];
  const chart = step.variants.filter(isComplete).length >= 3;
  // The bars' length is layout: each bar's share of the longest one, as a chart scales its axis.
  const largest = Math.max(...variants.filter(isComplete).map((v) => v.measured.score));
  if (variants.length === 0) return undefined;
  const rows = variants.map((variant, i): StepResultRow => {
    const m = variant.measured;
    const isExternal = i < external.length;
    const label = isExternal && reference ? reference.name(lang) : nameOf(variant, step, lang);
    const row: StepResultRow = { id: isExternal ? `reference-${variant.id}` : variant.id, label, secondary: [] };
    if (m) {
      row.primary = primaryText(guide, m);
      row.secondary = m.secondary.map((cell, k) => shownAs(cell.value, guide.metrics.secondary[k] ?? primary));
      if (chart && isComplete(variant)) row.bar = Math.round((m.score / largest) * 1000) / 10;
    }
    if (variant === reference?.variant) row.change = { text: tr('stepResults.reference') };
    else if (variant.change)
      row.change = { text: deltaText(variant.change, ctx.delta), positive: guideImprovement(guide, variant.change) };
    if (!isExternal && variant.id === step.winner) row.winner = true;
    if (variant.status !== 'ok' || !isComplete(variant))
      row.status =
        m?.successRate !== undefined
          ? tr('stepResults.skipped', { rate: (m.successRate * 100).toFixed(1) })
          : statusText(variant, tr);
    return row;
  });
  const unit = (key: MetricKey) => unitSuffix(displayUnit(key));
  const withUnit = (key: MetricKey) => (unit(key) ? `${metricShortName(key)} (${unit(key)})` : metricShortName(key));
  return {
    caption: tr('stepResults.caption', { step: step.title[lang] }),
    headers: [
      tr('stepResults.variant'),
      withUnit(primary),
      ...guide.metrics.secondary.map(withUnit),
      reference ? tr('stepResults.change', { reference: reference.name(lang) }) : tr('stepResults.changeNone'),
    ],
    rows,
    winnerLabel: tr('stepResults.winner'),
    chart,
  };
}
