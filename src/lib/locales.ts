// The site's locales, declared once: the strings (i18n.ts), every [lang] route and astro.config.mjs
// (Starlight, which derives Astro's i18n config from them) all take them from here.

export const locales = ['en', 'zh'] as const;
export type Locale = (typeof locales)[number];

/** The locale of the site's first language link and of anything said in one language only. */
export const defaultLocale: Locale = 'en';

/** Each locale's name in its own language and its BCP 47 tag (`lang`, `hreflang`). */
export const localeLanguages: Record<Locale, { label: string; lang: string }> = {
  en: { label: 'English', lang: 'en' },
  zh: { label: '简体中文', lang: 'zh-CN' },
};

/**
 * Starlight's locale settings: /en/… and /zh/…, no root locale, and the site's `title` in each
 * language (Starlight keys a title by BCP 47 tag).
 */
export function starlightLocales(title: string): {
  title: Record<string, string>;
  defaultLocale: Locale;
  locales: Record<Locale, { label: string; lang: string }>;
} {
  return {
    title: Object.fromEntries(locales.map((locale) => [localeLanguages[locale].lang, title])),
    defaultLocale,
    locales: Object.fromEntries(locales.map((locale) => [locale, { ...localeLanguages[locale] }])) as Record<
      Locale,
      { label: string; lang: string }
    >,
  };
}
