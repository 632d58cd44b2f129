// confusable.ts: a name that reads as another name (mixed scripts, compatibility forms, invisible
// characters) is found at its character; names in one script, or Latin beside CJK, are not.
import { describe, expect, it } from 'vitest';
import { confusableIn } from '../../../src/lib/confusable.ts';

describe('confusableIn', () => {
  it('passes names in one script, and Latin with Chinese, Japanese or Korean', () => {
    for (const name of [
      'random 4K input',
      'vLLM v0.11.0',
      '选择推理引擎',
      '最大批处理 token 数（8K）',
      'H200 上的 GLM-5.2',
      'ベンチマーク vLLM',
      '벤치마크 SGLang',
      'Тест',
      '--tp-size 8: 1,200 tok/s',
    ])
      expect(confusableIn(name), name).toBeUndefined();
  });

  it('finds a letter of another script among Latin ones, at its index', () => {
    expect(confusableIn('random 4K in\u0440ut')).toEqual({
      index: 12,
      char: '\u0440',
      reason: 'it mixes scripts: "\u0440" (U+0440) is Cyrillic, among Latin letters',
    });
    expect(confusableIn('SGL\u03b1ng')?.index).toBe(3); // Greek alpha
    expect(confusableIn('H200 \u0440')?.reason).toContain('Cyrillic');
    expect(confusableIn('选择 \u0440 engine')?.char).toBe('\u0440');
  });

  it('finds compatibility forms of letters and digits, and invisible characters', () => {
    expect(confusableIn('\uff56LLM')?.reason).toBe(
      '"\uff56" (U+FF56) is a compatibility form of "v": it reads as that and is not it',
    );
    expect(confusableIn('TP\uff18')?.index).toBe(2); // fullwidth 8
    expect(confusableIn('\u{1d5c9}ython')?.index).toBe(0); // mathematical sans-serif p
    expect(confusableIn('in\u200bput')).toMatchObject({
      index: 2,
      reason: 'an invisible character (U+200B) hides inside it',
    });
    expect(confusableIn('in\u00adput')?.index).toBe(2);
  });
});

describe('confusableIn: control characters', () => {
  it('finds a NUL, an escape and a tab inside a name, at its index', () => {
    expect(confusableIn('ShareGPT\u0000 Total TPS')).toEqual({
      index: 8,
      char: '\u0000',
      reason: 'a control character (U+0000) hides inside it',
    });
    expect(confusableIn('vLLM\u001b[1m')?.index).toBe(4);
    expect(confusableIn('TP\t4')?.reason).toBe('a control character (U+0009) hides inside it');
    expect(confusableIn('TP4\u0085')?.char).toBe('\u0085'); // C1 next line
  });
});
