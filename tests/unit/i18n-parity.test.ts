import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const load = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../src/i18n/${lang}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
const zh = load('zh');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('UI strings', () => {
  it('en and zh have exactly the same keys', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('every string uses the same placeholders in both languages', () => {
    for (const key of Object.keys(en)) expect(placeholders(zh[key] ?? ''), key).toEqual(placeholders(en[key]!));
  });

  it('no string is empty', () => {
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) expect(value.trim(), key).not.toBe('');
  });
});
