import { deltaText, isImprovement, scaledText, secondaryDeltaText } from '../format/measurement-text.ts';
import { displayUnit, metricShortName, unitSuffix } from '../format/metric-label.ts';
import { translator } from '../i18n.ts';
import { formatFixed } from '../format/number.ts';
import type { ComputedGuide, ComputedStep, Measured } from '../schema/computed.ts';
import { metricDirection } from '../schema/metric.ts';
import { deltaStyle } from '../view/view-context.ts';
import { markdownText } from './markdown.ts';

// How the review report writes a guide's numbers and names: as the English page does, in words
// where the page uses colour, every string from a pull request through markdownText.

/** "7081.34x2 tok/s", "1.85 s": a measured primary as the page shows it, with its unit. */
export const shownFor = (guide: ComputedGuide) => (m: Measured) =>
  `${scaledText(m, guide.metrics.primary)} ${unitSuffix(displayUnit(guide.metrics.primary))}`.trimEnd();

/** "+219.70%" or "1.63x faster": a change as the English page writes it. */
export const changeFor = (guide: ComputedGuide) => (c: { percent: number; ratio?: number | undefined }) =>
  deltaText({ percent: c.percent, ratio: c.ratio ?? 1 }, deltaStyle(guide, translator('en')));

/**
 * Each secondary metric's change as a reviewer reads it, without the page's colours: "Mean TPOT
 * +121.93% (worse)", or for a latency guide "Mean TTFT 1.33x faster" (the words say which way).
 */
export const secondaryFor =
  (guide: ComputedGuide) =>
  (changes: { secondaryPercent?: number[] | undefined; secondaryRatio?: number[] | undefined }): string[] =>
    guide.metrics.secondary.flatMap((key, i) => {
      const percent = changes.secondaryPercent?.[i];
      const ratio = changes.secondaryRatio?.[i];
      if (percent === undefined || ratio === undefined) return [];
      const style = deltaStyle(guide, translator('en'));
      const text = secondaryDeltaText({ percent, ratio }, style);
      const direction = metricDirection(key);
      const verdict =
        style.kind === 'ratio' || direction === 'none'
          ? ''
          : isImprovement(percent, guide.percentDecimals, direction)
            ? ' (better)'
            : ' (worse)';
      return [`${metricShortName(key)} ${text}${verdict}`];
    });

/** "+219.70%, Mean TPOT -65.75% (better)": the objective's change and every secondary metric's. */
export const changeWithSecondaryFor = (guide: ComputedGuide) => {
  const [primary, secondary] = [changeFor(guide), secondaryFor(guide)];
  return (c: Parameters<typeof primary>[0] & Parameters<typeof secondary>[0]) => {
    const rest = secondary(c);
    return [primary(c), ...rest].join(', ');
  };
};

/**
 * What a step's results table says of each variant, by id: its changes against where the step
 * started, named ("+5.01%, Mean TPOT -4.22% (better) vs 0.85"), or that it is where the step
 * started. Variants the table does not compare (not measured, or with failed requests) are left out.
 */
export const variantChanges = (guide: ComputedGuide) => (step: ComputedStep) => {
  const changes = new Map<string, { name: string; text: string }>();
  for (const variant of step.variants) {
    const name = markdownText(variant.label?.en ?? step.title.en);
    if (step.reference?.step === step.id && step.reference.variant === variant.id)
      changes.set(variant.id, { name, text: 'the start of the step' });
    if (!variant.change) continue;
    const { reference } = variant.change;
    const owner = guide.steps.find((s) => s.id === reference.step);
    const referenced = owner?.variants.find((v) => v.id === reference.variant);
    const referenceName = markdownText(
      referenced?.label?.en ?? owner?.title.en ?? `${reference.step}/${reference.variant}`,
    );
    changes.set(variant.id, { name, text: `${changeWithSecondaryFor(guide)(variant.change)} vs ${referenceName}` });
  }
  return changes;
};

/** A guide's section heading: its title and id, both as text. */
export const heading = (id: string, guide: ComputedGuide) => `## ${markdownText(guide.title.en)} (${markdownText(id)})`;

/** A step's winner by its label, or why there is none. */
export const winnerName = (step: ComputedStep) => {
  const winner = step.variants.find((v) => v.id === step.winner);
  return winner ? markdownText(winner.label?.en ?? step.title.en) : 'none (no run served every request)';
};

export const adoption = (step: ComputedStep) => (step.adopted ? 'adopted' : 'not adopted');

type AccuracyCheck = ComputedGuide['accuracy'][number];

/** "baseline 0.950, optimized 0.951": each result of an accuracy check with its score. */
export const accuracyScores = (check: AccuracyCheck) =>
  check.results.map((r) => `${markdownText(r.label)} ${formatFixed(r.score.value, 3)}`).join(', ');

export const accuracyVerdict = (check: AccuracyCheck) =>
  check.incomparable
    ? `not compared: the results differ in ${check.incomparable.join(', ')}`
    : check.verdict === undefined
      ? 'a single result, no comparison'
      : check.verdict.withinNoise
        ? 'within noise'
        : 'beyond noise';

/** The note that the committed data/ is not what the sources compute, for these guides; none when it is. */
export const staleLines = (stale: readonly string[]): string[] =>
  stale.length === 0
    ? []
    : [
        `> **data/guides is out of date** for ${stale.map(markdownText).join(', ')}: this report is computed from the raw files and guide sources; run \`npm run build\` and commit \`data/\`.`,
        '',
      ];
