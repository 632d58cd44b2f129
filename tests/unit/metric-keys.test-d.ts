// Metric ids, keys and diagnostic codes are literal types: a misspelled one in code does not
// compile. vitest's typecheck runs these (vitest.config.ts, project `types`); each expected error
// fails the run the day it stops being one. metric-keys.test.ts holds the same rules at run time.
import { assertType, describe, expectTypeOf, it } from 'vitest';
import { errorAt, warningAt } from '../../src/lib/diagnostics/diagnostics.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';
import type { Run } from '../../src/lib/schema/run.ts';

describe('metric keys', () => {
  it('are the ids of scalars and distributions with a statistic', () => {
    expectTypeOf<'total_token_throughput'>().toExtend<MetricKey>();
    expectTypeOf<'tpot_incl_ttft.mean'>().toExtend<MetricKey>();
    expectTypeOf<'itl.p99_9'>().toExtend<MetricKey>();
    expectTypeOf<'ttft.p50'>().toExtend<MetricKey>();
    expectTypeOf<'tpot.meen'>().not.toExtend<MetricKey>();
    // @ts-expect-error a misspelled statistic
    assertType<MetricKey>('tpot.meen');
    // @ts-expect-error a scalar has no statistic
    assertType<MetricKey>('duration.mean');
    // @ts-expect-error a distribution needs one
    assertType<MetricKey>('ttft');
  });

  it("key a run's metrics: a key that is none is no property of them", () => {
    expectTypeOf<Run['metrics']>().toHaveProperty('total_token_throughput');
    expectTypeOf<Run['metrics']>().not.toHaveProperty('total_tokens_throughput');
    const value = { line: 3, printed: '1', unit: 'ms' as const, value: 1 };
    // @ts-expect-error a distribution needs a statistic
    assertType<Run['metrics']>({ ttft: value });
  });
});

describe('diagnostic codes', () => {
  it('come from the catalogue, errors as errors and warnings as warnings', () => {
    expectTypeOf<'E_NOPE'>().not.toExtend<Parameters<typeof errorAt>[0]>();
    expectTypeOf<'W_FOREIGN_LINE'>().not.toExtend<Parameters<typeof errorAt>[0]>();
    expectTypeOf<'W_FOREIGN_LINE'>().toExtend<Parameters<typeof warningAt>[0]>();
    expectTypeOf<'E_BAD_NUMBER'>().toExtend<Parameters<typeof errorAt>[0]>();
  });
});
