// The edges of real tool output (issue 24, "Reading real output"), each on a fixture composed in
// its shape (tests/fixtures/<format>/<case>/): what is stored, under which id and unit, and what is
// said about what the file lacks. The fixtures' goldens (parser-fixtures.test.ts) hold the rest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARSERS, parseRawFile } from '../../src/lib/parse/index.ts';
import type { ParsedRun } from '../../src/lib/parse/types.ts';
import { successShare } from '../../src/lib/schema/served.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const read = (path: string) => {
  const file = `tests/fixtures/${path}`;
  return { file, ...parseRawFile(readFileSync(join(fixtures, path), 'utf8'), { file }) };
};
const only = (path: string): ParsedRun => {
  const { runs, diagnostics } = read(path);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(runs).toHaveLength(1);
  return runs[0]!;
};

describe('guidellm: rates are the run’s totals over its duration', () => {
  const run = only('guidellm-json/per-request-rates/input.json');
  const report = JSON.parse(readFileSync(join(fixtures, 'guidellm-json/per-request-rates/input.json'), 'utf8'));
  const metrics = report.benchmarks[0].metrics;

  it('the fixture is the case: guidellm’s prompt rate is a million times what the totals give', () => {
    expect(metrics.prompt_tokens_per_second.successful.mean).toBeGreaterThan(1_000_000);
    expect((12 * (256 + 64)) / report.benchmarks[0].duration).toBeCloseTo(15.9, 2);
  });

  it('stores input, output and total tok/s and req/s from the totals, each with its formula and lines', () => {
    const m = run.metrics;
    expect(m.input_token_throughput).toMatchObject({
      unit: 'tok/s',
      derived: { formula: 'input-tokens-over-duration' },
    });
    expect(m.input_token_throughput!.value).toBeCloseTo(3072 / 241.51, 8);
    expect(m.output_token_throughput!.value).toBeCloseTo(768 / 241.51, 8);
    expect(m.total_token_throughput!.value).toBeCloseTo(15.9, 2);
    expect(m.request_throughput).toMatchObject({ unit: 'req/s', derived: { formula: 'requests-over-duration' } });
    expect(m.request_throughput!.value).toBeCloseTo(12 / 241.51, 8);
    expect(m.total_token_throughput!.derived!.lines).toEqual([
      m.input_tokens_total!.line,
      m.output_tokens_total!.line,
      m.duration!.line,
    ]);
  });

  it('reads no guidellm rate field, and no instantaneous maximum as a peak', () => {
    expect(run.metrics.peak_output_token_throughput).toBeUndefined();
    for (const field of [
      'requests_per_second',
      'prompt_tokens_per_second',
      'output_tokens_per_second',
      'tokens_per_second',
    ])
      expect(JSON.parse(run.raw).metrics[field], field).toBeUndefined();
    const throughputs = Object.values(run.metrics).filter((m) => m?.unit === 'tok/s');
    expect(Math.max(...throughputs.map((m) => m!.value))).toBeLessThan(20);
  });
});

describe('guidellm v0.2–v0.3: request_totals beside metrics', () => {
  const run = only('guidellm-json/v0.2-request-totals/input.json');

  it('reads successful and incomplete requests, so the run is not fully successful', () => {
    expect(run.metrics.requests_successful).toMatchObject({ value: 39, unit: 'count' });
    expect(run.metrics.requests_failed).toMatchObject({ value: 1, unit: 'count', printed: '1' });
    const share = successShare({ successful: 39, failed: run.metrics.requests_failed!.value });
    expect(share).toBeCloseTo(39 / 40, 10);
  });

  it('reads its strategy from args and its rates from its totals', () => {
    expect(run.metrics.max_concurrency).toMatchObject({ value: 4, unit: 'count' });
    expect(run.metrics.total_token_throughput!.value).toBeCloseTo((39 * (512 + 128)) / 187.42, 8);
  });
});

describe('vLLM --save-result without its rate keys (vllm-ascend nightlies)', () => {
  const path = 'vllm-json/no-throughput-keys/input.json';
  const text = readFileSync(join(fixtures, path), 'utf8');

  it('is detected from what it has and read, its rates computed from its totals', () => {
    const { runs, diagnostics } = read(path);
    expect(runs.map((r) => r.source.format)).toEqual(['vllm-json']);
    const m = runs[0]!.metrics;
    expect(m.total_token_throughput).toMatchObject({ unit: 'tok/s', derived: { formula: 'all-tokens-over-duration' } });
    expect(m.total_token_throughput!.value).toBeCloseTo((64 * 2048 + 64 * 512) / 93.27, 8);
    expect(m.output_token_throughput!.value).toBeCloseTo((64 * 512) / 93.27, 8);
    expect(m.request_throughput!.value).toBeCloseTo(64 / 93.27, 8);
    expect(m['ttft.p99']).toMatchObject({ value: 497.83, unit: 'ms' });
    expect(diagnostics).toMatchObject([{ severity: 'warning', code: 'W_MISSING_RATE', line: 1 }]);
    for (const key of ['request_throughput', 'output_throughput', 'total_token_throughput'])
      expect(diagnostics[0]!.message).toContain(`"${key}"`);
  });

  it('says which rate it cannot compute and what that needs', () => {
    const record = JSON.parse(text) as Record<string, unknown>;
    delete record.total_input_tokens;
    const { runs, diagnostics } = parseRawFile(JSON.stringify(record), { file: 'x.json' });
    expect(runs[0]!.metrics.total_token_throughput).toBeUndefined();
    expect(runs[0]!.metrics.output_token_throughput).toBeDefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toContain(
      'absent: total_token_throughput (it needs (input_tokens_total + output_tokens_total) / duration)',
    );
  });

  it('a result with its rate keys keeps its own values, without a warning', () => {
    const { runs, diagnostics } = read('vllm-json/save-result/input.json');
    expect(diagnostics).toEqual([]);
    expect(runs[0]!.metrics.total_token_throughput!.derived).toBeUndefined();
  });

  it('SGLang’s JSONL, which shares vLLM’s summary keys, is still SGLang’s', () => {
    const sglang = { ...JSON.parse(text), total_throughput: 1756.62, total_output_tokens_retokenized: 32768 };
    const line = JSON.stringify(sglang);
    expect(PARSERS['vllm-json'].detect(line)).toBe(false);
    expect(PARSERS['sglang-jsonl'].detect(line)).toBe(true);
  });
});

describe('GSM8K: the sample count given on the command line of the log', () => {
  it('is read from --num-questions, with its line, when no progress bar counts the questions', () => {
    const run = only('gsm8k-sglang/num-questions-on-command-line/input.txt');
    expect(run.metrics.gsm8k_n).toEqual({ value: 1319, unit: 'count', printed: '1319', line: 1 });
    expect(run.evaluation).toEqual({ task: 'gsm8k', scoring: 'last-integer' });
  });

  it('is read from an argparse Namespace dump, and agrees with the progress bar', () => {
    const run = only('gsm8k-sglang/num-questions-in-namespace/input.txt');
    expect(run.metrics.gsm8k_n).toMatchObject({ value: 1319, line: 2 });
  });

  const result = 'Accuracy: 0.950\nInvalid: 0.000\n';
  const parse = (text: string) => parseRawFile(text, { file: 'gsm8k.txt' });

  it('every spelling of the flag, and --platinum names GSM8K Platinum', () => {
    for (const command of [
      'python3 bench_sglang.py --num-questions=1209 --platinum',
      'python -m sglang.test.few_shot_gsm8k --num_questions 1209 --platinum --parallel 64',
    ]) {
      const [run] = parse(`${command}\n${result}`).runs;
      expect(run?.metrics.gsm8k_n?.value, command).toBe(1209);
      expect(run?.evaluation, command).toEqual({ task: 'gsm8k_platinum', scoring: 'last-integer' });
    }
    const continued = parse(`python3 bench_sglang.py \\\n  --num-questions 400 \\\n  --parallel 64\n${result}`);
    expect(continued.runs[0]?.metrics.gsm8k_n).toMatchObject({ value: 400, line: 2 });
  });

  it('a progress bar counting fewer questions than asked (the data set is smaller) keeps the bar’s count', () => {
    const { runs, diagnostics } = parse(`--num-questions 2000\n100%|██| 1319/1319 [01:20<00:00]\n${result}`);
    expect(diagnostics).toEqual([]);
    expect(runs[0]?.metrics.gsm8k_n).toMatchObject({ value: 1319, line: 2 });
  });

  it('more questions than asked, or two different counts, is an error at the line', () => {
    const more = parse(`--num-questions 200\n100%|██| 1319/1319 [01:20<00:00]\n${result}`);
    expect(more.runs).toEqual([]);
    expect(more.diagnostics).toMatchObject([{ code: 'E_INCONSISTENT_SAMPLES', line: 2 }]);
    const two = parse(`--num-questions 200\n--num-questions 1319\n${result}`);
    expect(two.runs).toEqual([]);
    expect(two.diagnostics).toMatchObject([{ code: 'E_DUPLICATE', line: 2, column: 17 }]);
  });
});

describe('a printed block missing only its header line', () => {
  const { runs, diagnostics } = read('serving-block/headerless-block/input.txt');

  it('is read, every line of it, with a warning naming what it lacks', () => {
    expect(runs.map((r) => [r.source.blockLabel, r.source.startLine, r.source.endLine])).toEqual([
      ['tp8', 2, 24],
      ['dp8-ep', 27, 48],
    ]);
    expect(Object.keys(runs[1]!.metrics).sort()).toEqual(Object.keys(runs[0]!.metrics).sort());
    expect(runs[1]!.metrics.total_token_throughput).toMatchObject({ printed: '4712.70', line: 35 });
    expect(diagnostics).toMatchObject([{ severity: 'warning', code: 'W_MISSING_HEADER', line: 27 }]);
    expect(diagnostics[0]!.message).toContain('"# dp8-ep"');
  });

  it('SGLang’s too, from its Backend: line', () => {
    const run = only('sglang-bench-serving/headerless-block/input.txt');
    expect(run.source).toMatchObject({ format: 'sglang-bench-serving', startLine: 1, endLine: 29 });
    expect(read('sglang-bench-serving/headerless-block/input.txt').diagnostics.map((d) => d.code)).toEqual([
      'W_MISSING_HEADER',
    ]);
  });

  const block = readFileSync(join(fixtures, 'serving-block/headerless-block/input.txt'), 'utf8')
    .split('\n')
    .slice(26)
    .join('\n');

  it('the preamble vLLM prints above a block is not taken into it', () => {
    const { runs: [run] = [] } = parseRawFile(
      `Traffic request rate: inf\nMaximum request concurrency: None\n${block}`,
      {
        file: 'x.txt',
      },
    );
    expect(run?.source.startLine).toBe(3);
    expect(run?.metrics.max_concurrency).toBeUndefined();
  });

  it('a block whose top was cut (no Successful requests: line) is not a block', () => {
    const cut = block.split('\n').slice(1).join('\n');
    const result = parseRawFile(cut, { file: 'x.txt' });
    expect(result.runs).toEqual([]);
    expect(result.diagnostics).toMatchObject([{ severity: 'error', code: 'E_FORMAT_UNKNOWN' }]);
  });
});
