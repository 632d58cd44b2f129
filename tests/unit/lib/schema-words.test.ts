// Schema problems said in the author's terms: the size and range zod checks, and a comma that cut
// an unquoted value in a `{ … }` mapping.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../src/lib/diagnostics/diagnostics.ts';
import { validate } from '../../../src/lib/diagnostics/validate.ts';
import { parseYamlSource } from '../../../src/lib/guide-source/yaml-source.ts';

const Schema = z.strictObject({
  gpus: z.number().int().positive().optional(),
  share: z.number().positive().max(1).optional(),
  decimals: z.number().int().min(0).max(4).optional(),
  name: z.string().min(1).optional(),
  code: z.string().max(3).optional(),
  engines: z.array(z.string()).min(1).optional(),
  pair: z.array(z.string()).min(2).max(2).optional(),
  title: z.union([z.string(), z.strictObject({ en: z.string(), zh: z.string() })]).optional(),
});

/** Each problem `check` prints for a YAML text, without its hint unless asked. */
function report(text: string, hints = false): string[] {
  const source = parseYamlSource(text, 'g.yaml');
  expect(source.diagnostics).toEqual([]);
  const result = validate(Schema, source.data, { file: 'g.yaml', locate: source.locate, bareKey: source.bareKey });
  if (result.ok) return [];
  return result.diagnostics.map((d) =>
    hints ? formatDiagnostic(d) : formatDiagnostic(d).replace(/\n {2}hint: .*$/, ''),
  );
}

describe('sizes and ranges, in words', () => {
  it.each([
    ['gpus: 0', 'gpus: 0 is too small\n  expected: a whole number of at least 1\n  found: 0'],
    ['share: 0', 'share: 0 is too small\n  expected: a number above 0\n  found: 0'],
    ['share: 1.5', 'share: 1.5 is too large\n  expected: a number of at most 1\n  found: 1.5'],
    ['decimals: 9', 'decimals: 9 is too large\n  expected: a whole number of at most 4\n  found: 9'],
    ['decimals: -1', 'decimals: -1 is too small\n  expected: a whole number of at least 0\n  found: -1'],
    ['name: ""', 'name: empty\n  expected: some text (it may not be empty)\n  found: ""'],
    ['code: abcd', 'code: too long (4 characters)\n  expected: a text of at most 3 characters\n  found: "abcd"'],
    ['engines: []', 'engines: too few entries\n  expected: a list of at least 1 entry\n  found: an empty list'],
    ['pair: [a]', 'pair: too few entries\n  expected: a list of at least 2 entries\n  found: a list of 1 entry'],
    [
      'pair: [a, b, c]',
      'pair: too many entries\n  expected: a list of at most 2 entries\n  found: a list of 3 entries',
    ],
    ['gpus: eight', 'gpus: not a whole number\n  expected: a whole number\n  found: "eight"'],
  ])('%s', (yaml, said) => {
    const [only, ...more] = report(`${yaml}\n`);
    expect(more).toEqual([]);
    expect(only).toBe(`g.yaml:1:1: error E_SCHEMA: ${said}`);
  });

  it('never in zod’s words', () => {
    const all = ['gpus: 0', 'name: ""', 'engines: []', 'pair: [a]', 'code: abcd', 'share: 2'].flatMap((y) => report(y));
    expect(all.join('\n')).not.toMatch(/Too (small|big)|expected (array|string|number) to|>=|<=|items/);
  });
});

describe('a comma in an unquoted value of a { … } mapping', () => {
  it('says the piece after the comma became a key, and how to quote the value', () => {
    expect(report('title: { en: Tiny guide, faster, zh: 小指南 }\n', true)).toEqual([
      'g.yaml:1:26: error E_SCHEMA: title: "faster" is read as a key: a comma inside { … } ends an unquoted value\n' +
        '  expected: the value quoted, en: "Tiny guide, faster"\n' +
        '  found: "faster", a key without a value\n' +
        '  hint: quote the value: in a { … } mapping, a value that holds a comma is written in quotes',
    ]);
  });

  it('in the last value too, and with several commas each piece names the whole value', () => {
    expect(report('title: { en: Tiny, zh: 小指南, 更快 }\n')[0]).toContain(
      'expected: the value quoted, zh: "小指南, 更快"',
    );
    const two = report('title: { en: a, b, c, zh: d }\n');
    expect(two).toHaveLength(2);
    for (const line of two) expect(line).toContain('expected: the value quoted, en: "a, b, c"');
  });

  it('a key written with a colon, or in a block mapping, is still an unknown key', () => {
    expect(report('title: { en: a, fast: b, zh: c }\n', true)[0]).toContain('title: unknown key "fast"');
    expect(report('title:\n  en: a\n  fast:\n  zh: c\n')[0]).toContain('title: unknown key "fast"');
    expect(report('title: { en: a, fast:, zh: c }\n')[0]).toContain('title: unknown key "fast"');
  });
});
