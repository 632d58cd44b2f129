// One model across the machines it was measured on (data/models): held against the committed
// data/guides, whose decision yields are the only figures it may hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardwareFacts, modelPages } from '../../src/lib/compute/across-hardware.ts';
import { costPerMillion } from '../../src/lib/compute/decision-yield.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { ComputedModelSchema } from '../../src/lib/schema/computed-model.ts';
import { stableJson } from '../../src/lib/stable-json.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const guide = (id: string) => JSON.parse(read(`data/guides/${id}.json`)) as ComputedGuide;
const GPT = ['gpt-oss-120b/a100', 'gpt-oss-120b/h100'].map(guide);

describe('a model across hardware', () => {
  const [page] = modelPages(GPT.map(hardwareFacts));
  const sharegpt = page!.workloads.find((w) => w.key === 'sharegpt')!;

  it('ranks each machine on a workload by its best total tok/s per GPU, and separately by cost', () => {
    expect(page!.guides).toEqual(['gpt-oss-120b/a100', 'gpt-oss-120b/h100']);
    // H100 yields more per GPU; the A100, at its lower stated price, costs less per million tokens.
    expect(sharegpt.rows.map((r) => [r.guide, r.perGpuRank, r.costRank])).toEqual([
      ['gpt-oss-120b/h100', 1, 2],
      ['gpt-oss-120b/a100', 2, 1],
    ]);
  });

  it('each figure is a measured point of its guide, with its raw line, and no point of it yields more per GPU', () => {
    for (const workload of page!.workloads)
      for (const row of workload.rows) {
        const g = GPT.find((x) => x.id === row.guide)!;
        const measured = g.decision.workloads.find((w) => w.label.en.toLowerCase() === workload.key)!;
        const point = measured.points.find((p) => p.runId === row.runId)!;
        expect(point.yield?.totalPerGpu).toBe(row.totalPerGpu);
        expect(row.total).toEqual(point.yield?.total);
        expect(row.totalPerGpu).toBe(Math.max(...measured.points.map((p) => p.yield?.totalPerGpu ?? 0)));
        expect(row.totalSource).toBe(`${g.runs[row.runId]!.file}:${row.total.line}`);
        expect(read(g.runs[row.runId]!.file).split('\n')[row.total.line - 1]).toContain(row.total.printed);
        expect(row.price?.usdPerGpuHour).toBe(g.decision.price?.usdPerGpuHour);
        expect(row.cost?.total).toBe(costPerMillion(row.price!.usdPerGpuHour, row.gpus, row.total.value));
      }
  });

  it('a model on one machine still has its page; equal figures share a rank', () => {
    const [glm] = modelPages([hardwareFacts(guide('glm-5.2/h200'))]);
    expect(glm!.workloads.map((w) => w.rows.length)).toEqual(glm!.workloads.map(() => 1));
    const twice = modelPages([hardwareFacts(GPT[1]!), { ...hardwareFacts(GPT[1]!), id: 'gpt-oss-120b/h100-b' }]);
    expect(twice[0]!.workloads[0]!.rows.map((r) => r.perGpuRank)).toEqual([1, 1]);
  });

  it('data/models is what compute makes of data/guides', () => {
    const ids = JSON.parse(read('data/models/gpt-oss-120b.json')) as unknown;
    expect(ComputedModelSchema.parse(ids)).toEqual(page);
    expect(read('data/models/gpt-oss-120b.json')).toBe(stableJson(page));
  });
});
