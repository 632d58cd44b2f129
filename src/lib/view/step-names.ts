import { scaledText, shownAs } from '../format/measurement-text.ts';
import { nameOf } from '../format/variant-name.ts';
import type { Locale, Translate } from '../i18n.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant, Measured } from '../schema/computed.ts';

// How sentences and tables of a step name its variants and give their values.

export function statusText(variant: ComputedVariant, tr: Translate): string {
  if (variant.measured?.successRate !== undefined)
    return tr('variant.skipped', { rate: (variant.measured.successRate * 100).toFixed(1) });
  return tr(variant.status === 'unsupported' ? 'variant.unsupported' : 'variant.failed');
}

/**
 * A primary value as sentences give it: replicated copies as "7081.34x2"; compared per
 * accelerator, the value as measured and its share per GPU ("16042.19 (8021.10/GPU)").
 */
export function primaryText(guide: ComputedGuide, measured: Measured): string {
  const key = guide.metrics.primary;
  if (guide.scaling !== 'per-gpu') return scaledText(measured, key);
  const value = shownAs(measured.primary.value, key);
  return measured.gpus === 1 || measured.perAccelerator === undefined
    ? value
    : `${value} (${shownAs(measured.perAccelerator, key)}/${guide.hardware.accelerator.toUpperCase()})`;
}

/** The variant a summary names: one of this step's, or (`referenceStep`) the winner of an earlier step. */
export function summaryVariant(guide: ComputedGuide, step: ComputedStep, id: string, stepId?: string) {
  const owner = stepId === undefined ? step : guide.steps.find((s) => s.id === stepId);
  const variant = owner?.variants.find((v) => v.id === id);
  if (!owner || !variant) throw new Error(`view: step ${step.id} names no variant "${stepId ?? step.id}/${id}"`);
  return { variant, name: (lang: Locale) => nameOf(variant, owner, lang) };
}
