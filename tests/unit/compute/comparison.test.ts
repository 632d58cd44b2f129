// compute/comparison.ts: the conclusion's before/after table (each case's change, ratio and
// secondary change) and "other benchmark cases" shown as whole logs, on hand-made runs.
import { describe, expect, it } from 'vitest';
import { computeComparison, computeOtherCases, configOf } from '../../../src/lib/compute/comparison.ts';
import { context, guide, run, tps } from '../../helpers/compute-input.ts';

const runs = [
  tps('engine/vllm.txt', '1200.00', '40.00'),
  tps('engine/sglang.txt', '1500.00', '32.00'),
  tps('tp4/sglang.txt', '700.00', '30.00'),
];
const side = (result: string, extra: Record<string, unknown> = {}) => ({ result, ...extra });
const comparison = (...cases: Record<string, unknown>[]) => ({ cases });
const mainCase = {
  id: 'main',
  label: { en: 'Main', zh: '主要' },
  baseline: side('engine/vllm.txt', { args: ['-tp 8'] }),
  optimized: side('engine/sglang.txt', { command: 'python3 -m sglang.launch_server --tp-size 8\n\n' }),
};

describe('computeComparison', () => {
  it('a throughput case: +25.00%, 1.25x, TPOT reduced by 20%', () => {
    const { ctx, reported } = context(guide({ comparison: comparison(mainCase) }), runs);
    const [only, ...rest] = computeComparison(ctx);
    expect(rest).toEqual([]);
    expect(reported()).toEqual([]);
    expect(only).toMatchObject({
      id: 'main',
      label: { en: 'Main', zh: '主要' },
      baseline: { args: ['-tp 8'], measured: { runId: 'engine/vllm', score: 1200 } },
      // the command without its trailing newlines
      optimized: {
        command: 'python3 -m sglang.launch_server --tp-size 8',
        measured: { runId: 'engine/sglang', score: 1500 },
      },
      // (1500 − 1200) / 1200 = +25%; 1500 / 1200 = 1.25
      percent: 25,
      ratio: 1.25,
      // TPOT 40 → 32 ms: reduced, (32 − 40) / 40 = −20%
      secondaryChange: 'reduced',
      secondaryPercent: [-20],
    });
  });

  it('a configuration on half the GPUs is compared replicated: 700 × 2 = 1400 against 1200', () => {
    const scaled = { ...mainCase, optimized: side('tp4/sglang.txt', { gpus: 4 }) };
    const { ctx } = context(guide({ comparison: comparison(scaled) }), runs);
    const [only] = computeComparison(ctx);
    // (1400 − 1200) / 1200 = 16.666…%; 1400 / 1200 = 1.1666…
    expect(only).toMatchObject({ percent: 16.6666666667, ratio: 1.1666666667 });
    expect(only?.optimized.measured).toMatchObject({ gpus: 4, scale: 2, score: 1400, perAccelerator: 175 });
    // TPOT 40 → 30 ms: (30 − 40) / 40 = −25%
    expect(only?.secondaryPercent).toEqual([-25]);
  });

  it('a latency case: lower is better, so 10 s → 8 s is −20% and 1.25x', () => {
    const latencyRuns = [
      run('a.txt', { 'e2e_latency.mean': '10000', 'ttft.mean': '900', 'tpot.mean': '40' }),
      run('b.txt', { 'e2e_latency.mean': '8000', 'ttft.mean': '1000', 'tpot.mean': '30' }),
    ];
    const latencyCase = { id: 'main', label: 'Main', baseline: side('a.txt'), optimized: side('b.txt') };
    const { ctx } = context(guide({ objective: 'latency', comparison: comparison(latencyCase) }), latencyRuns);
    // (8000 − 10000) / 10000 = −20%; 10000 / 8000 = 1.25; the first secondary (TTFT 900 → 1000) increased:
    // (1000 − 900) / 900 = +11.11…%, TPOT (30 − 40) / 40 = −25%
    expect(computeComparison(ctx)[0]).toMatchObject({
      percent: -20,
      ratio: 1.25,
      secondaryChange: 'increased',
      secondaryPercent: [11.1111111111, -25],
    });
  });

  it('names its profile and keeps its benchmark command without trailing newlines', () => {
    const profiles = [{ id: 'balanced', name: 'Balanced', label: 'Balanced', config: { total_requests: 1000 } }];
    const withProfile = { ...mainCase, profile: 'balanced', benchmark: 'vllm bench serve\n' };
    const { ctx } = context(guide({ profiles, comparison: comparison(withProfile) }), runs);
    expect(computeComparison(ctx)[0]).toMatchObject({
      profile: { id: 'balanced', name: 'Balanced' },
      benchmark: 'vllm bench serve',
    });
  });

  it('a side that failed requests carries no gain: an error, and the case is left out', () => {
    const failing = run('failing.txt', {
      total_token_throughput: '1500.00',
      'tpot.mean': '32.00',
      requests_successful: '95',
      requests_failed: '5',
    });
    const bad = { ...mainCase, optimized: side('failing.txt') };
    const { ctx, reported } = context(guide({ comparison: comparison(bad) }), [...runs, failing]);
    expect(computeComparison(ctx)).toEqual([]);
    // 95 / (95 + 5) = 95.0%
    expect(reported()).toEqual([
      'comparison.cases.0.optimized.result E_FAILED_REQUESTS: the optimized run of case "main" served only 95.0% of its requests',
    ]);
  });

  it('two cases with one id', () => {
    const { ctx, reported } = context(guide({ comparison: comparison(mainCase, mainCase) }), runs);
    expect(computeComparison(ctx)).toHaveLength(2);
    expect(reported()).toEqual([
      'comparison.cases.1.id E_DUPLICATE: duplicate comparison case id "main" (first used at index 0)',
    ]);
  });
});

describe('configOf', () => {
  it('keeps the arguments and the command, without trailing newlines, and nothing else', () => {
    expect(configOf({ args: ['--a'], command: 'x\n' })).toEqual({ args: ['--a'], command: 'x' });
    expect(configOf({})).toEqual({});
  });
});

describe('computeOtherCases', () => {
  const logs = [
    run('other/baseline.log', { total_token_throughput: '10' }, { index: 1, label: 'long' }),
    run('other/baseline.log', { total_token_throughput: '20' }, { index: 0, label: 'short' }),
    run('other/optimized.log', { total_token_throughput: '30' }, { index: 0, label: 'short' }),
  ];

  it('by-case is the comparison cases themselves: nothing more to compute', () => {
    const { ctx } = context(guide(), logs);
    expect(computeOtherCases(ctx)).toEqual({ layout: 'by-case' });
  });

  it('by-config: each configuration’s whole log, its blocks in file order', () => {
    const otherCases = {
      layout: 'by-config',
      baseline: { args: ['-tp 8'], log: 'other/baseline.log' },
      optimized: { command: 'serve\n', log: 'other/optimized.log' },
    };
    const { ctx, reported } = context(guide({ otherCases }), logs);
    expect(computeOtherCases(ctx)).toEqual({
      layout: 'by-config',
      baseline: { args: ['-tp 8'], log: 'other/baseline.log', runIds: ['other/baseline#short', 'other/baseline#long'] },
      optimized: { command: 'serve', log: 'other/optimized.log', runIds: ['other/optimized#short'] },
    });
    expect(reported()).toEqual([]);
  });

  it('by-config with a missing log falls back to by-case, with the error', () => {
    const otherCases = {
      layout: 'by-config',
      baseline: { log: 'other/baseline.log' },
      optimized: { log: 'other/none.log' },
    };
    const { ctx, reported } = context(guide({ otherCases }), logs);
    expect(computeOtherCases(ctx)).toEqual({ layout: 'by-case' });
    expect(reported()).toEqual([
      'otherCases.optimized.log E_REFERENCE: no raw result "other/none.log" under data/raw/tiny/h100/',
    ]);
  });
});
