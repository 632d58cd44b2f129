// compute/step-summary.ts: the numbers of a step's summary sentence, a ranking or the winner
// against a reference (the worst or first run, a named one, or where the step started), worked
// out by hand on threeSteps() (tests/helpers/compute-input.ts) and small variations.
import { describe, expect, it } from 'vitest';
import type { ComputeContext } from '../../../src/lib/compute/context.ts';
import { summarize } from '../../../src/lib/compute/step-summary.ts';
import type { MeasuredStep } from '../../../src/lib/compute/measured-step.ts';
import { measureSteps } from '../../../src/lib/compute/steps.ts';
import type { Guide } from '../../../src/lib/schema/guide-yaml.ts';
import { context, guide, run, step, threeSteps, tps } from '../../helpers/compute-input.ts';

const measuredOf = (ctx: ComputeContext) => measureSteps(ctx) as MeasuredStep[];
/** threeSteps() with the mem step's summary keys replaced. */
const withMem = (keys: Record<string, unknown>) => {
  const { guide: g, runs } = threeSteps();
  const steps = g.steps.map((s) => (s.id === 'mem' ? { ...s, ...keys } : s)) as Guide['steps'];
  return context({ ...g, steps }, runs);
};

describe('pairwise summaries', () => {
  it('the winner against the step’s worst run: SGLang 1500 against vLLM 1200', () => {
    const { guide: g, runs } = threeSteps();
    const { ctx } = context(g, runs);
    expect(summarize(ctx, measuredOf(ctx)[0]!, undefined)).toEqual({
      kind: 'pairwise',
      winner: 'sglang',
      reference: 'vllm',
      // 1500 − 1200 = 300; 300 / 1200 = 25%; 1500 / 1200 = 1.25
      primary: { gain: 300, percent: 25, ratio: 1.25 },
      // TPOT 40 → 32: 8 ms less, 8 / 40 = 20%, 40 / 32 = 1.25
      secondary: [{ diff: 8, percent: 20, ratio: 1.25, change: 'reduced' }],
    });
  });

  it('the winner against where the step started (previous-winner): b 1800 against SGLang 1500 of the engine step', () => {
    const { guide: g, runs } = threeSteps();
    const { ctx } = context(g, runs);
    const [engine, mem] = measuredOf(ctx);
    const start = { step: 'engine', variant: engine!.winner! };
    expect(summarize(ctx, mem!, start)).toEqual({
      kind: 'pairwise',
      winner: 'b',
      reference: 'sglang',
      referenceStep: 'engine',
      // 300 / 1500 = 20%, 1800 / 1500 = 1.2
      primary: { gain: 300, percent: 20, ratio: 1.2 },
      // TPOT 32 → 30: 2 / 32 = 6.25%, 32 / 30 = 1.0666…
      secondary: [{ diff: 2, percent: 6.25, ratio: 1.0666666667, change: 'reduced' }],
    });
  });

  it('against the first run, or one named: b 1800 against a 1400', () => {
    for (const reference of ['first', { variant: 'a' }]) {
      const { ctx } = withMem({ reference });
      expect(summarize(ctx, measuredOf(ctx)[1]!, undefined)).toMatchObject({
        reference: 'a',
        // 400 / 1400 = 28.571…%; 1800 / 1400 = 1.2857…; TPOT 35 → 30: 5 / 35 = 14.285…%, 35 / 30 = 1.1666…
        primary: { gain: 400, percent: 28.5714285714, ratio: 1.2857142857 },
        secondary: [{ diff: 5, percent: 14.2857142857, ratio: 1.1666666667, change: 'reduced' }],
      });
    }
  });

  it('an author’s slower winner has a negative gain: a 1400 against b 1800', () => {
    const { ctx } = withMem({ reference: { variant: 'b' }, winner: { variant: 'a', reason: { en: 'r', zh: 'r' } } });
    // 1400 − 1800 = −400; −400 / 1800 = −22.22…%; 1400 / 1800 = 0.7777…; TPOT 30 → 35 increased by 5, 5 / 30 = 16.66…%
    expect(summarize(ctx, measuredOf(ctx)[1]!, undefined)).toMatchObject({
      winner: 'a',
      primary: { gain: -400, percent: -22.2222222222, ratio: 0.7777777778 },
      secondary: [{ diff: 5, percent: 16.6666666667, ratio: 1.1666666667, change: 'increased' }],
    });
  });

  it('a latency: the gain is how much lower, the ratio how many times faster', () => {
    const runs = [
      run('engine/vllm.txt', { 'e2e_latency.mean': '10000', 'ttft.mean': '900', 'tpot.mean': '40' }),
      run('engine/sglang.txt', { 'e2e_latency.mean': '8000', 'ttft.mean': '1000', 'tpot.mean': '0' }),
    ];
    const { ctx } = context(guide({ objective: 'latency' }), runs);
    expect(summarize(ctx, measuredOf(ctx)[0]!, undefined)).toEqual({
      kind: 'pairwise',
      winner: 'sglang',
      reference: 'vllm',
      // 10000 − 8000 = 2000 ms; 2000 / 10000 = 20%; 10000 / 8000 = 1.25
      primary: { gain: 2000, percent: 20, ratio: 1.25 },
      secondary: [
        // TTFT 900 → 1000: 100 more, 100 / 900 = 11.11…%, 1000 / 900 = 1.111…
        { diff: 100, percent: 11.1111111111, ratio: 1.1111111111, change: 'increased' },
        // TPOT 40 → 0: 100%, and no ratio (it would be infinite)
        { diff: 40, percent: 100, change: 'reduced' },
      ],
    });
  });
});

describe('ranking and none', () => {
  it('a ranking: complete runs best first, then runs that failed requests, then runs not measured', () => {
    const runs = [
      tps('engine/vllm.txt', '1200.00', '40.00'),
      tps('engine/sglang.txt', '1500.00', '32.00'),
      run('engine/lmdeploy.txt', {
        total_token_throughput: '2000.00',
        'tpot.mean': '30.00',
        requests_successful: '9',
        requests_failed: '1',
      }),
    ];
    const ranking = guide({
      steps: [
        step(
          'engine',
          [
            ['trt', 'vllm', '', { status: 'unsupported', reason: 'not supported', result: undefined }],
            ['vllm', 'vllm', 'engine/vllm.txt'],
            ['lmdeploy', 'vllm', 'engine/lmdeploy.txt'],
            ['sglang', 'sglang', 'engine/sglang.txt'],
          ],
          { summary: 'ranking' },
        ),
      ],
    });
    const { ctx } = context(ranking, runs);
    expect(summarize(ctx, measuredOf(ctx)[0]!, undefined)).toEqual({
      kind: 'ranking',
      order: ['sglang', 'vllm', 'lmdeploy', 'trt'],
    });
  });

  it('summary: none, or no winner, says nothing', () => {
    const { guide: g, runs } = threeSteps();
    const { ctx } = context(g, runs);
    expect(summarize(ctx, measuredOf(ctx)[2]!, undefined)).toEqual({ kind: 'none' });
    const { step: engine, path, number, variants, complete } = measuredOf(ctx)[0]!;
    const noWinner: MeasuredStep = { step: engine, path, number, variants, complete };
    expect(summarize(ctx, noWinner, undefined)).toEqual({ kind: 'none' });
  });
});

describe('references that cannot be', () => {
  it('an unknown variant, and previous-winner on the first step', () => {
    const unknown = withMem({ reference: { variant: 'z' } });
    expect(summarize(unknown.ctx, measuredOf(unknown.ctx)[1]!, undefined)).toBeUndefined();
    expect(unknown.reported()).toEqual(['steps.1.reference E_REFERENCE: unknown reference variant "z"']);
    const first = withMem({ reference: 'previous-winner' });
    expect(summarize(first.ctx, measuredOf(first.ctx)[1]!, undefined)).toBeUndefined();
    expect(first.reported()).toEqual(['steps.1.reference E_REFERENCE: the first step has no previous winner']);
  });

  it('the winner as its own reference: an error that suggests summary: none for a single run', () => {
    const single = guide({ steps: [step('engine', [['vllm', 'vllm', 'engine/vllm.txt']])] });
    const { ctx, reported } = context(single, [tps('engine/vllm.txt', '1200.00', '40.00')]);
    expect(summarize(ctx, measuredOf(ctx)[0]!, undefined)).toBeUndefined();
    expect(reported()).toEqual([
      'steps.0.reference E_REFERENCE: step "engine": the reference for the summary is the winner itself',
    ]);
    expect(ctx.diagnostics[0]?.hint).toBe('a step with one run has nothing to compare: use summary: none');
  });

  it('a named winner among tied runs is compared with another, never with itself', () => {
    for (const named of ['vllm', 'sglang']) {
      const tied = guide({
        steps: [
          {
            ...step('engine', [
              ['vllm', 'vllm', 'engine/vllm.txt'],
              ['sglang', 'sglang', 'engine/sglang.txt'],
            ]),
            winner: {
              variant: named,
              reason: { en: 'tied on throughput; the first listed is adopted', zh: '吞吐量持平，采用排在前面的一项' },
            },
          },
        ],
      });
      const { ctx, reported } = context(tied, [
        tps('engine/vllm.txt', '1200.00', '40.00'),
        tps('engine/sglang.txt', '1200.00', '38.00'),
      ]);
      expect(summarize(ctx, measuredOf(ctx)[0]!, undefined), named).toMatchObject({
        kind: 'pairwise',
        winner: named,
        reference: named === 'vllm' ? 'sglang' : 'vllm',
        primary: { gain: 0, percent: 0, ratio: 1 },
      });
      expect(reported()).toEqual([]);
    }
  });

  it('but when runs that failed requests left one comparable run, there is simply nothing to say', () => {
    const runs = [
      tps('engine/vllm.txt', '1200.00', '40.00'),
      run('engine/sglang.txt', {
        total_token_throughput: '1500.00',
        'tpot.mean': '32.00',
        requests_successful: '9',
        requests_failed: '1',
      }),
    ];
    const { ctx, reported } = context(guide(), runs);
    expect(summarize(ctx, measuredOf(ctx)[0]!, undefined)).toEqual({ kind: 'none' });
    expect(reported()).toEqual([]);
  });
});
