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
