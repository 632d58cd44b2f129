// compute/steps.ts: each step's variants measured and its winner picked (or an author's winner),
// then the walk from the baseline that adopts a step only when its winner beats the configuration
// it started from. On threeSteps() (tests/helpers/compute-input.ts) and variations of it.
import { describe, expect, it } from 'vitest';
import type { MeasuredStep } from '../../../src/lib/compute/measured-step.ts';
import { concludeSteps, measureSteps } from '../../../src/lib/compute/steps.ts';
import type { ComputeContext } from '../../../src/lib/compute/context.ts';
import { context, guide, run, step, threeSteps, tps } from '../../helpers/compute-input.ts';

function conclude(ctx: ComputeContext) {
  const measured = measureSteps(ctx);
  if (measured.some((m) => m === undefined)) throw new Error('a step failed to measure');
  const all = measured as MeasuredStep[];
  const vllm = all[0]!.complete.find((v) => v.id === 'vllm')!;
  return concludeSteps(ctx, all, { step: all[0]!.step.id, variant: vllm });
}

describe('measureSteps', () => {
  it('measures every variant and picks the best complete run of each step', () => {
    const { guide: g, runs } = threeSteps();
    const { ctx, reported } = context(g, runs);
    const measured = measureSteps(ctx);
    expect(reported()).toEqual([]);
    expect(measured.map((m) => [m?.number, m?.winner?.id, m?.complete.map((v) => v.measured.score)])).toEqual([
      [1, 'sglang', [1200, 1500]],
      [2, 'b', [1400, 1800]],
      [3, 'c', [1700]],
    ]);
    expect(measured[0]?.variants[1]).toMatchObject({
      id: 'sglang',
      label: { en: 'sglang', zh: 'sglang' },
      engine: { id: 'sglang', name: 'SGLang' },
      args: ['--tp-size 8'],
      status: 'ok',
    });
  });

  it('a run that failed requests is measured but never wins: 2000 tok/s with 5% failed loses to 1600', () => {
    const runs = [
      tps('engine/vllm.txt', '1600.00', '40.00'),
      run('engine/sglang.txt', {
        total_token_throughput: '2000.00',
        'tpot.mean': '30.00',
        requests_successful: '95',
        requests_failed: '5',
      }),
    ];
    const { ctx } = context(guide(), runs);
    const [engine] = measureSteps(ctx);
    expect(engine?.winner?.id).toBe('vllm');
    expect(engine?.complete.map((v) => v.id)).toEqual(['vllm']);
    expect(engine?.variants[1]?.measured?.successRate).toBe(0.95);
  });

  it('a tie on the objective is an error that asks the author to name the winner', () => {
    const { ctx, reported } = context(guide(), [
      tps('engine/vllm.txt', '1500.00', '40.00'),
      tps('engine/sglang.txt', '1500.00', '32.00'),
    ]);
    expect(measureSteps(ctx)).toEqual([undefined]);
    expect(reported()).toEqual([
      'steps.0.winner E_NO_WINNER: step "engine": "vllm" and "sglang" tie on total_token_throughput; the winner cannot be decided',
    ]);
    expect(ctx.diagnostics[0]?.found).toBe('2 variants at 1500.00');
  });

  it('an author’s winner overrules the numbers; one that is not a complete run is an error', () => {
    const reason = { en: 'newer driver', zh: '更新的驱动' };
    const runs = [tps('engine/vllm.txt', '1200.00', '40.00'), tps('engine/sglang.txt', '1500.00', '32.00')];
    const named = (variant: string) =>
      guide({
        steps: [
          step(
            'engine',
            [
              ['vllm', 'vllm', 'engine/vllm.txt'],
              ['sglang', 'sglang', 'engine/sglang.txt'],
            ],
            { winner: { variant, reason } },
          ),
        ],
      });
    expect(measureSteps(context(named('vllm'), runs).ctx)[0]?.winner?.id).toBe('vllm');
    const { ctx, reported } = context(named('sglng'), runs);
    expect(measureSteps(ctx)).toEqual([undefined]);
    expect(reported()).toEqual([
      'steps.0.winner.variant E_REFERENCE: winner "sglng" is not a measured variant of step "engine"',
    ]);
    expect(ctx.diagnostics[0]?.hint).toBe('did you mean "sglang"?');
  });

  it('repeated variant ids, and a variant without a label among several, are errors', () => {
    const runs = [tps('engine/vllm.txt', '1200.00', '40.00')];
    const twice = guide({
      steps: [
        step('engine', [
          ['vllm', 'vllm', 'engine/vllm.txt'],
          ['vllm', 'vllm', 'engine/vllm.txt'],
        ]),
      ],
    });
    const duplicate = context(twice, runs);
    expect(measureSteps(duplicate.ctx)).toEqual([undefined]);
    expect(duplicate.reported()).toEqual([
      'steps.0.variants.1.id E_DUPLICATE: duplicate variant id "vllm" (first used at index 0)',
    ]);
    const unlabelled = guide({
      steps: [
        {
          id: 'engine',
          title: { en: 'Engine', zh: '引擎' },
          summary: 'none',
          variants: [
            { id: 'vllm', engine: 'vllm', result: 'engine/vllm.txt' },
            { id: 'trt', engine: 'vllm', status: 'unsupported', reason: 'not supported' },
          ],
        },
      ],
    });
    const missing = context(unlabelled, runs);
    measureSteps(missing.ctx);
    expect(missing.reported()).toEqual([
      'steps.0.variants.0 E_MISSING_REQUIRED: variant "vllm" of step "engine" has no label',
      'steps.0.variants.1 E_MISSING_REQUIRED: variant "trt" of step "engine" has no label',
    ]);
  });
});

describe('concludeSteps', () => {
  it('adopts a step whose winner beats where it started, and not one that does not', () => {
    const { guide: g, runs } = threeSteps();
    const { ctx, reported } = context(g, runs);
    const steps = conclude(ctx);
    expect(reported()).toEqual([]);
    // engine: 1500 > 1200 adopted; mem: 1800 > 1500 adopted; chunk: 1700 < 1800, no gain
    expect(steps.map((s) => [s.id, s.winner, s.adopted, s.notAdopted])).toEqual([
      ['engine', 'sglang', true, undefined],
      ['mem', 'b', true, undefined],
      ['chunk', 'c', false, { why: 'no-gain' }],
    ]);
    expect(steps.map((s) => s.summaryLabel)).toEqual([
      { en: 'engine', zh: 'engine' },
      { en: 'mem', zh: 'mem' },
      { en: 'chunk', zh: 'chunk' },
    ]);
  });

  it('each variant’s change against where its step started: mem’s is SGLang of the step before, chunk’s b of mem', () => {
    const { guide: g, runs } = threeSteps();
    const steps = conclude(context(g, runs).ctx);
    expect(steps[1]?.reference).toEqual({ step: 'engine', variant: 'sglang' });
    // a: (1400 − 1500) / 1500 = −6.666…%, 1400 / 1500 = 0.9333…; b: (1800 − 1500) / 1500 = +20%, 1.2
    expect(steps[1]?.variants.map((v) => [v.id, v.change?.percent, v.change?.ratio])).toEqual([
      ['a', -6.6666666667, 0.9333333333],
      ['b', 20, 1.2],
    ]);
    // the chunk step (summary none) is measured against where it started, b of mem: (1700 − 1800) / 1800 = −5.555…%
    expect(steps[2]?.reference).toEqual({ step: 'mem', variant: 'b' });
    expect(steps[2]?.variants[0]?.change?.percent).toBe(-5.5555555556);
  });

  it('a winner only as good as where its step started is not adopted', () => {
    const { guide: g, runs } = threeSteps();
    // b at 1500, as SGLang: no gain, so chunk starts from SGLang (1500) and c's 1700 beats it
    const tie = runs.map((r) => (r.id === 'mem/b' ? tps('mem/b.txt', '1500.00', '30.00') : r));
    const steps = conclude(context(g, tie).ctx);
    expect(steps.map((s) => [s.id, s.adopted, s.notAdopted])).toEqual([
      ['engine', true, undefined],
      ['mem', false, { why: 'no-gain' }],
      ['chunk', true, undefined],
    ]);
  });

  it('the baseline winning its own step is not adopted as a gain', () => {
    const { guide: g, runs } = threeSteps();
    const slowSglang = runs.map((r) => (r.id === 'engine/sglang' ? tps('engine/sglang.txt', '1100.00', '45.00') : r));
    const steps = conclude(context(g, slowSglang).ctx);
    expect(steps[0]).toMatchObject({ winner: 'vllm', adopted: false, notAdopted: { why: 'baseline-won' } });
    // mem now starts from vLLM at 1200: b's 1800 beats it
    expect(steps[1]).toMatchObject({ adopted: true, reference: { step: 'engine', variant: 'vllm' } });
  });

  it('an author may decline a step that won; later steps start from before it', () => {
    const { guide: base, runs } = threeSteps();
    const reason = { en: 'uses more memory', zh: '占用更多内存' };
    const declined = {
      ...base,
      steps: base.steps.map((s) => (s.id === 'mem' ? { ...s, adopted: { adopted: false as const, reason } } : s)),
    };
    const steps = conclude(context(declined, runs).ctx);
    expect(steps[1]).toMatchObject({ winner: 'b', adopted: false, notAdopted: { why: 'author', reason } });
    // chunk starts from SGLang at 1500: c's 1700 beats it
    expect(steps[2]).toMatchObject({ adopted: true });
  });

  it('a step with no complete run, or with nothing measured, is not adopted and says why', () => {
    const { guide: base, runs } = threeSteps();
    const failingC = runs.map((r) =>
      r.id === 'chunk/c'
        ? run('chunk/c.txt', {
            total_token_throughput: '1900.00',
            'tpot.mean': '31.00',
            requests_successful: '9',
            requests_failed: '1',
          })
        : r,
    );
    expect(conclude(context(base, failingC).ctx)[2]).toMatchObject({
      adopted: false,
      notAdopted: { why: 'no-successful-run' },
      summary: { kind: 'none' },
    });
    const unsupported = {
      ...base,
      steps: base.steps.map((s) =>
        s.id === 'chunk'
          ? {
              ...s,
              variants: [{ id: 'c', label: 'c', engine: 'sglang', status: 'unsupported' as const, reason: 'no' }],
            }
          : s,
      ),
    };
    const steps = conclude(context(unsupported, runs).ctx);
    expect(steps[2]).toMatchObject({ adopted: false, notAdopted: { why: 'not-measured' } });
    expect(steps[2]?.winner).toBeUndefined();
  });
});
