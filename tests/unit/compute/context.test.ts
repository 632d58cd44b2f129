// compute/context.ts: what decides a guide (its primary metric and direction) and what is shown
// beside it, from the objective or from guide.yaml, and errors placed at their guide.yaml line.
import { describe, expect, it } from 'vitest';
import { hasErrorsSoFar } from '../../../src/lib/compute/context.ts';
import { context, guide, GUIDE_FILE } from '../../helpers/compute-input.ts';

describe('createContext', () => {
  it('a throughput guide is decided by Total TPS, higher is better, with Mean TPOT beside it', () => {
    const { ctx } = context(guide({ objective: 'throughput' }), []);
    expect([ctx.primaryKey, ctx.secondaryKeys, ctx.primaryHigher]).toEqual([
      'total_token_throughput',
      ['tpot.mean'],
      true,
    ]);
  });

  it('a latency guide is decided by mean request latency, lower is better, with Mean TTFT and Mean TPOT', () => {
    const { ctx } = context(guide({ objective: 'latency' }), []);
    expect([ctx.primaryKey, ctx.secondaryKeys, ctx.primaryHigher]).toEqual([
      'e2e_latency.mean',
      ['ttft.mean', 'tpot.mean'],
      false,
    ]);
  });

  it('guide.yaml’s metrics replace the defaults; one secondary metric becomes a list of one', () => {
    const { ctx } = context(
      guide({ objective: 'throughput', metrics: { primary: 'ttft.p99', secondary: 'itl.mean' } }),
      [],
    );
    // a TTFT is a latency: lower is better, whatever the objective says
    expect([ctx.primaryKey, ctx.secondaryKeys, ctx.primaryHigher]).toEqual(['ttft.p99', ['itl.mean'], false]);
  });

  it('starts with no diagnostics and no used run', () => {
    const { ctx } = context(guide(), []);
    expect([ctx.diagnostics, ctx.usedRuns.size, ctx.usedAt.size, hasErrorsSoFar(ctx)]).toEqual([[], 0, 0, false]);
  });

  it('error() reports at the line and column guide.yaml gives the path, with what was expected and found', () => {
    const { ctx, reported } = context(guide(), []);
    ctx.error(['steps', 0, 'id'], 'E_DUPLICATE', 'duplicate', { expected: 'a unique id', found: '"x"' });
    expect(ctx.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'E_DUPLICATE',
        file: GUIDE_FILE,
        message: 'duplicate',
        line: 1,
        column: 1,
        expected: 'a unique id',
        found: '"x"',
      },
    ]);
    expect(reported()).toEqual(['steps.0.id E_DUPLICATE: duplicate']);
    expect(hasErrorsSoFar(ctx)).toBe(true);
  });
});
