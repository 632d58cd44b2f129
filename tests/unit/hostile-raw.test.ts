// Raw files built to make a parser slow or to slip a number past it. Generated here rather than
// stored as fixtures (each is megabytes). Every one must end in a result or a located diagnostic,
// in one pass: the section rules were once matched by a regex that was quadratic on such lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { metricEntries } from '../../src/lib/parse/types.ts';

const base = readFileSync(join(import.meta.dirname, '../fixtures/bad-guides/base/raw/engine/sglang.txt'), 'utf8');
const ingest = (text: string) => ingestGuide([{ path: 'engine/sglang.txt', file: 'raw/engine/sglang.txt', text }]);

function withLinesAfter(marker: string, extra: string[]): string {
  const lines = base.split('\n');
  const at = lines.findIndex((l) => l.startsWith(marker));
  return [...lines.slice(0, at + 1), ...extra, ...lines.slice(at + 1)].join('\n');
}

describe('hostile raw lines', () => {
  const original = ingest(base).runs[0]!;

  it('a million dashes and a million spaces inside a block are foreign lines, the numbers unchanged', () => {
    const text = withLinesAfter('Total Token throughput', [`--- x${' '.repeat(1_000_000)}`, '-'.repeat(1_000_000)]);
    const result = ingest(text);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]!.metrics).toEqual(
      Object.fromEntries(
        metricEntries(original.metrics).map(([k, m]) => [k, { ...m, line: m.line + (m.line > 8 ? 2 : 0) }]),
      ),
    );
    const foreign = result.diagnostics.filter((d) => d.code === 'W_FOREIGN_LINE');
    expect(foreign.map((d) => d.line)).toEqual([9, 10]);
    // A message quotes a bounded excerpt of the line, never the whole megabyte.
    for (const d of foreign) expect((d.found ?? '').length).toBeLessThan(200);
  });

  it('a block of 100,000 result lines is read once, the repeated metric an error at its line', () => {
    const repeated = Array.from({ length: 100_000 }, () => 'Total Token throughput (tok/s):          1500.00');
    const result = ingest(withLinesAfter('Total Token throughput', repeated));
    expect(result.runs).toEqual([]);
    expect(result.diagnostics.some((d) => d.severity === 'error' && d.line === 9)).toBe(true);
  });

  it('a block of 300,000 unknown result lines: a warning each, and the run, without a stack overflow', () => {
    const unknown = Array.from({ length: 300_000 }, (_, i) => `Made-up metric ${i} (ms):          1.00`);
    const result = ingest(withLinesAfter('Total Token throughput', unknown));
    expect(result.runs).toHaveLength(1);
    expect(result.diagnostics.filter((d) => d.code === 'W_UNKNOWN_LINE')).toHaveLength(300_000);
  });
});
