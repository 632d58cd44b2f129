// plausibility-latency.ts: what a block's latencies must agree with, from its own lines and its
// tool's definitions: no request outlasts the time the tool defines all of them to lie in, Little's
// law against the concurrency the block prints, and means that non-negative samples can have beside
// their median. An error where the definition makes the relation exact, a warning where it does not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as guidellmJson from '../../src/lib/parse/guidellm-json.ts';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { checkLatencies } from '../../src/lib/ingest/plausibility-latency.ts';
import type { MetricKey, Unit } from '../../src/lib/schema/metric.ts';
import type { FormatId, MetricValue, Run } from '../../src/lib/schema/run.ts';

type Line = [key: MetricKey, printed: string, unit: Unit, printedUnit?: Unit];

/** A block of `format` with these lines (line numbers from 2), values converted as a parser would (s → ms). */
function block(format: FormatId, lines: Line[]): Run {
  const metrics: Partial<Record<MetricKey, MetricValue>> = {};
  lines.forEach(([key, printed, unit, printedUnit], i) => {
    const value = Number(printed) * (printedUnit === 's' && unit === 'ms' ? 1000 : 1);
    metrics[key] = { line: i + 2, printed, unit, value, ...(printedUnit ? { printedUnit } : {}) };
  });
  return {
    id: 'run',
    metrics,
    raw: '',
    source: { blockIndex: 0, blockLabel: null, endLine: lines.length + 1, file: 'run.txt', format, startLine: 1 },
  };
}
const report = (run: Run, severity: 'error' | 'warning' = 'error') =>
  checkRunPlausibility(run)
    .filter((d) => d.severity === severity)
    .map((d) => `${d.line}: ${d.code}: ${d.message}`);

const sglang = (concurrency: string, e2e: string): Line[] => [
  ['requests_successful', '200', 'count'],
  ['duration', '100.00', 's'],
  ['request_throughput', '2.00', 'req/s'],
  ['mean_concurrency', concurrency, 'count'],
  ['e2e_latency.mean', e2e, 'ms'],
];

describe("Little's law", () => {
  it('the concurrency SGLang prints is requests × mean latency / duration', () => {
    // 200 requests / 100 s × 12.5 s = 25 in flight
    expect(report(block('sglang-bench-serving', sglang('25.00', '12500.00')))).toEqual([]);
    expect(report(block('sglang-bench-serving', sglang('25.00', '25000.00')))).toEqual([
      '5: E_INCONSISTENT_CONCURRENCY: the block prints a concurrency of 25.00, but 200 requests / 100.00 s × mean latency 25.000 s = 50.00 requests in flight on average',
    ]);
  });

  it('without an end-to-end latency the TTFT bounds the requests in flight from below', () => {
    const lines = (ttft: string): Line[] => [
      ['requests_successful', '200', 'count'],
      ['max_concurrency', '8', 'count'],
      ['duration', '100.00', 's'],
      ['ttft.mean', ttft, 'ms'],
    ];
    // 2 requests a second, each waiting 3.9 s for its first token: at least 7.8 in flight
    expect(report(block('vllm-bench-serve', lines('3900.00')))).toEqual([]);
    expect(report(block('vllm-bench-serve', lines('5000.00')))).toEqual([
      '5: E_INCONSISTENT_CONCURRENCY: 200 requests / 100.00 s × mean TTFT 5.000 s = 10.00 requests in flight on average at least, more than the maximum request concurrency (8)',
    ]);
  });

  it("a GPUStack block: guidellm's duration is its window, so its peak bounds the requests in flight as a warning", () => {
    const lines = (latency: string): Line[] => [
      ['requests_successful', '1000', 'count'],
      ['duration', '1425.58', 's'],
      ['peak_concurrent_requests', '512.00', 'count'],
      ['e2e_latency.mean', latency, 'ms', 's'],
    ];
    expect(checkRunPlausibility(block('gpustack-block', lines('553.77')))).toEqual([]);
    expect(report(block('gpustack-block', lines('800.00')))).toEqual([]);
    expect(report(block('gpustack-block', lines('800.00')), 'warning')).toEqual([
      "5: W_CONCURRENCY_BEYOND_WINDOW: 1000 requests / 1425.58 s × mean latency 800.000 s = 561.18 requests in flight on average, more than the peak of concurrent requests (512.00): guidellm's duration is its measured window, and the requests it counts may reach into the warm-up and cool-down around it",
    ]);
  });
});

describe("guidellm's report: the requests it counts lie in its whole run, not in its measured window", () => {
  // The real synchronous run of issue 33 (tests/fixtures/guidellm-json/synchronous-warmup-cooldown):
  // 25 requests × 30.64 s = 766.1 s at one at a time, in a 720 s window with 90 s of warm-up and
  // cool-down around it.
  const dir = join(import.meta.dirname, '../fixtures/guidellm-json/synchronous-warmup-cooldown');
  const text = readFileSync(join(dir, 'input.json'), 'utf8');
  const [run] = guidellmJson.parse(text, { file: 'benchmarks.json' }).runs;
  const real = { ...run!, id: 'synchronous' };

  it('is no error: 766.1 s of requests fit the 928.33 s run at one at a time', () => {
    expect(real.metrics.duration?.value).toBe(720);
    expect(real.metrics.run_duration?.value).toBeCloseTo(928.33, 2);
    expect(checkRunPlausibility(real)).toEqual([]);
  });

  it('a run said to be shorter than its requests is refused: Little’s law and the latencies against it', () => {
    const metrics = { ...real.metrics, run_duration: { ...real.metrics.run_duration!, value: 700 } };
    expect(report({ ...real, metrics }).map((line) => line.replace(/:.*?: /, ': '))).toEqual([
      expect.stringMatching(
        /^179: 25 requests \/ .* = 1\.09 requests in flight on average, more than the maximum request concurrency \(1\)$/,
      ),
    ]);
    const short = { ...real.metrics, run_duration: { ...real.metrics.run_duration!, value: 30 } };
    expect(
      report({ ...real, metrics: short }).filter((l) => l.includes('E_LATENCY_BEYOND_DURATION')).length,
    ).toBeGreaterThan(0);
  });

  it('the window alone (duration) bounds nothing: no error however far the requests reach past it', () => {
    const metrics = { ...real.metrics, duration: { ...real.metrics.duration!, value: 10, printed: '10.0' } };
    expect(report({ ...real, metrics }).filter((l) => /LATENCY|CONCURRENCY/.test(l))).toEqual([]);
  });
});

describe('no request outlasts the benchmark', () => {
  it('a TTFT or end-to-end latency, mean or percentile, longer than the duration is refused', () => {
    const run = block('vllm-bench-serve', [
      ['duration', '60.00', 's'],
      ['ttft.p99', '59000.00', 'ms'],
      ['e2e_latency.p99', '61500.00', 'ms'],
    ]);
    expect(report(run)).toEqual([
      '4: E_LATENCY_BEYOND_DURATION: e2e_latency.p99 61500.00 ms is longer than the benchmark duration (60.00 s)',
    ]);
  });

  it('with no slack beyond the printed rounding: vLLM times the duration and the latencies on one clock', () => {
    const p99 = (printed: string) =>
      block('vllm-bench-serve', [
        ['duration', '60.00', 's'],
        ['e2e_latency.p99', printed, 'ms'],
      ]);
    expect(report(p99('60005.00'))).toEqual([]); // 60.00 s printed stands for up to 60.005 s
    expect(report(p99('60010.00'))).toHaveLength(1);
  });

  it("a GPUStack block's latency beyond guidellm's window is a warning: the run may have had a warm-up", () => {
    const run = block('gpustack-block', [
      ['duration', '60.00', 's'],
      ['e2e_latency.p99', '61.50', 'ms', 's'],
    ]);
    expect(report(run)).toEqual([]);
    expect(report(run, 'warning')).toEqual([
      "3: W_LATENCY_BEYOND_WINDOW: e2e_latency.p99 61.50 s is longer than the benchmark duration (60.00 s): guidellm's duration is its measured window, without warm-up and cool-down, and a request it counts may have begun in the warm-up",
    ]);
  });
});

describe('a mean beside its median', () => {
  it('is at least the median × the share of samples at or above it (⌈n/2⌉ of n requests)', () => {
    const ttft = (mean: string): Line[] => [
      ['requests_successful', '3', 'count'],
      ['ttft.mean', mean, 'ms'],
      ['ttft.median', '30.00', 'ms'],
    ];
    // 3 requests, median 30: two of them take at least 30 ms, so the mean is at least 20 ms
    expect(report(block('vllm-json', ttft('20.00')))).toEqual([]);
    expect(report(block('vllm-json', ttft('19.00')))).toEqual([
      '3: E_IMPOSSIBLE_MEAN: ttft mean 19.00 is below what its median 30.00 allows: at least 2 of 3 samples are at or above the median and none is negative',
    ]);
  });

  it('with no count (token gaps), half the median', () => {
    const itl = (mean: string): Line[] => [
      ['itl.mean', mean, 'ms'],
      ['itl.median', '145.75', 'ms'],
    ];
    expect(report(block('vllm-json', itl('72.87')))).toEqual([]);
    expect(report(block('vllm-json', itl('1.00')))).toEqual([
      '2: E_IMPOSSIBLE_MEAN: itl mean 1.00 is below what its median 145.75 allows: at least half the samples are at or above the median and none is negative',
    ]);
  });
});

describe('checkLatencies, the module on its own', () => {
  const lines: Line[] = [
    ['duration', '60.00', 's'],
    ['e2e_latency.p99', '61500.00', 'ms'],
  ];
  const findings = (format: FormatId) => checkLatencies(block(format, lines).metrics, format, 'run.txt', ' (block #1)');

  it('says where the block is, and names the metric of a warning so an acknowledgement can hold it', () => {
    const [exact] = findings('vllm-bench-serve');
    expect(exact?.diagnostic).toMatchObject({
      severity: 'error',
      code: 'E_LATENCY_BEYOND_DURATION',
      file: 'run.txt',
      line: 3,
    });
    expect(exact?.diagnostic.message).toBe(
      'e2e_latency.p99 61500.00 ms is longer than the benchmark duration (60.00 s) (block #1)',
    );
    expect(exact?.metric).toBeUndefined();
    const [held] = findings('gpustack-block');
    expect(held).toMatchObject({
      diagnostic: { severity: 'warning', code: 'W_LATENCY_BEYOND_WINDOW' },
      metric: 'e2e_latency.p99',
    });
  });

  it('holds no latency against the duration of a format whose tool does not define where its requests lie', () => {
    // GenAI-Perf writes no duration; a duration line there would be no tool's definition.
    expect(findings('genai-perf-json')).toEqual([]);
  });
});
