import { deltaText, scaledText } from '../format/measurement-text.ts';
import { displayUnit, unitSuffix } from '../format/metric-label.ts';
import { translator } from '../i18n.ts';
import type { ComputedGuide, ComputedStep, Measured } from '../schema/computed.ts';
import { deltaStyle } from '../view/view-context.ts';
import { markdownText } from './markdown.ts';

// How the review report writes a guide's numbers and names: as the English page does, every
// string from a pull request through markdownText.

/** "7081.34x2 tok/s", "1.85 s": a measured primary as the page shows it, with its unit. */
export const shownFor = (guide: ComputedGuide) => (m: Measured) =>
  `${scaledText(m, guide.metrics.primary)} ${unitSuffix(displayUnit(guide.metrics.primary))}`.trimEnd();

/** "+219.70%" or "1.63x faster": a change as the English page writes it. */
export const changeFor = (guide: ComputedGuide) => (c: { percent: number; ratio?: number | undefined }) =>
  deltaText({ percent: c.percent, ratio: c.ratio ?? 1 }, deltaStyle(guide, translator('en')));

/**
 * What a step's results table says of each variant, by id: its change against the step's
 * reference, named ("+45.10% vs max-running 64"), or that it is the reference. Variants the table
 * does not compare (not measured, or with failed requests) are left out.
 */
export const variantChanges = (guide: ComputedGuide) => (step: ComputedStep) => {
  const changes = new Map<string, { name: string; text: string }>();
  for (const variant of step.variants) {
    const name = markdownText(variant.label?.en ?? step.title.en);
    if (step.reference?.step === step.id && step.reference.variant === variant.id)
      changes.set(variant.id, { name, text: 'the reference' });
    if (!variant.change) continue;
    const { reference } = variant.change;
    const owner = guide.steps.find((s) => s.id === reference.step);
    const referenced = owner?.variants.find((v) => v.id === reference.variant);
    const referenceName = markdownText(
      referenced?.label?.en ?? owner?.title.en ?? `${reference.step}/${reference.variant}`,
    );
    changes.set(variant.id, { name, text: `${changeFor(guide)(variant.change)} vs ${referenceName}` });
  }
  return changes;
};

/** A guide's section heading: its title and id, both as text. */
export const heading = (id: string, guide: ComputedGuide) => `## ${markdownText(guide.title.en)} (${markdownText(id)})`;
