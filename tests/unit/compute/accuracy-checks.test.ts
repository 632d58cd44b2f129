// compute/accuracy-checks.ts: each accuracy check's scores and sample counts from its runs, and
// the noise verdict on the first two when they measure the same thing; contradictions and missing
// counts are errors.
import { describe, expect, it } from 'vitest';
import { computeAccuracy } from '../../../src/lib/compute/accuracy-checks.ts';
import { context, guide, run } from '../../helpers/compute-input.ts';

const check = (extra: Record<string, unknown> = {}) => ({
  id: 'gsm8k',
  after: 'engine',
  title: { en: 'Accuracy', zh: '准确率' },
  column: { en: 'KV cache', zh: 'KV 缓存' },
  results: [
    { label: 'bf16', result: 'acc/bf16.txt' },
    { label: 'fp8', result: 'acc/fp8.txt' },
  ],
  ...extra,
});
// accuracy on line 2, sample count on line 3
const printed = [
  run('acc/bf16.txt', { gsm8k_accuracy: '0.9', gsm8k_n: '101' }),
  run('acc/fp8.txt', { gsm8k_accuracy: '0.8', gsm8k_n: '101' }),
];
const unprinted = [run('acc/bf16.txt', { gsm8k_accuracy: '0.9' }), run('acc/fp8.txt', { gsm8k_accuracy: '0.8' })];

describe('computeAccuracy', () => {
  it('scores and printed sample counts, and the verdict: 0.9 → 0.8 on 101 questions is beyond noise', () => {
    const { ctx, reported } = context(guide({ accuracy: [check()] }), printed);
    const [only] = computeAccuracy(ctx);
    expect(reported()).toEqual([]);
    expect(only).toEqual({
      id: 'gsm8k',
      after: 'engine',
      title: { en: 'Accuracy', zh: '准确率' },
      column: { en: 'KV cache', zh: 'KV 缓存' },
      results: [
        {
          label: 'bf16',
          score: { line: 2, printed: '0.9', unit: 'fraction', value: 0.9, runId: 'acc/bf16' },
          samples: 101,
        },
        {
          label: 'fp8',
          score: { line: 2, printed: '0.8', unit: 'fraction', value: 0.8, runId: 'acc/fp8' },
          samples: 101,
        },
      ],
      // SE(Δ) = √(0.9·0.1/100 + 0.8·0.2/100) = √0.0025 = 0.05; z = −0.1 / 0.05 = −2; 0.1 × 101 = 10.1
      verdict: { difference: -0.1, standardError: 0.05, z: -2, withinNoise: false, questions: 10.1 },
    });
    expect([...ctx.usedRuns.keys()]).toEqual(['acc/bf16', 'acc/fp8']);
  });

  it('a lone result is shown as it is, with no verdict', () => {
    const lone = check({ results: [{ label: 'bf16', result: 'acc/bf16.txt' }] });
    const { ctx, reported } = context(guide({ accuracy: [lone] }), printed);
    const [only] = computeAccuracy(ctx);
    expect(reported()).toEqual([]);
    expect(only?.results.map((r) => [r.label, r.score.value, r.samples])).toEqual([['bf16', 0.9, 101]]);
    expect(only).not.toHaveProperty('verdict');
    expect([...ctx.usedRuns.keys()]).toEqual(['acc/bf16']);
  });

  it('takes the sample count from guide.yaml when the output prints none', () => {
    const { ctx, reported } = context(guide({ accuracy: [check({ samples: 101 })] }), unprinted);
    expect(computeAccuracy(ctx)[0]?.results.map((r) => r.samples)).toEqual([101, 101]);
    expect(reported()).toEqual([]);
  });

  it('a sample count in guide.yaml that contradicts the printed one is an error', () => {
    const { ctx, reported } = context(guide({ accuracy: [check({ samples: 200 })] }), printed);
    // the printed count is the one used
    expect(computeAccuracy(ctx)[0]?.results.map((r) => r.samples)).toEqual([101, 101]);
    expect(reported()).toEqual([
      'accuracy.0.samples E_INCONSISTENT: samples: 200 contradicts data/raw/tiny/h100/acc/bf16.txt:3, which printed 101',
      'accuracy.0.samples E_INCONSISTENT: samples: 200 contradicts data/raw/tiny/h100/acc/fp8.txt:3, which printed 101',
    ]);
  });

  it('no sample count anywhere: an error, and no check', () => {
    const { ctx, reported } = context(guide({ accuracy: [check()] }), unprinted);
    expect(computeAccuracy(ctx)).toEqual([]);
    expect(reported()).toEqual([
      'accuracy.0.samples E_MISSING_REQUIRED: data/raw/tiny/h100/acc/bf16.txt does not print its sample count; the noise verdict needs it',
      'accuracy.0.samples E_MISSING_REQUIRED: data/raw/tiny/h100/acc/fp8.txt does not print its sample count; the noise verdict needs it',
    ]);
  });

  it('a check shown after a step that does not exist, or over a run without a score', () => {
    const noScore = [printed[0]!, run('acc/fp8.txt', { gsm8k_n: '101' })];
    const { ctx, reported } = context(guide({ accuracy: [check({ after: 'engin' })] }), noScore);
    expect(computeAccuracy(ctx)).toEqual([]);
    expect(reported()).toEqual([
      'accuracy.0.after E_REFERENCE: unknown step "engin"',
      'accuracy.0.results.1.result E_MISSING_REQUIRED: data/raw/tiny/h100/acc/fp8.txt (lines 1-2) has no gsm8k_accuracy, which this guide needs',
    ]);
  });

  it('results of another task, scoring or sample set are shown side by side without a verdict', () => {
    const measures = (r: ReturnType<typeof run>, task: string, scoring: string) => ({
      ...r,
      evaluation: { task, scoring },
    });
    const unlike = [
      measures(run('acc/bf16.txt', { gsm8k_accuracy: '0.951', gsm8k_n: '1319' }), 'gsm8k', 'last-integer'),
      measures(run('acc/fp8.txt', { gsm8k_accuracy: '0.9', gsm8k_n: '1209' }), 'gsm8k_platinum_cot', 'strict-match'),
    ];
    const { ctx, reported } = context(guide({ accuracy: [check()] }), unlike);
    const [only] = computeAccuracy(ctx);
    expect(reported()).toEqual([]);
    expect(only).not.toHaveProperty('verdict');
    expect(only?.incomparable).toEqual(['task', 'scoring', 'samples']);
    expect(only?.results.map((r) => [r.label, r.score.value, r.samples, r.evaluation?.scoring])).toEqual([
      ['bf16', 0.951, 1319, 'last-integer'],
      ['fp8', 0.9, 1209, 'strict-match'],
    ]);

    // the same task and scoring on different questions: still no verdict
    const sameTask = [
      unlike[0]!,
      measures(run('acc/fp8.txt', { gsm8k_accuracy: '0.94', gsm8k_n: '200' }), 'gsm8k', 'last-integer'),
    ];
    const other = context(guide({ accuracy: [check()] }), sameTask);
    expect(computeAccuracy(other.ctx)[0]).toMatchObject({ incomparable: ['samples'] });
    expect(computeAccuracy(other.ctx)[0]).not.toHaveProperty('verdict');

    // like with like: the verdict
    const like = [
      unlike[0]!,
      measures(run('acc/fp8.txt', { gsm8k_accuracy: '0.949', gsm8k_n: '1319' }), 'gsm8k', 'last-integer'),
    ];
    const same = context(guide({ accuracy: [check()] }), like);
    expect(computeAccuracy(same.ctx)[0]).toMatchObject({ verdict: { withinNoise: true } });
    expect(computeAccuracy(same.ctx)[0]).not.toHaveProperty('incomparable');
  });
});
