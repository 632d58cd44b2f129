// visible-text.ts: text as a reader sees it; what draws nothing neither counts nor hides.
import { describe, expect, it } from 'vitest';
import { showInvisible, visibleLength, withoutInvisible } from '../../../src/lib/visible-text.ts';

describe('visibleLength', () => {
  it('counts what draws: letters, Han characters, punctuation', () => {
    expect(visibleLength('heavy tail')).toBe(9);
    expect(visibleLength('ITL 长尾严重')).toBe(7);
  });

  it('does not count zero-width, format, control or blank characters, nor whitespace', () => {
    expect(visibleLength('\u200B'.repeat(10))).toBe(0);
    expect(visibleLength('\u200C\u200D\u2060\uFEFF\u00AD\u180E\u3164\u2800\u0007')).toBe(0);
    expect(visibleLength(' \t\n\u00A0\u3000')).toBe(0);
    expect(visibleLength('a\u200Bb\uFE0Fc')).toBe(3);
  });

  it('counts a character with its combining marks once, and marks alone not at all', () => {
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('\u0301\u0301\u0301')).toBe(0);
  });
});

describe('withoutInvisible and showInvisible', () => {
  it('drop or name what draws nothing, keeping line breaks and tabs', () => {
    expect(withoutInvisible('4\u200B2.5 tok/s\n\tnext')).toBe('42.5 tok/s\n\tnext');
    expect(showInvisible('a\u200Bb\u00ADc')).toBe('a\\u200Bb\\u00ADc');
    expect(showInvisible('plain')).toBe('plain');
  });
});
