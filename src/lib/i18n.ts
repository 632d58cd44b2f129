import en from '../i18n/en.json' with { type: 'json' };
import zh from '../i18n/zh.json' with { type: 'json' };
import { locales, type Locale } from './locales.ts';

export { locales, localeLanguages, type Locale } from './locales.ts';
export type MessageKey = keyof typeof en;

const catalogues: Record<Locale, Record<string, string>> = { en, zh };

export function isLocale(value: string | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** A route's `[lang]` parameter as a locale; getStaticPaths only makes known ones, so anything else is a bug. */
export function routeLocale(value: string | undefined): Locale {
  if (!isLocale(value)) throw new Error(`no locale "${value}": routes are built for ${locales.join(', ')}`);
  return value;
}

/** `{name}` placeholders filled from `params`; a missing parameter is a bug and throws. */
export function t(locale: Locale, key: MessageKey, params: Readonly<Record<string, string | number>> = {}): string {
  const template = catalogues[locale][key];
  if (template === undefined) throw new Error(`i18n: no "${key}" in src/i18n/${locale}.json`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`i18n: "${key}" needs {${name}}`);
    return String(value);
  });
}

export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** `t` bound to one locale, for code that builds a whole page in that locale. */
export function translator(locale: Locale): Translate {
  return (key, params) => t(locale, key, params);
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'zh' : 'en';
}
