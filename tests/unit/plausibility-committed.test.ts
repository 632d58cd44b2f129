// The plausibility checks on every block the repository holds: each committed run passes them, and
// the tampering they exist for (issue 21) is caught on each real block, not only on a made-up one.
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

describe('GPUStack blocks: rates within the band the committed blocks support', () => {
  it('there are the 64 blocks the band was measured on (each passes, above)', () => {
    expect(gpustack).toHaveLength(64);
  });

  it('a Total TPS raised by 40 % is refused on every one of them', () => {
    for (const run of gpustack)
      expect(errorCodes(scaled(run, { total_token_throughput: 1.4 })), run.id).toContain('E_INCONSISTENT_THROUGHPUT');
  });

  it('so is a Total TPS raised by 5 %: it no longer agrees with the block’s output rate', () => {
    for (const run of gpustack)
      expect(errorCodes(scaled(run, { total_token_throughput: 1.05 })), run.id).toContain('E_INCONSISTENT_THROUGHPUT');
  });

  it('and both token rates raised by 40 % together, which agree with each other', () => {
    for (const run of gpustack)
      expect(errorCodes(scaled(run, { total_token_throughput: 1.4, output_token_throughput: 1.4 })), run.id).toContain(
        'E_INCONSISTENT_THROUGHPUT',
      );
  });
});

describe('a duration halved and its rates doubled (the totals kept)', () => {
  const halved = (run: Run) =>
    scaled(run, {
      duration: 0.5,
      total_token_throughput: 2,
      output_token_throughput: 2,
      request_throughput: 2,
    });
  /** Requests in flight on average: requests × mean latency / duration (Little's law). */
  const inFlight = (run: Run) => {
    const { requests_successful: n, duration, 'e2e_latency.mean': latency } = run.metrics;
    return n && duration && latency ? (n.value * latency.value) / 1000 / duration.value : 0;
  };

  it('is refused on every GPUStack block whose requests filled over half its peak concurrency (57 of 64)', () => {
    const full = gpustack.filter((run) => inFlight(run) > (run.metrics.peak_concurrent_requests?.value ?? 0) / 2);
    expect(full).toHaveLength(57);
    for (const run of full) expect(errorCodes(halved(run)), run.id).toContain('E_INCONSISTENT_CONCURRENCY');
  });

  it('and where the mean latency was over half the duration, that latency now outlasts the benchmark', () => {
    const long = runs.filter((run) => {
      const { duration, 'e2e_latency.mean': latency } = run.metrics;
      return duration && latency && latency.value / 1000 > duration.value / 2;
    });
    expect(long.length).toBeGreaterThan(0);
    for (const run of long) expect(errorCodes(halved(run)), run.id).toContain('E_LATENCY_BEYOND_DURATION');
  });
});
