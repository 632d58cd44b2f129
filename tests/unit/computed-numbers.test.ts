// Numbers pages and downloads show that compute now stores: a run's accelerators and its throughput
// per accelerator (compute/measure-run.ts), a benchmark case's change on each secondary metric
// (compute/comparison.ts). Checked against the raw files' printed numbers by hand.
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { buildFromDisk, rawLine } from '../helpers/guide-from-disk.ts';

const caseOf = (guide: ComputedGuide, id: string) => {
  const found = guide.comparison.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};

describe('accelerators and throughput per accelerator', () => {
  const gptOss = buildFromDisk('gpt-oss-120b/h100').guide!;

  it('GPT-OSS-120B (4 GPUs): a 1-GPU and a 2-GPU run, each per accelerator it used', () => {
    expect(rawLine('gpt-oss-120b/h100/choosing-the-inference-engine/vllm.txt', 8)).toContain('6095.37');
    expect(rawLine('gpt-oss-120b/h100/parallelism-in-vllm/tp2.txt', 8)).toContain('16042.19');
    const sharegpt = caseOf(gptOss, 'sharegpt');
    expect(sharegpt.baseline.measured).toMatchObject({ gpus: 1, scale: 4, perAccelerator: 6095.37 });
    expect(sharegpt.baseline.measured.score).toBeCloseTo(6095.37 * 4, 8);
    // 16042.19 / 2 GPUs
    expect(sharegpt.optimized.measured).toMatchObject({ gpus: 2, scale: 2, perAccelerator: 8021.095 });
  });

  it('a run on the whole machine: per accelerator is its throughput over all of them', () => {
    expect(rawLine('gpt-oss-120b/h100/parallelism-in-vllm/tp4.txt', 8)).toContain('23759.49');
    const tp4 = gptOss.steps.find((s) => s.id === 'parallelism')?.variants.find((v) => v.id === 'tp4');
    // 23759.49 / 4 = 5939.8725
    expect(tp4?.measured).toMatchObject({ gpus: 4, scale: 1, score: 23759.49, perAccelerator: 5939.8725 });
    expect(rawLine('glm-5.2/h200/engine/vllm.txt', 11)).toContain('5481.90');
    // GLM-5.2 on 8 GPUs, none named: 5481.90 / 8 = 685.2375
    expect(buildFromDisk('glm-5.2/h200').guide!.baseline.measured).toMatchObject({
      gpus: 8,
      perAccelerator: 685.2375,
    });
  });

  it('a latency is per request: no value per accelerator', () => {
    const latency = buildFromDisk('qwen3-8b/h100-latency').guide!;
    expect(latency.baseline.measured.gpus).toBe(1);
    expect(latency.baseline.measured.perAccelerator).toBeUndefined();
    for (const c of latency.comparison) expect(c.optimized.measured.perAccelerator).toBeUndefined();
  });
});

describe('a benchmark case’s change on each secondary metric', () => {
  const glm = buildFromDisk('glm-5.2/h200').guide!;

  it('GLM-5.2: Mean TPOT falls on the target case and rises on ShareGPT, in percent of the baseline', () => {
    expect(rawLine('glm-5.2/h200/engine/vllm.txt', 23)).toContain('636.24');
    expect(rawLine('glm-5.2/h200/kv-cache/fp8_e4m3.txt', 23)).toContain('217.89');
    // (217.89 − 636.24) / 636.24 = −65.7535…%
    const [balanced] = caseOf(glm, 'balanced').secondaryPercent;
    expect(balanced).toBeCloseTo(-65.7535, 4);
    expect(rawLine('glm-5.2/h200/cases/sharegpt/baseline.txt', 23)).toContain('149.24');
    expect(rawLine('glm-5.2/h200/cases/sharegpt/optimized.txt', 23)).toContain('331.21');
    // (331.21 − 149.24) / 149.24 = +121.9311…%
    expect(caseOf(glm, 'sharegpt').secondaryPercent).toHaveLength(1);
    expect(caseOf(glm, 'sharegpt').secondaryPercent[0]).toBeCloseTo(121.9311, 4);
  });

  it('a guide with two secondary metrics has a change for each, in its order', () => {
    const latency = buildFromDisk('qwen3-8b/h100-latency').guide!;
    expect(latency.metrics.secondary).toEqual(['ttft.mean', 'tpot.mean']);
    for (const c of latency.comparison) {
      const expected = c.baseline.measured.secondary.map(
        (cell, i) => ((c.optimized.measured.secondary[i]!.value - cell.value) / cell.value) * 100,
      );
      expect(c.secondaryPercent).toHaveLength(2);
      c.secondaryPercent.forEach((percent, i) => expect(percent).toBeCloseTo(expected[i]!, 8));
    }
  });
});
