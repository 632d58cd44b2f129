// compute/localized.ts: a label written once stands for both languages; a pair is kept as it is.
import { describe, expect, it } from 'vitest';
import { localized } from '../../../src/lib/compute/localized.ts';

describe('localized', () => {
  it('turns one string into the same text in en and zh', () => {
    expect(localized('SGLang')).toEqual({ en: 'SGLang', zh: 'SGLang' });
  });

  it('keeps an { en, zh } pair', () => {
    const pair = { en: 'Balanced', zh: '均衡' };
    expect(localized(pair)).toEqual({ en: 'Balanced', zh: '均衡' });
  });
});
