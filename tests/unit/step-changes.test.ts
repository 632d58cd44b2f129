// compute/step-changes.ts: each variant of a step carries its change against the step's reference,
// and the reference is named beside it. Checked against the seeds' raw numbers by hand, and on
// small steps built here for the cases the seeds do not have (a latency, a skipped run).
import { describe, expect, it } from 'vitest';
import { withChanges } from '../../src/lib/compute/step-changes.ts';
import type { ComputedGuide, ComputedVariant, Measured, StepSummary } from '../../src/lib/schema/computed.ts';
import { buildFromDisk, rawLine } from '../helpers/guide-from-disk.ts';

const stepOf = (guide: ComputedGuide, id: string) => {
  const step = guide.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
};
const changesOf = (guide: ComputedGuide, stepId: string) =>
  Object.fromEntries(stepOf(guide, stepId).variants.map((v) => [v.id, v.change]));

describe('a step compared within itself (GLM-5.2, reference: worst)', () => {
  const guide = buildFromDisk('glm-5.2/h200').guide!;

  it('max-running: 256 and 512 against 64, the worst run, which has no change of its own', () => {
    expect(rawLine('glm-5.2/h200/max-running/64.txt', 11)).toContain('9959.18');
    expect(rawLine('glm-5.2/h200/max-running/256.txt', 11)).toContain('14451.05');
    expect(rawLine('glm-5.2/h200/max-running/512.txt', 11)).toContain('14251.08');
    const reference = { step: 'max-running', variant: 'max-running-64' };
    expect(stepOf(guide, 'max-running').reference).toEqual(reference);
    const changes = changesOf(guide, 'max-running');
    expect(changes['max-running-64']).toBeUndefined();
    // (14451.05 − 9959.18) / 9959.18 = 45.1028…%, 14451.05 / 9959.18 = 1.451028…
    expect(changes['max-running-256']?.reference).toEqual(reference);
    expect(changes['max-running-256']?.percent).toBeCloseTo(45.1028, 4);
    expect(changes['max-running-256']?.ratio).toBeCloseTo(1.451028, 6);
    // (14251.08 − 9959.18) / 9959.18 = 43.0949…%
    expect(changes['max-running-512']?.percent).toBeCloseTo(43.0949, 4);
  });

  it('the engine step: SGLang against vLLM, as its summary sentence says (+18.34%)', () => {
    expect(rawLine('glm-5.2/h200/engine/vllm.txt', 11)).toContain('5481.90');
    expect(rawLine('glm-5.2/h200/engine/sglang.txt', 11)).toContain('6487.53');
    const step = stepOf(guide, 'engine');
    expect(step.reference).toEqual({ step: 'engine', variant: 'vllm' });
    // (6487.53 − 5481.90) / 5481.90 = 18.3446…%
    expect(changesOf(guide, 'engine')['sglang']?.percent).toBeCloseTo(18.3446, 4);
    expect(step.summary.kind === 'pairwise' && step.summary.primary.percent).toBeCloseTo(18.3446, 4);
  });
});

describe('a step compared with the configuration it started from (GPT-OSS-120B, previous-winner, per GPU)', () => {
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

  it('a ranking step is compared with its first run that served every request (vLLM)', () => {
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
const pairwise = (reference: string, referenceStep?: string): StepSummary => ({
  kind: 'pairwise',
  winner: 'b',
  reference,
  ...(referenceStep ? { referenceStep } : {}),
  primary: { gain: 0, percent: 0, ratio: 1 },
  secondary: [],
});

describe('withChanges', () => {
  it('a latency: lower is better, so the ratio is reference / value', () => {
    const { reference, variants } = withChanges(
      's',
      [variant('a', 2), variant('b', 1.6)],
      pairwise('a'),
      undefined,
      false,
    );
    expect(reference).toEqual({ step: 's', variant: 'a' });
    expect(variants[1]?.change).toEqual({ reference: { step: 's', variant: 'a' }, percent: -20, ratio: 1.25 });
  });

  it('a run with failed requests and an unmeasured variant get no change; the reference is the first complete run', () => {
    const skipped = variant('a', 10, { successRate: 0.5 });
    const unsupported: ComputedVariant = { id: 'u', engine: { id: 'x', name: 'X' }, status: 'unsupported' };
    const { reference, variants } = withChanges(
      's',
      [skipped, unsupported, variant('b', 100), variant('c', 150)],
      { kind: 'none' },
      undefined,
      true,
    );
    expect(reference).toEqual({ step: 's', variant: 'b' });
    expect(variants.map((v) => v.change?.percent)).toEqual([undefined, undefined, undefined, 50]);
  });

  it('a reference in an earlier step is the configuration the step started from, named with its step', () => {
    const start = variant('w', 80) as ComputedVariant & { measured: Measured };
    const { reference, variants } = withChanges(
      's',
      [variant('b', 100)],
      pairwise('w', 'earlier'),
      { step: 'earlier', variant: start },
      true,
    );
    expect(reference).toEqual({ step: 'earlier', variant: 'w' });
    expect(variants[0]?.change).toEqual({ reference: { step: 'earlier', variant: 'w' }, percent: 25, ratio: 1.25 });
  });

  it('a summary naming a variant compute does not have is a bug, not a silent 0%', () => {
    expect(() => withChanges('s', [variant('b', 1)], pairwise('gone'), undefined, true)).toThrow(/s\/gone/);
    expect(() => withChanges('s', [variant('b', 1)], pairwise('w', 'other'), undefined, true)).toThrow(/other\/w/);
  });

  it('no run served every request: no reference, nothing compared', () => {
    const result = withChanges('s', [variant('a', 1, { successRate: 0.9 })], { kind: 'none' }, undefined, true);
    expect(result.reference).toBeUndefined();
    expect(result.variants[0]?.change).toBeUndefined();
  });
});
