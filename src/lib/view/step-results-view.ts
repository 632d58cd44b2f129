import { shownAs } from '../format/measurement-text.ts';
import { metricHeading } from './metric-heading.ts';
import type { Cell, ComputedStep } from '../schema/computed.ts';
import type { MetricKey } from '../schema/metric.ts';
import { nameOf } from '../format/variant-name.ts';
import { primaryText, statusText, summaryVariant } from './step-names.ts';
import type { DeltaView, SourceRef, ViewContext } from './view-context.ts';
import { isComplete } from '../schema/served.ts';

/** One row of a step's results table: a variant's numbers and its changes against where the step started. */
export type StepResultRow = {
  id: string;
  label: string;
  /** the objective metric as sentences give it ("7081.34x2"); absent when the variant was not measured */
  primary?: string;
  /** where the objective was printed: the value links to that raw line (a derived value's title says how it was computed) */
  primarySource?: SourceRef;
  /** each secondary metric, with its change against where the step started, and where it was printed */
  secondary: { value: string; delta?: DeltaView; source: SourceRef }[];
  /** against where the step started: "+3.56%", "1.12x faster"; absent on that configuration's own row (its status says so) */
  change?: DeltaView;
  /**
   * the configuration later steps build on: the winner the step adopted, or, when the step was not
   * adopted, the configuration it started from, kept
   */
  mark?: 'adopted' | 'kept';
  /** "start of this step" on the configuration the step started from; "skipped", "not supported", "failed" */
  status?: string;
  /** the objective as a share of the step's largest value, 0–100, for the bar beside it */
  bar?: number;
};

export type StepResultsView = {
  caption: string;
  headers: string[];
  rows: StepResultRow[];
  marks: { adopted: string; kept: string };
  /** bars beside the values: steps with three or more measured variants */
  chart: boolean;
};

export function resultsOf(results: StepResultsView | undefined): { results?: StepResultsView } {
  return results ? { results } : {};
}

/**
 * The step's results table: each variant's objective and secondary metrics and their changes
 * against the configuration the step started from, as compute gives them (`step.reference`,
 * `variant.change`), and which row later steps build on (the adopted winner, or the start, kept).
 * A start from an earlier step gets a row of its own at the top.
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
  // A start from an earlier step is named with that step: "0.85 (Memory fraction)".
  const owner = guide.steps.find((s) => s.id === step.reference?.step);
  const startLabel = (name: string) =>
    owner && name !== owner.title[lang] ? tr('stepResults.startRow', { variant: name, step: owner.title[lang] }) : name;
  const variants = [...external, ...step.variants];
  const chart = step.variants.filter(isComplete).length >= 3;
  // The bars' length is layout: each bar's share of the longest one, as a chart scales its axis.
  const largest = Math.max(...variants.filter(isComplete).map((v) => v.measured.score));
  if (variants.length === 0) return undefined;
  // A value the block does not print links to the first line it is computed from, and says so.
  const sourceOf = (cell: Cell, key: MetricKey): SourceRef => {
    const source = ctx.sourceOf(cell, key);
    const lines = cell.derived?.lines.join(tr('stepResults.linesSeparator'));
    return lines ? { ...source, derived: tr('stepResults.computed', { lines }) } : source;
  };
  const rows = variants.map((variant, i): StepResultRow => {
    const m = variant.measured;
    const isExternal = i < external.length;
    const label = isExternal && reference ? startLabel(reference.name(lang)) : nameOf(variant, step, lang);
    const row: StepResultRow = { id: isExternal ? `reference-${variant.id}` : variant.id, label, secondary: [] };
    const isReference = variant === reference?.variant;
    // The start's own change (in the step it came from) is not this step's.
    const change = isReference ? undefined : variant.change;
    if (m) {
      row.primary = primaryText(guide, m);
      row.primarySource = sourceOf(m.primary, primary);
      row.secondary = m.secondary.map((cell, k) => {
        const key = guide.metrics.secondary[k] ?? primary;
        const delta = change ? ctx.secondaryDelta(change, k) : undefined;
        return { value: shownAs(cell.value, key), ...(delta ? { delta } : {}), source: sourceOf(cell, key) };
      });
      if (chart && isComplete(variant)) row.bar = Math.round((m.score / largest) * 1000) / 10;
    }
    if (change) row.change = ctx.change(change);
    if (step.adopted && !isExternal && variant.id === step.winner) row.mark = 'adopted';
    else if (!step.adopted && isReference) row.mark = 'kept';
    if (variant.status !== 'ok' || !isComplete(variant))
      row.status =
        m?.successRate !== undefined
          ? tr('stepResults.skipped', { rate: (m.successRate * 100).toFixed(1) })
          : statusText(variant, tr);
    // The start's row names it where the others give their change.
    if (isReference) row.status = tr('stepResults.reference');
    return row;
  });
  const withUnit = (key: MetricKey) => metricHeading(key, tr);
  return {
    caption: tr('stepResults.caption', { step: step.title[lang] }),
    headers: [
      tr('stepResults.variant'),
      withUnit(primary),
      ...guide.metrics.secondary.map(withUnit),
      reference ? tr('stepResults.change') : tr('stepResults.changeNone'),
    ],
    rows,
    marks: { adopted: tr('stepResults.adopted'), kept: tr('stepResults.kept') },
    chart,
  };
}
