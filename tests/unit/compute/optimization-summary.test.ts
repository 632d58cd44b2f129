// compute/optimization-summary.ts: one row per step, each winner against the baseline
// (`cumulative`) or against the configuration the step started from (`step`), worked out by hand
// on threeSteps() (tests/helpers/compute-input.ts): baseline vLLM 1200, engine → SGLang 1500
// (adopted), mem → b 1800 (adopted), chunk → c 1700 (not adopted).
import { describe, expect, it } from 'vitest';
import type { ComputeContext } from '../../../src/lib/compute/context.ts';
import { optimizationSummaryRows } from '../../../src/lib/compute/optimization-summary.ts';
import type { MeasuredStep } from '../../../src/lib/compute/measured-step.ts';
import { concludeSteps, measureSteps } from '../../../src/lib/compute/steps.ts';
import type { Run } from '../../../src/lib/schema/run.ts';
import { context, run, threeSteps } from '../../helpers/compute-input.ts';

function rows(mode: 'cumulative' | 'step', runs?: (runs: Run[]) => Run[]) {
  const three = threeSteps();
  const { ctx } = context(three.guide, runs ? runs(three.runs) : three.runs);
  const measured = measureSteps(ctx) as MeasuredStep[];
  const baseline = measured[0]!.complete.find((v) => v.id === 'vllm')!;
  const steps = concludeSteps(ctx as ComputeContext, measured, { step: 'engine', variant: baseline });
  return optimizationSummaryRows(steps, baseline.measured, mode, true, ctx.secondaryKeys);
}
const numbers = (r: ReturnType<typeof rows>) =>
  r.map((row) => [row.step, row.optimized?.score, row.reference.score, row.adopted, row.percent, row.ratio]);

describe('optimizationSummaryRows', () => {
  it('cumulative: every winner against the baseline, adopted or not', () => {
    expect(numbers(rows('cumulative'))).toEqual([
      // (1500 − 1200) / 1200 = 25%, 1.25
      ['engine', 1500, 1200, true, 25, 1.25],
      // (1800 − 1200) / 1200 = 50%, 1.5
      ['mem', 1800, 1200, true, 50, 1.5],
      // (1700 − 1200) / 1200 = 41.666…%, 1.41666…
      ['chunk', 1700, 1200, false, 41.6666666667, 1.4166666667],
    ]);
  });

  it('step: each winner against the last adopted one; a step not adopted contributed nothing', () => {
    expect(numbers(rows('step'))).toEqual([
      ['engine', 1500, 1200, true, 25, 1.25],
      // (1800 − 1500) / 1500 = 20%, 1.2
      ['mem', 1800, 1500, true, 20, 1.2],
      // against b's 1800, but not adopted: no percentage
      ['chunk', 1700, 1800, false, undefined, undefined],
    ]);
  });

  it('labels each row with the step’s summary label', () => {
    expect(rows('step').map((r) => r.label.en)).toEqual(['engine', 'mem', 'chunk']);
  });

  it('a step whose best run failed requests shows it as skipped, and has no winner to count', () => {
    const failing = (runs: Run[]) =>
      runs.map((r) =>
        r.id === 'chunk/c'
          ? run('chunk/c.txt', {
              total_token_throughput: '1900.00',
              'tpot.mean': '31.00',
              requests_successful: '9',
              requests_failed: '1',
            })
          : r,
      );
    const [, , chunk] = rows('cumulative', failing);
    expect(chunk).toMatchObject({ step: 'chunk', adopted: false, skipped: { score: 1900, successRate: 0.9 } });
    expect(chunk).not.toHaveProperty('optimized');
    expect(chunk).not.toHaveProperty('percent');
  });

  it('no skipped run when a complete run beat the failed one', () => {
    expect(rows('cumulative').some((r) => 'skipped' in r)).toBe(false);
  });
});
