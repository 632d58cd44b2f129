// Metric keys at run time: guide.yaml strings and stored runs are checked by the rules the types
// hold in code (metric-keys.test-d.ts), with a "did you mean".
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
  it('are told apart at run time by the rules of their type', () => {
    const keys: MetricKey[] = ['total_token_throughput', 'tpot_incl_ttft.mean', 'itl.p99_9', 'ttft.p50'];
    expect(keys.every(isMetricKey)).toBe(true);
    expect(['tpot.meen', 'duration.mean', 'ttft'].some(isMetricKey)).toBe(false);
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
    // Only a file read at run time can hold what the type refuses (metric-keys.test-d.ts).
    const bare = { ttft: value } as unknown as Run['metrics'];
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
  it('are checked by the compiler only (metric-keys.test-d.ts): at run time errorAt builds what it is given', () => {
    const code = (text: string) => text as Parameters<typeof errorAt>[0];
    const unknown = errorAt(code('E_NOPE'), 'f', 'm');
    const wrongSeverity = errorAt(code('W_FOREIGN_LINE'), 'f', 'm', { line: 3, found: undefined });
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
