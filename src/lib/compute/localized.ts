import type { Label, Localized } from '../schema/guide.ts';

/** A label written once for both languages, as the `{en, zh}` pair pages use. */
export function localized(label: Label): Localized {
  return typeof label === 'string' ? { en: label, zh: label } : label;
}
