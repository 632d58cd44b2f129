// plausibility-latency.ts: what a block's latencies must agree with, from its own lines: no request
// outlasts the benchmark, Little's law against the concurrency the block prints, and means that
// non-negative samples can have beside their median.
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
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
const report = (run: Run) =>
  checkRunPlausibility(run)
    .filter((d) => d.severity === 'error')
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

  it("a GPUStack block's latency printed in seconds, against its peak of concurrent requests", () => {
    const lines = (latency: string): Line[] => [
      ['requests_successful', '1000', 'count'],
      ['duration', '1425.58', 's'],
      ['peak_concurrent_requests', '512.00', 'count'],
      ['e2e_latency.mean', latency, 'ms', 's'],
    ];
    expect(report(block('gpustack-block', lines('553.77')))).toEqual([]);
    expect(report(block('gpustack-block', lines('800.00')))).toEqual([
      '5: E_INCONSISTENT_CONCURRENCY: 1000 requests / 1425.58 s × mean latency 800.000 s = 561.18 requests in flight on average, more than the peak of concurrent requests (512.00)',
    ]);
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
      '4: E_LATENCY_BEYOND_DURATION: e2e_latency.p99 61500.00 ms is longer than the whole benchmark (duration 60.00 s)',
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
