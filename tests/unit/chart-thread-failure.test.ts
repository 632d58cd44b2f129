// A chart worker that stops before answering fails the charts it owed (and with them the build)
// instead of leaving their pages waiting for ever.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'perflab-chart-worker-'));
const saved = process.env.PERFLAB_CHART_WORKER;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.PERFLAB_CHART_WORKER;
  else process.env.PERFLAB_CHART_WORKER = saved;
});

describe('chart worker that stops', () => {
  it('rejects every chart it was asked for', async () => {
    const dying = join(dir, 'dying-worker.mjs');
    writeFileSync(dying, 'setTimeout(() => process.exit(3), 50);\n');
    process.env.PERFLAB_CHART_WORKER = dying;
    const { comparisonChart } = await import('../../src/chart-thread.ts');
    const input = { metric: 'm', baselineLabel: 'a', optimizedLabel: 'b', cases: [] };
    const both = [comparisonChart(input, 'wide'), comparisonChart(input, 'narrow')];
    for (const chart of both) await expect(chart).rejects.toThrow('chart worker stopped (exit code 3)');
  });
});
