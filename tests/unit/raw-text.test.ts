// A raw result's layout where it does not fit, and its text cut at the lines numbers link to.
import { describe, expect, it } from 'vitest';
import { rawLayout, rawPieces } from '../../src/lib/view/raw-text.ts';

describe('rawLayout', () => {
  it('a block of label, spaces and value lines is columns', () => {
    expect(
      rawLayout(
        [
          '============ Serving Benchmark Result ============',
          'Successful requests:                     1000',
          'Mean TPOT (ms):                          149.24',
          '==================================================',
        ].join('\n'),
      ),
    ).toBe('columns');
    expect(rawLayout('Accuracy: 0.975\nInvalid: 0.000')).toBe('columns');
  });

  it('a block whose lines start with spaces keeps them: verbatim', () => {
    expect(rawLayout('{\n  "results": {\n    "gsm8k": 0.9\n  }\n}')).toBe('verbatim');
    expect(rawLayout('Label:  1\n\tnested:  2')).toBe('verbatim');
  });
});

describe('rawPieces', () => {
  const text = 'a:   1\nb:   2\nc:   3\nd:   4';

  it('without anchors the text is one piece', () => {
    expect(rawPieces(text, new Map())).toEqual([{ text }]);
  });

  it('each anchored line is a piece of its own, without its line break; joined, the pieces are the text', () => {
    const pieces = rawPieces(
      text,
      new Map([
        [1, 'raw-1-2'],
        [3, 'raw-1-4'],
      ]),
    );
    expect(pieces).toEqual([
      { text: 'a:   1\n' },
      { text: 'b:   2', id: 'raw-1-2' },
      { text: '\nc:   3\n' },
      { text: 'd:   4', id: 'raw-1-4' },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
  });

  it('first and adjacent lines', () => {
    const pieces = rawPieces(
      text,
      new Map([
        [0, 'x'],
        [1, 'y'],
      ]),
    );
    expect(pieces).toEqual([
      { text: 'a:   1', id: 'x' },
      { text: '\n' },
      { text: 'b:   2', id: 'y' },
      { text: '\nc:   3\nd:   4' },
    ]);
  });
});
