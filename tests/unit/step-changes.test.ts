// compute/step-changes.ts: each variant of a step carries its change against the configuration the
// step started from (the baseline, or the last adopted winner), on the objective and on every
// secondary metric, and that reference is named beside it (issue 22: a step's table compares with
// where the step started, not with its worst run). Checked against the seeds' raw numbers by hand,
// and on small steps built here for the cases the seeds do not have (a latency, a skipped run).
import { describe, expect, it } from 'vitest';
import { withChanges } from '../../src/lib/compute/step-changes.ts';
import type { ComputedGuide, ComputedVariant, Measured } from '../../src/lib/schema/computed.ts';
import type { MeasuredVariant } from '../../src/lib/schema/served.ts';
import { buildFromDisk, rawLine } from '../helpers/guide-from-disk.ts';

const stepOf = (guide: ComputedGuide, id: string) => {
  const step = guide.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
};
const changesOf = (guide: ComputedGuide, stepId: string) =>
  Object.fromEntries(stepOf(guide, stepId).variants.map((v) => [v.id, v.change]));

describe('GLM-5.2: every step against the configuration it started from', () => {
  const guide = buildFromDisk('glm-5.2/h200').guide!;

  it('parallel: TP+DP+DP-attention gains +8.07% over TP, the run the step started from, not +10.04% over its worst run', () => {
    // The step lists its start (TP is engine/sglang.txt, the engine step's adopted winner) as a variant.
    expect(rawLine('glm-5.2/h200/engine/sglang.txt', 11)).toContain('6487.53');
    expect(rawLine('glm-5.2/h200/parallel/tp-dp-dp-attention.txt', 11)).toContain('7011.17');
    const reference = { step: 'parallel', variant: 'tp' };
    expect(stepOf(guide, 'parallel').reference).toEqual(reference);
    const changes = changesOf(guide, 'parallel');
    expect(changes['tp']).toBeUndefined();
    // (7011.17 − 6487.53) / 6487.53 = 8.0715…%
    expect(changes['tp-dp-dp-attention']?.reference).toEqual(reference);
    expect(changes['tp-dp-dp-attention']?.percent).toBeCloseTo(8.0715, 4);
    // Mean TPOT 497.48 against 540.79 ms: (497.48 − 540.79) / 540.79 = −8.0087…%, 540.79 / 497.48 = 1.0871 better
    expect(rawLine('glm-5.2/h200/parallel/tp-dp-dp-attention.txt', 23)).toContain('497.48');
    expect(changes['tp-dp-dp-attention']?.secondaryPercent[0]).toBeCloseTo(-8.0087, 4);
    expect(changes['tp-dp-dp-attention']?.secondaryRatio[0]).toBeCloseTo(1.0871, 4);
    // The summary sentence keeps the seed's comparison: the winner against the step's worst run.
    const summary = stepOf(guide, 'parallel').summary;
    expect(summary.kind === 'pairwise' && [summary.reference, summary.primary.percent]).toEqual([
      'tp-dp-attention',
      expect.closeTo(10.0381, 3),
    ]);
  });

  it('max-running: its runs against memory fraction 0.85, the adopted winner of the step before', () => {
    expect(rawLine('glm-5.2/h200/mem-fraction/0.85.txt', 11)).toContain('13760.98');
    expect(rawLine('glm-5.2/h200/max-running/64.txt', 11)).toContain('9959.18');
    expect(rawLine('glm-5.2/h200/max-running/256.txt', 11)).toContain('14451.05');
    const reference = { step: 'mem-fraction', variant: '0.85' };
    expect(stepOf(guide, 'max-running').reference).toEqual(reference);
    const changes = changesOf(guide, 'max-running');
    // (9959.18 − 13760.98) / 13760.98 = −27.6274…%; (14451.05 − 13760.98) / 13760.98 = 5.0147…%
    expect(changes['max-running-64']?.percent).toBeCloseTo(-27.6274, 4);
    expect(changes['max-running-256']?.reference).toEqual(reference);
    expect(changes['max-running-256']?.percent).toBeCloseTo(5.0147, 4);
    expect(changes['max-running-256']?.ratio).toBeCloseTo(1.050147, 6);
    // Mean TPOT 255.63 against 266.89 ms: −4.2190…%
    expect(changes['max-running-256']?.secondaryPercent[0]).toBeCloseTo(-4.219, 4);
  });

  it('the engine step starts from the baseline: SGLang against vLLM (+18.34%)', () => {
    expect(rawLine('glm-5.2/h200/engine/vllm.txt', 11)).toContain('5481.90');
    const step = stepOf(guide, 'engine');
    expect(step.reference).toEqual({ step: 'engine', variant: 'vllm' });
    // (6487.53 − 5481.90) / 5481.90 = 18.3446…%
    expect(changesOf(guide, 'engine')['sglang']?.percent).toBeCloseTo(18.3446, 4);
  });
});

describe('GPT-OSS-120B: the start is an earlier step, compared per GPU', () => {
  const guide = buildFromDisk('gpt-oss-120b/h100').guide!;

  it('TP2, TP4 and PP2 against the async-scheduling run of the step before, on the scaled scores', () => {
    expect(rawLine('gpt-oss-120b/h100/async-scheduling-in-vllm/run.txt', 8)).toContain('6325.41');
    expect(rawLine('gpt-oss-120b/h100/parallelism-in-vllm/tp2.txt', 8)).toContain('16042.19');
    expect(rawLine('gpt-oss-120b/h100/parallelism-in-vllm/tp4.txt', 8)).toContain('23759.49');
    const reference = { step: 'async-scheduling', variant: 'async-scheduling' };
    expect(stepOf(guide, 'parallelism').reference).toEqual(reference);
    const changes = changesOf(guide, 'parallelism');
    // On the 4-GPU machine: async scheduling on 1 GPU scores 6325.41 × 4 = 25301.64,
    // TP2 on 2 GPUs 16042.19 × 2 = 32084.38 (+26.8075…%), TP4 on all four 23759.49 (−6.0951…%).
    expect(changes['tp2']).toMatchObject({ reference });
    expect(changes['tp2']?.percent).toBeCloseTo(26.8075, 4);
    expect(changes['tp2']?.ratio).toBeCloseTo(1.268075, 6);
    expect(changes['tp4']?.percent).toBeCloseTo(-6.0951, 4);
    expect(changes['tp4']?.ratio).toBeCloseTo(0.939049, 6);
    // PP2 on 2 GPUs: 11198.56 × 2 = 22397.12, −11.4796…%
    expect(rawLine('gpt-oss-120b/h100/parallelism-in-vllm/pp2.txt', 8)).toContain('11198.56');
    expect(changes['pp2']?.percent).toBeCloseTo(-11.4796, 4);
  });

  it('the engine step is compared with the baseline (vLLM)', () => {
    expect(stepOf(guide, 'engine').reference).toEqual({ step: 'engine', variant: 'vllm' });
    expect(rawLine('gpt-oss-120b/h100/choosing-the-inference-engine/vllm.txt', 8)).toContain('6095.37');
    expect(rawLine('gpt-oss-120b/h100/choosing-the-inference-engine/sglang.txt', 8)).toContain('1814.32');
    // (1814.32 − 6095.37) / 6095.37 = −70.2345…%
    expect(changesOf(guide, 'engine')['sglang']?.percent).toBeCloseTo(-70.2345, 4);
  });
});

/** A small measured variant: score is the primary (one accelerator, no scaling). */
function variant(id: string, score: number, extra: Partial<Measured> = {}): ComputedVariant {
  const cell = { value: score, unit: 'ms' as const, printed: String(score), line: 1, runId: id };
  return {
    id,
    engine: { id: 'vllm', name: 'vLLM' },
    status: 'ok',
    measured: { runId: id, primary: cell, secondary: [], gpus: 1, scale: 1, score, ...extra },
  };
}
const latencyKeys = { primaryHigher: false, secondary: ['ttft.mean', 'gsm8k_accuracy'] as const };
const throughputKeys = { primaryHigher: true, secondary: [] };
const started = (v: ComputedVariant, step = 'earlier') => ({ step, variant: v as MeasuredVariant });

describe('withChanges', () => {
  it('a latency: lower is better, so the ratio is reference / value, on every secondary metric by its own direction', () => {
    const secondary = (ttft: number, accuracy: number): Measured['secondary'] => [
      { value: ttft, unit: 'ms', printed: String(ttft), line: 2, runId: 'x' },
      { value: accuracy, unit: 'fraction', printed: String(accuracy), line: 3, runId: 'x' },
    ];
    const a = variant('a', 2, { secondary: secondary(100, 0.8) });
    const b = variant('b', 1.6, { secondary: secondary(125, 0.9) });
    const { reference, variants } = withChanges('s', [a, b], started(a, 's'), latencyKeys);
    expect(reference).toEqual({ step: 's', variant: 'a' });
    // TTFT 125 against 100 ms: +25%, 100 / 125 = 0.8 (worse); accuracy 0.9 against 0.8: +12.5%, 1.125 (better)
    expect(variants[1]?.change).toEqual({
      reference: { step: 's', variant: 'a' },
      percent: -20,
      ratio: 1.25,
      secondaryPercent: [25, 12.5],
      secondaryRatio: [0.8, 1.125],
    });
  });

  it('a run with failed requests and an unmeasured variant get no change', () => {
    const skipped = variant('a', 10, { successRate: 0.5 });
    const unsupported: ComputedVariant = { id: 'u', engine: { id: 'x', name: 'X' }, status: 'unsupported' };
    const { reference, variants } = withChanges(
      's',
      [skipped, unsupported, variant('b', 100), variant('c', 150)],
      started(variant('w', 120)),
      throughputKeys,
    );
    expect(reference).toEqual({ step: 'earlier', variant: 'w' });
    expect(variants.map((v) => v.change?.percent)).toEqual([undefined, undefined, expect.closeTo(-16.6667, 4), 25]);
  });

  it("a variant that is the start's own run is the reference, in this step", () => {
    const start = variant('w', 80);
    const again = { ...variant('same', 80), measured: start.measured };
    const { reference, variants } = withChanges('s', [again, variant('b', 100)], started(start), throughputKeys);
    expect(reference).toEqual({ step: 's', variant: 'same' });
    expect(variants.map((v) => v.change?.percent)).toEqual([undefined, 25]);
  });

  it('a start in an earlier step is named with its step', () => {
    const { reference, variants } = withChanges('s', [variant('b', 100)], started(variant('w', 80)), throughputKeys);
    expect(reference).toEqual({ step: 'earlier', variant: 'w' });
    expect(variants[0]?.change).toEqual({
      reference: { step: 'earlier', variant: 'w' },
      percent: 25,
      ratio: 1.25,
      secondaryPercent: [],
      secondaryRatio: [],
    });
  });

  it('no run served every request: no reference, nothing compared', () => {
    const result = withChanges('s', [variant('a', 1, { successRate: 0.9 })], started(variant('w', 2)), throughputKeys);
    expect(result.reference).toBeUndefined();
    expect(result.variants[0]?.change).toBeUndefined();
  });
});
