// The plausibility checks on every block the repository holds: each committed run passes them, and
// the tampering a tool's definition exposes (issues 21 and 33) is caught on each real block, not only
// on a made-up one: by an error where the definition makes the relation exact, by a warning check
// holds until acknowledged where it does not.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';
import type { Run } from '../../src/lib/schema/run.ts';

const repo = join(import.meta.dirname, '../..');
const runs: Run[] = globSync('data/runs/**/*.json', { cwd: repo })
  .filter((path) => !path.endsWith('.sources.json'))
  .sort()
  .map((path) => JSON.parse(readFileSync(join(repo, path), 'utf8')) as Run);
const gpustack = runs.filter((run) => run.source.format === 'gpustack-block');

/** The run with each named metric multiplied by `factor`, printed as the tool would (two decimals). */
function scaled(run: Run, factors: Partial<Record<MetricKey, number>>): Run {
  const metrics = { ...run.metrics };
  for (const [key, factor] of Object.entries(factors) as [MetricKey, number][]) {
    const metric = metrics[key];
    if (!metric || factor === undefined) continue;
    const value = metric.value * factor;
    metrics[key] = { ...metric, value, printed: value.toFixed(2) };
  }
  return { ...run, metrics };
}

const errorCodes = (run: Run) =>
  checkRunPlausibility(run)
    .filter((d) => d.severity === 'error')
    .map((d) => d.code);

describe('committed blocks', () => {
  it('every run in data/runs passes the checks without an error', () => {
    expect(runs.length).toBeGreaterThan(300);
    expect(runs.flatMap((run) => errorCodes(run).map((code) => `${run.source.file}#${run.id}: ${code}`))).toEqual([]);
  });
});

const EXACT_RATES = new Set(['vllm-bench-serve', 'vllm-json', 'sglang-bench-serving', 'sglang-jsonl']);
const exactRates = runs.filter((run) => EXACT_RATES.has(run.source.format));
const warningCodes = (run: Run) =>
  checkRunPlausibility(run)
    .filter((d) => d.severity === 'warning')
    .map((d) => d.code);

describe('vLLM and SGLang blocks: each rate is its totals / duration, within the printed rounding alone', () => {
  it('there are such blocks with all three rates', () => {
    expect(
      exactRates.filter((run) => run.metrics.total_token_throughput && run.metrics.request_throughput).length,
    ).toBeGreaterThan(200);
  });

  it('a rate raised by 1 % no longer is, on every one of them where 1 % is more than the rounding (rates of 10/s and up)', () => {
    for (const run of exactRates)
      for (const key of ['total_token_throughput', 'output_token_throughput', 'request_throughput'] as const)
        if (run.metrics[key] && !run.metrics[key].derived && run.metrics[key].value >= 10 && run.metrics.duration)
          expect(errorCodes(scaled(run, { [key]: 1.01 })), `${run.source.file}#${run.id} ${key}`).toContain(
            'E_INCONSISTENT_THROUGHPUT',
          );
  });
});

describe("GPUStack blocks: guidellm's interval means are checked only against each other", () => {
  it('there are 64 of them, and each passes without an error or a ratio warning', () => {
    expect(gpustack).toHaveLength(64);
    for (const run of gpustack) expect(warningCodes(run), run.id).not.toContain('W_RATE_RATIO');
  });

  it('a Total TPS raised by 5 % no longer follows from Output TPS and the totals: a warning check holds', () => {
    for (const run of gpustack) {
      const tampered = scaled(run, { total_token_throughput_interval_mean: 1.05 });
      expect(errorCodes(tampered), run.id).toEqual([]);
      expect(warningCodes(tampered), run.id).toContain('W_RATE_RATIO');
    }
  });

  it('both token rates raised together are no error (README: what a guidellm-derived block alone cannot show)', () => {
    for (const run of gpustack)
      expect(
        errorCodes(
          scaled(run, { total_token_throughput_interval_mean: 1.4, output_token_throughput_interval_mean: 1.4 }),
        ),
        run.id,
      ).toEqual([]);
  });
});

describe('a duration halved and its rates doubled (the totals kept)', () => {
  const halved = (run: Run) =>
    scaled(run, {
      duration: 0.5,
      total_token_throughput: 2,
      output_token_throughput: 2,
      request_throughput: 2,
      // GPUStack's block prints guidellm's interval means as its rates
      total_token_throughput_interval_mean: 2,
      output_token_throughput_interval_mean: 2,
      request_throughput_interval_mean: 2,
    });
  /** Requests in flight on average: requests × mean latency (or TTFT, a lower bound) / duration (Little's law). */
  const inFlight = (run: Run) => {
    const { requests_successful: n, duration } = run.metrics;
    const latency = run.metrics['e2e_latency.mean'] ?? run.metrics['ttft.mean'];
    return n && duration && latency ? (n.value * latency.value) / 1000 / duration.value : 0;
  };
  /** The longest TTFT or end-to-end latency statistic the block prints, in s. */
  const longest = (run: Run) =>
    Math.max(
      0,
      ...Object.entries(run.metrics)
        .filter(([key]) => /^(ttft|e2e_latency)\./.test(key))
        .map(([, metric]) => (metric?.value ?? 0) / 1000),
    );
  const cap = (run: Run) => run.metrics.max_concurrency?.value ?? run.metrics.peak_concurrent_requests?.value ?? 0;

  it('vLLM and SGLang: where the requests filled over half the concurrency cap or peak, Little’s law now breaks (an error)', () => {
    const full = exactRates.filter((run) => cap(run) > 0 && inFlight(run) > cap(run) / 2);
    expect(full.length).toBeGreaterThan(30);
    for (const run of full) expect(errorCodes(halved(run)), run.id).toContain('E_INCONSISTENT_CONCURRENCY');
  });

  it('and where a latency was over half the duration, that latency now outlasts the benchmark (an error)', () => {
    const long = exactRates.filter((run) => run.metrics.duration && longest(run) > run.metrics.duration.value / 2);
    expect(long.length).toBeGreaterThan(100);
    for (const run of long) expect(errorCodes(halved(run)), run.id).toContain('E_LATENCY_BEYOND_DURATION');
  });

  it("GPUStack blocks: guidellm's duration is a window the requests may overrun, so the same breaks are warnings check holds", () => {
    const full = gpustack.filter((run) => inFlight(run) > (run.metrics.peak_concurrent_requests?.value ?? 0) / 2);
    expect(full).toHaveLength(57);
    for (const run of full) {
      expect(errorCodes(halved(run)), run.id).toEqual([]);
      expect(warningCodes(halved(run)), run.id).toContain('W_CONCURRENCY_BEYOND_WINDOW');
    }
  });
});
