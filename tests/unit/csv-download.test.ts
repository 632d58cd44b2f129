// The CSV download holds labels from pull requests: a cell a spreadsheet would run as a formula
// (=, +, -, @, tab, CR first) is neutralised with a leading ', plain numbers stay numbers.
import { describe, expect, it } from 'vitest';
import { comparisonCsv, csvField } from '../../src/lib/view/downloads.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

describe('CSV cells cannot be formulas', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","x")', `"'=HYPERLINK(""https://evil.example"",""x"")"`],
    ['+cmd|calc', "'+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises %j', (label, cell) => {
    expect(csvField(label)).toBe(cell);
  });

  it.each([
    ['-52.90', '-52.90'],
    ['+3.5', '+3.5'],
    ['12', '12'],
    ['Balanced: 8K input / 1K output', 'Balanced: 8K input / 1K output'],
    ['a, b', '"a, b"'],
  ])('leaves %j as it is', (value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it('a case label from guide.yaml that starts with = reaches the CSV as text', () => {
    const guide = buildFromDisk('glm-5.2/h200').guide!;
    const [first, ...rest] = guide.comparison;
    const hostile = { ...guide, comparison: [{ ...first!, label: { en: '=1+1', zh: '@A1' } }, ...rest] };
    const row = comparisonCsv(hostile).split('\n')[1]!;
    expect(
      row.startsWith("glm-5.2/h200,'=1+1,'@A1,total_token_throughput_interval_mean,Total TPS,tok/s,5481.90,"),
    ).toBe(true);
    // The computed change stays a number a spreadsheet can use.
    expect(comparisonCsv(guide)).toContain(',-52.90,higher,worse,');
  });
});
