// Metric ids and keys are literal types: a misspelled key in code does not compile (each expected
// type error below fails `npm run typecheck` the day it stops being one), and guide.yaml strings
// are checked at run time by the same rules, with a "did you mean".
import { describe, expect, it } from 'vitest';
import { errorAt } from '../../src/lib/diagnostics/diagnostics.ts';
import {
  distributionKey,
  isMetricKey,
  MetricKeySchema,
  splitMetricKey,
  type MetricKey,
} from '../../src/lib/schema/metric.ts';
import { RunSchema, type Run } from '../../src/lib/schema/run.ts';

describe('metric keys', () => {
  it('are checked by the compiler', () => {
    const keys: MetricKey[] = ['total_token_throughput', 'tpot_incl_ttft.mean', 'itl.p99_9', 'ttft.p50'];
    // @ts-expect-error a misspelled statistic
    const misspelled: MetricKey = 'tpot.meen';
    // @ts-expect-error a scalar has no statistic
    const scalarStat: MetricKey = 'duration.mean';
    // @ts-expect-error a distribution needs one
    const bareDistribution: MetricKey = 'ttft';
    expect(keys.every(isMetricKey)).toBe(true);
    expect([misspelled, scalarStat, bareDistribution].some(isMetricKey)).toBe(false);
  });

  it('are checked at run time with the reason and a suggestion', () => {
    const result = MetricKeySchema.safeParse('tpot.meen');
    expect(result.error?.issues[0]?.message).toBe(
      'unknown statistic "meen" (expected mean, median, std, min, max or pNN); did you mean "mean"?',
    );
    expect(MetricKeySchema.safeParse('tpot.p95').success).toBe(true);
  });

  it('key a stored run: read by metric key without a cast, a key that is none refused when a run is read', () => {
    const value = { line: 3, printed: '5481.90', unit: 'tok/s' as const, value: 5481.9 };
    const run: Run = {
      id: 'engine/vllm',
      metrics: { total_token_throughput: value },
      raw: '',
      source: {
        blockIndex: 0,
        blockLabel: null,
        endLine: 9,
        file: 'engine/vllm.txt',
        format: 'vllm-bench-serve',
        startLine: 1,
      },
    };
    expect(run.metrics.total_token_throughput?.value).toBe(5481.9);
    // @ts-expect-error not a metric key
    expect(run.metrics['total_tokens_throughput']).toBeUndefined();
    // @ts-expect-error a distribution needs a statistic
    const bare: Run['metrics'] = { ttft: value };
    const read = RunSchema.safeParse({ ...run, metrics: bare });
    const issue = read.error?.issues[0];
    expect(issue?.path).toEqual(['metrics', 'ttft']);
    expect(issue?.code === 'invalid_key' ? issue.issues.map((why) => why.message) : []).toEqual([
      '"ttft" is a distribution: name a statistic, e.g. "ttft.mean"',
    ]);
    expect(RunSchema.parse(run)).toEqual(run);
  });

  it('split into id and statistic, and are built only from a distribution and a statistic', () => {
    expect(splitMetricKey('itl.p99_9')).toEqual({ id: 'itl', stat: 'p99_9' });
    expect(splitMetricKey('duration')).toEqual({ id: 'duration' });
    expect(distributionKey('itl', 'p99')).toBe('itl.p99');
    expect(distributionKey('duration', 'mean')).toBeUndefined();
    expect(distributionKey('tbt', 'mean')).toBeUndefined();
    expect(distributionKey('ttft', 'average')).toBeUndefined();
  });
});

describe('diagnostic codes', () => {
  it('are checked by the compiler, the only guard: at run time errorAt builds what it is given', () => {
    // @ts-expect-error not a code of the catalogue
    const unknown = errorAt('E_NOPE', 'f', 'm');
    // @ts-expect-error a warning code reported as an error
    const wrongSeverity = errorAt('W_FOREIGN_LINE', 'f', 'm', { line: 3, found: undefined });
    expect(unknown).toEqual({ severity: 'error', code: 'E_NOPE', file: 'f', message: 'm' });
    expect(wrongSeverity).toStrictEqual({
      severity: 'error',
      code: 'W_FOREIGN_LINE',
      file: 'f',
      message: 'm',
      line: 3,
    });
  });
});
