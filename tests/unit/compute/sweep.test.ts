// A sweep (compute/sweep.ts): the committed latency guides measured one workload at several request
// rates (qwen3.5-35b-a3b, GPUStack profiles) and concurrency caps (qwen3-8b, --max-concurrency);
// their points are the runs' own values, or computed from the runs' own lines. Guides whose cases are different workloads have none.
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../../src/lib/schema/computed.ts';
import { buildFromDisk } from '../../helpers/guide-from-disk.ts';
import { stored } from '../../../src/lib/format/number.ts';

const sweepOf = (id: string) => buildFromDisk(id).guide?.sweep;
const points = (sweep: ComputedGuide['sweep']) =>
  sweep?.points.map((p) => [
    p.value,
    p.baseline.throughput.value,
    p.baseline.latency.value,
    p.optimized.throughput.value,
    p.optimized.latency.value,
  ]);

describe('computeSweep', () => {
  it('qwen3.5-35b-a3b: four request rates, the output throughput as totals / duration and the mean latency the GPUStack blocks print', () => {
    const sweep = sweepOf('qwen3.5-35b-a3b/h200-latency');
    expect(sweep).toMatchObject({
      parameter: 'rate',
      throughput: 'output_token_throughput',
      latency: 'e2e_latency.mean',
    });
    // "Total generated tokens: 281412" over each block's "Benchmark duration (s)": the blocks'
    // own "Output token throughput" is guidellm's interval mean (281.70, 1119.46 …), another figure.
    const rate = (duration: number) => stored(281412 / duration);
    expect(points(sweep)).toEqual([
      [1, rate(1000.76), 1850, rate(1000.01), 1500],
      [4, rate(254.48), 3300, rate(253.07), 2520],
      [8, rate(132.25), 5320, rate(129.19), 3280],
      [16, rate(80.77), 18590, rate(69.63), 6790],
    ]);
    // Each value names its raw lines: the totals and the duration it is computed from.
    const first = sweep?.points[0]?.baseline.throughput;
    expect(first?.runId).toBe('cases/rate-1/baseline');
    expect(first?.derived).toMatchObject({ formula: 'output-tokens-over-duration' });
    expect(first?.derived?.lines).toHaveLength(2);
  });

  it('qwen3-8b: four concurrency caps, the latency derived from TTFT and TPOT with its lines', () => {
    const sweep = sweepOf('qwen3-8b/h100-latency');
    expect(sweep?.parameter).toBe('concurrency');
    expect(sweep?.points.map((p) => [p.value, p.baseline.throughput.value, p.optimized.throughput.value])).toEqual([
      [1, 132.86, 335.15],
      [2, 257.19, 586.35],
      [4, 496.88, 1046.22],
      [8, 917.28, 1638.82],
    ]);
    expect(sweep?.points[0]?.baseline.latency.derived?.formula).toBe('mean-latency-from-ttft-tpot');
  });

  it('cases that are different workloads are no sweep, even with a rate each (GLM-5.2’s profiles)', () => {
    for (const id of ['glm-5.2/h200', 'glm-4.x/h200', 'qwen3.5-9b/h100', 'gpt-oss-120b/h100'])
      expect(sweepOf(id)).toBeUndefined();
  });
});
