import type { ComputedReason } from '../schema/computed.ts';
import type { Label, Localized, Reason } from '../schema/guide-yaml.ts';

/** A label written once for both languages, as the `{en, zh}` pair pages use. */
export function localized(label: Label): Localized {
  return typeof label === 'string' ? { en: label, zh: label } : label;
}

/** A reason as guide.yaml gives it, by language: a plain string is Chinese when it holds Han characters. */
export function reasonByLanguage(reason: Reason): ComputedReason {
  if (typeof reason !== 'string') return reason;
  return /\p{Script=Han}/u.test(reason) ? { zh: reason } : { en: reason };
}
