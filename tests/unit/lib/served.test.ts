// schema/served.ts: the one rule for "the run served every request", from a run's counts (compute
// and the page audit) and on a computed variant (compute's steps, summaries and changes, the views).
import { describe, expect, it } from 'vitest';
import type { ComputedVariant, Measured } from '../../../src/lib/schema/computed.ts';
import { isComplete, isSkipped, servedEveryRequest, successShare } from '../../../src/lib/schema/served.ts';

const cell = { line: 1, printed: '100', unit: 'tok/s' as const, value: 100, runId: 'r' };
const measured = (extra: Partial<Measured> = {}): Measured => ({
  runId: 'r',
  primary: cell,
  secondary: [],
  gpus: 8,
  scale: 1,
  score: 100,
  ...extra,
});
const variant = (extra: Partial<ComputedVariant> = {}): ComputedVariant => ({
  id: 'v',
  engine: { id: 'vllm', name: 'vLLM' },
  status: 'ok',
  ...extra,
});

describe('successShare', () => {
  it('is the share of successful among successful and failed when the run counts failures', () => {
    // 90 of 90 + 10
    expect(successShare({ successful: 90, failed: 10 })).toBe(0.9);
    // the block's own count wins over what the profile sent: 90 / (90 + 10), not 90 / 200
    expect(successShare({ successful: 90, failed: 10, sent: 200 })).toBe(0.9);
  });

  it('is measured against the requests sent when the run printed no failures, or 0', () => {
    expect(successShare({ successful: 160, sent: 200 })).toBe(0.8);
    expect(successShare({ successful: 160, failed: 0, sent: 200 })).toBe(0.8);
    expect(successShare({ successful: 0, failed: 0, sent: 200 })).toBe(0);
  });

  it('is undefined when every request was served, or nothing says otherwise', () => {
    expect(successShare({ successful: 200, sent: 200 })).toBeUndefined();
    expect(successShare({ successful: 200, failed: 0, sent: 200 })).toBeUndefined();
    expect(successShare({ successful: 200, failed: 0 })).toBeUndefined();
    expect(successShare({ successful: 200 })).toBeUndefined();
    // more than were sent is no share (compute reports it as an error where it knows the profile)
    expect(successShare({ successful: 201, sent: 200 })).toBeUndefined();
  });
});

describe('a measured run and its variant', () => {
  it('served every request when it carries no success rate', () => {
    expect(servedEveryRequest(measured())).toBe(true);
    expect(servedEveryRequest(measured({ successRate: 0.9 }))).toBe(false);
    // nothing served at all is still a rate, not "every request"
    expect(servedEveryRequest(measured({ successRate: 0 }))).toBe(false);
  });

  it('is complete or skipped only when it was measured: a variant that could not run is neither', () => {
    const complete = variant({ measured: measured() });
    const skipped = variant({ measured: measured({ successRate: 0.95 }) });
    const unsupported = variant({ status: 'unsupported', reason: { en: 'no FP8 kernels', zh: '没有 FP8 内核' } });
    expect([complete, skipped, unsupported].map(isComplete)).toEqual([true, false, false]);
    expect([complete, skipped, unsupported].map(isSkipped)).toEqual([false, true, false]);
  });
});
