// GSM8K accuracy parsers against their samples (composed samples in tests/fixtures/samples; docs/formats.md):
// values as written in the source, and the same run read from stdout and from result.jsonl agrees.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as stdout from '../../src/lib/parse/gsm8k-sglang.ts';
import * as jsonl from '../../src/lib/parse/gsm8k-sglang-jsonl.ts';
import { PARSERS } from '../../src/lib/parse/index.ts';
import * as lmEvalJson from '../../src/lib/parse/lm-eval-json.ts';
import * as lmEvalTable from '../../src/lib/parse/lm-eval-table.ts';
import type { ParsedRun } from '../../src/lib/parse/types.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';

const fixture = (path: string) => readFileSync(join(import.meta.dirname, '../fixtures', path), 'utf8');
const file = { file: 'x' };
const value = (run: ParsedRun | undefined, key: MetricKey) => run?.metrics[key]?.value;

const benchSglangStdout = fixture('gsm8k-sglang/full-stdout/input.txt'); // = bench_sglang-stdout.txt
// tests/fixtures/samples/gsm8k-sglang/few_shot_gsm8k-stdout-fp8kv.txt (bar shortened)
const fewShotStdout =
  '100%|██████████| 200/200 [00:19<00:00, 10.38it/s]\nAccuracy: 0.980\nInvalid: 0.005\nLatency: 19.270 s\nOutput throughput: 1361.847 token/s\n';
const resultJsonl = fixture('gsm8k-sglang-jsonl/result-jsonl-sample/input.jsonl');
const lmEvalResults = fixture('lm-eval-json/glm-5.2-results/input.json');
const lmEvalSamples = fixture('lm-eval-json/samples-file-is-not-results/input.jsonl');
const lmEvalStdout = fixture('lm-eval-table/stdout-table-sample/input.txt');

describe('SGLang result.jsonl', () => {
  const { runs, diagnostics } = jsonl.parse(resultJsonl, file);

  it('reads one run per line, with the values as written', () => {
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.source.blockIndex, r.source.startLine, r.source.blockLabel])).toEqual([
      [0, 1, null],
      [1, 2, null],
    ]);
    expect(runs[0]!.metrics).toMatchObject({
      gsm8k_accuracy: { value: 0.975, unit: 'fraction', printed: '0.975', line: 1 },
      gsm8k_n: { value: 200, unit: 'count', line: 1 },
      eval_duration: { value: 18.694, unit: 's', line: 1 },
    });
    expect(runs[1]!.metrics.gsm8k_accuracy).toMatchObject({ value: 0.98, printed: '0.98' });
    expect(runs[1]!.raw).toBe(resultJsonl.split('\n')[1]);
  });

  it('line 1 is the run bench_sglang-stdout.txt printed (0.975, 18.694 s, 200 questions)', () => {
    const printed = stdout.parse(benchSglangStdout, file).runs[0];
    for (const key of ['gsm8k_accuracy', 'gsm8k_n', 'eval_duration'] as const) {
      expect(value(runs[0], key), key).toBeDefined();
      expect(value(runs[0], key), key).toBe(value(printed, key));
    }
    expect(printed!.metrics.gsm8k_accuracy!.unit).toBe(runs[0]!.metrics.gsm8k_accuracy!.unit);
  });

  it('line 2 has the numbers of few_shot_gsm8k-stdout-fp8kv.txt (0.980 printed, 0.98 in JSON)', () => {
    const printed = stdout.parse(fewShotStdout, file).runs[0];
    expect(value(printed, 'gsm8k_accuracy')).toBe(0.98);
    for (const key of ['gsm8k_accuracy', 'gsm8k_n', 'eval_duration'] as const)
      expect(value(runs[1], key), key).toBe(value(printed, key));
  });
});

describe('lm-evaluation-harness results JSON', () => {
  const { runs, diagnostics } = lmEvalJson.parse(lmEvalResults, file);
  const byLabel = (label: string) => runs.find((r) => r.source.blockLabel === label);

  it('gives one run per filter, labelled by filter', () => {
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => r.source.blockLabel)).toEqual(['strict-match', 'flexible-extract']);
    expect(byLabel('strict-match')!.metrics).toMatchObject({
      gsm8k_accuracy: { value: 0.955, printed: '0.955', line: 7 },
      gsm8k_stderr: { value: 0.014695399751940976, line: 8 },
      gsm8k_n: { value: 200, line: 107 },
    });
    expect(byLabel('flexible-extract')!.metrics).toMatchObject({
      gsm8k_accuracy: { value: 0.96, line: 9 },
      gsm8k_stderr: { value: 0.01389117792415759, line: 10 },
      gsm8k_n: { value: 200, line: 107 },
    });
  });

  it('stderr is sqrt(p(1-p)/(n-1)) of the values it sits beside', () => {
    for (const run of runs) {
      const p = value(run, 'gsm8k_accuracy')!;
      expect(value(run, 'gsm8k_stderr')).toBeCloseTo(Math.sqrt((p * (1 - p)) / (value(run, 'gsm8k_n')! - 1)), 12);
    }
  });

  it('the printed table of the same run agrees to its printed precision, without n', () => {
    const table = lmEvalTable.parse(lmEvalStdout, file);
    expect(table.diagnostics).toEqual([]);
    expect(table.runs.map((r) => r.source.blockLabel)).toEqual(['flexible-extract', 'strict-match']);
    for (const run of table.runs) {
      const json = byLabel(run.source.blockLabel!)!;
      expect(value(run, 'gsm8k_accuracy')).toBe(value(json, 'gsm8k_accuracy'));
      expect(value(run, 'gsm8k_stderr')).toBeCloseTo(value(json, 'gsm8k_stderr')!, 4);
      expect(run.metrics.gsm8k_n).toBeUndefined();
    }
  });
});

describe('detection', () => {
  const modules = { ...PARSERS, 'gsm8k-sglang-jsonl': jsonl, 'lm-eval-json': lmEvalJson, 'lm-eval-table': lmEvalTable };
  const claimedBy = (text: string) =>
    Object.entries(modules)
      .filter(([, m]) => m.detect(text))
      .map(([name]) => name);

  it('each sample is claimed by exactly its own parser', () => {
    expect(claimedBy(benchSglangStdout)).toEqual(['gsm8k-sglang']);
    expect(claimedBy(resultJsonl)).toEqual(['gsm8k-sglang-jsonl']);
    expect(claimedBy(lmEvalResults)).toEqual(['lm-eval-json']);
    expect(claimedBy(lmEvalStdout)).toEqual(['lm-eval-table']);
  });

  it('the lm-eval per-question samples file is not a results file', () => {
    expect(claimedBy(lmEvalSamples)).toEqual([]);
  });

  it('benchmark JSON of other tools is not claimed by the accuracy parsers', () => {
    const others = [
      '{"date": "20251201-101010", "backend": "vllm", "num_prompts": 100, "total_token_throughput": 5481.9, "request_rate": "inf"}',
      '{"backend": "sglang", "dataset_name": "random", "request_rate": Infinity, "total_throughput": 6979.05, "total_output_tokens_retokenized": 102400}\n',
      '{"metadata": {"guidellm_version": "0.3.0"}, "benchmarks": [{"metrics": {}}]}',
      '{"task": "mmlu", "backend": "srt", "accuracy": 0.812, "num_requests": 14042}\n',
    ];
    const accuracyParsers = (text: string) => claimedBy(text).filter((name) => /gsm8k|lm-eval/.test(name));
    for (const text of others) expect(accuracyParsers(text), text).toEqual([]);
  });
});
