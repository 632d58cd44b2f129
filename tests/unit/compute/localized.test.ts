// compute/localized.ts: a label written once stands for both languages; a pair is kept as it is.
// A reason is not a label: written once, it is in one language, the one its script shows.
import { describe, expect, it } from 'vitest';
import { localized, reasonByLanguage } from '../../../src/lib/compute/localized.ts';

describe('localized', () => {
  it('turns one string into the same text in en and zh', () => {
    expect(localized('SGLang')).toEqual({ en: 'SGLang', zh: 'SGLang' });
  });

  it('keeps an { en, zh } pair', () => {
    const pair = { en: 'Balanced', zh: '均衡' };
    expect(localized(pair)).toEqual({ en: 'Balanced', zh: '均衡' });
  });
});

describe('reasonByLanguage', () => {
  it('reads one string as Chinese when it holds Han characters, as English otherwise', () => {
    expect(reasonByLanguage('the launcher takes every GPU')).toEqual({ en: 'the launcher takes every GPU' });
    expect(reasonByLanguage('启动器默认使用全部 GPU')).toEqual({ zh: '启动器默认使用全部 GPU' });
  });

  it('keeps the languages a map gives, one or both', () => {
    expect(reasonByLanguage({ zh: '启动器默认使用全部 GPU' })).toEqual({ zh: '启动器默认使用全部 GPU' });
    const both = { en: 'the launcher takes every GPU', zh: '启动器默认使用全部 GPU' };
    expect(reasonByLanguage(both)).toEqual(both);
  });
});
