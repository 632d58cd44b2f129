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
  const unread = globSync('{trtllm-bench,genai-perf,aiperf,llama-bench,evalscope-perf}/*', {
    cwd: join(fixtures, 'samples'),
  })
    .concat([
      'guidellm/benchmarks.csv',
      'lm-eval-gsm8k/zai-org__GLM-5.2-FP8/samples_gsm8k_2026-12-01T09-52-10.123456.jsonl',
    ])
    .sort();
  /** The tool a refusal must name, from the sample's folder (the samples README says which wrote it). */
  const TOOL: Record<string, RegExp> = {
    'trtllm-bench': /^this is trtllm-bench's /,
    'genai-perf': /^this is GenAI-Perf's /,
    aiperf: /^this is AIPerf's /,
    'llama-bench': /^this is llama-bench's /,
    'evalscope-perf': /^this is evalscope perf's /,
    guidellm: /^this is guidellm's CSV/,
    'lm-eval-gsm8k': /^this is lm-evaluation-harness's per-question log/,
  };

  it('has their samples', () => expect(unread.length).toBeGreaterThanOrEqual(11));

  for (const path of unread)
    it(`${path} is no reader's: E_FORMAT_UNKNOWN naming the tool that wrote it`, () => {
      const text = readFileSync(join(fixtures, 'samples', path), 'utf8');
      const result = parseRawFile(text, { file: path });
      expect(result.runs).toEqual([]);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['E_FORMAT_UNKNOWN']);
      const [refusal] = result.diagnostics;
      expect(refusal?.message).toMatch(TOOL[path.split('/')[0]!]!);
      // What perflab reads, as users know it, GPUStack's block included; no word of damage.
      expect(refusal?.expected).toContain("GPUStack's benchmark block");
      expect(refusal?.expected).toContain('`vllm bench serve --save-result` JSON');
      expect(refusal?.hint).not.toMatch(/as (it|the tool) printed|unedited|damage/);
    });

  it("guidellm's console tables are named, and the refusal gives the flag that writes its report", () => {
    // The table titles guidellm's console output prints (benchmark/outputs/console.py; 0.2–0.3's section header).
    for (const title of ['Run Summary Info', 'Benchmarks Metadata:\n  Run id: 1f2e']) {
      const { diagnostics } = parseRawFile(`\n${title}\n`, { file: 'guidellm-console.txt' });
      expect(diagnostics[0]).toMatchObject({
        code: 'E_FORMAT_UNKNOWN',
        message: expect.stringMatching(/guidellm's console/),
      });
      expect(diagnostics[0]?.hint).toMatch(/--outputs json/);
      expect(diagnostics[0]?.hint).toMatch(/--output-path benchmarks\.json/);
    }
  });

  it('a file no tool perflab knows wrote says so, without suggesting it was damaged', () => {
    const { diagnostics } = parseRawFile('notes from the run: all fine\n', { file: 'notes.txt' });
    expect(diagnostics).toMatchObject([{ code: 'E_FORMAT_UNKNOWN', found: 'none of them' }]);
    expect(diagnostics[0]?.hint).not.toMatch(/as (it|the tool) printed|unedited/);
  });
});
