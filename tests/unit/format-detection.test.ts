// Every sample is claimed by exactly one parser: detection from content alone is unambiguous.
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARSERS, parseRawFile } from '../../src/lib/parse/index.ts';

const fixtures = join(import.meta.dirname, '../fixtures');

describe('format detection', () => {
  const inputs = globSync('*/*/input.*', { cwd: fixtures })
    .filter((path) => path.split('/')[0]! in PARSERS)
    .sort();

  it('covers every parser', () => {
    expect(new Set(inputs.map((p) => p.split('/')[0]))).toEqual(new Set(Object.keys(PARSERS)));
  });

  for (const path of inputs) {
    const owner = path.split('/')[0]!;
    it(`${path} is claimed by ${owner} only`, () => {
      const text = readFileSync(join(fixtures, path), 'utf8');
      const claimants = Object.entries(PARSERS)
        .filter(([, parser]) => parser.detect(text))
        .map(([name]) => name);
      // A fixture that is deliberately another tool's output (e.g. a vLLM block in an SGLang
      // fixture) may be claimed by that tool instead; no fixture may be claimed twice.
      expect(claimants.length, `${relative(fixtures, path)} claimed by ${claimants.join(', ')}`).toBeLessThanOrEqual(1);
      if (!/vllm-block|pytorch|samples-file|not-results|no-gsm8k/.test(path)) expect(claimants).toEqual([owner]);
    });
  }
});

describe('tools perflab does not read (docs/formats.md, "Not read")', () => {
  const unread = globSync('{llama-bench,evalscope-perf}/*', {
    cwd: join(fixtures, 'samples'),
  })
    .concat(['guidellm/benchmarks.csv'])
    .sort();

  it('has their samples', () => expect(unread.length).toBeGreaterThanOrEqual(4));

  for (const path of unread)
    it(`${path} is no reader's: E_FORMAT_UNKNOWN`, () => {
      const text = readFileSync(join(fixtures, 'samples', path), 'utf8');
      const result = parseRawFile(text, { file: path });
      expect(result.runs).toEqual([]);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['E_FORMAT_UNKNOWN']);
    });
});
