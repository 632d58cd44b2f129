// The locales are declared once (src/lib/locales.ts): astro.config.mjs, the strings and the routes
// take them from there, so a locale added or renamed there reaches Starlight, the catalogues and
// every [lang] route, and nowhere else declares one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales as i18nLocales, localeLanguages as i18nLanguages } from '../../src/lib/i18n.ts';
import { defaultLocale, localeLanguages, locales, starlightLocales } from '../../src/lib/locales.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

describe('the locales, declared once', () => {
  it('Starlight is given every locale with its label and tag, the default one, and a title per tag', () => {
    expect(starlightLocales('perflab')).toEqual({
      title: { en: 'perflab', 'zh-CN': 'perflab' },
      defaultLocale: 'en',
      locales: { en: { label: 'English', lang: 'en' }, zh: { label: '简体中文', lang: 'zh-CN' } },
    });
    expect(Object.keys(starlightLocales('x').locales)).toEqual([...locales]);
    expect(locales).toContain(defaultLocale);
  });

  it('i18n.ts passes on the same declaration, and there is one string catalogue per locale', () => {
    expect(i18nLocales).toBe(locales);
    expect(i18nLanguages).toBe(localeLanguages);
    const catalogues = readdirSync(join(repoRoot, 'src/i18n')).filter((name) => name.endsWith('.json'));
    expect(catalogues.sort()).toEqual(locales.map((locale) => `${locale}.json`).sort());
  });

  it('astro.config.mjs declares no locale of its own: it spreads starlightLocales', () => {
    const config = readFileSync(join(repoRoot, 'astro.config.mjs'), 'utf8');
    expect(config).toContain('...starlightLocales(');
    for (const locale of locales) {
      expect(config).not.toMatch(new RegExp(`['"]${localeLanguages[locale].lang}['"]`));
      expect(config).not.toMatch(new RegExp(`\\b${locale}: \\{`));
      expect(config).not.toContain(localeLanguages[locale].label);
    }
    expect(config).not.toMatch(/defaultLocale:/);
  });
});
