import type { Locale } from '../i18n.ts';
import type { Localized } from '../schema/guide-yaml.ts';

/** A variant as sentences name it: its label, or the step's title for a step's single unlabelled run. */
export function nameOf(variant: { label?: Localized | undefined }, step: { title: Localized }, lang: Locale): string {
  return variant.label?.[lang] ?? step.title[lang];
}
