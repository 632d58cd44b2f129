// compute/measure-run.ts: a run's primary and secondary values with their lines, the mean request
// latency derived when a block prints none, a configuration on fewer GPUs replicated to fill the
// machine, and the share of requests that succeeded.
import { describe, expect, it } from 'vitest';
import { cellOf, measure } from '../../../src/lib/compute/measure-run.ts';
import { context, guide, run, tps } from '../../helpers/compute-input.ts';

describe('cellOf', () => {
  const r = tps('engine/vllm.txt', '1200.00', '40.00');

  it('is the printed value with its line, named by its run', () => {
    const { ctx } = context(guide(), [r]);
    expect(cellOf(ctx, r, 'total_token_throughput', ['x'])).toEqual({
      line: 2,
      printed: '1200.00',
      unit: 'tok/s',
      value: 1200,
      runId: 'engine/vllm',
    });
  });

  it('a metric the run lacks is an error that lists what it has', () => {
    const { ctx, reported } = context(guide(), [r]);
    expect(cellOf(ctx, r, 'ttft.mean', ['steps', 0, 'variants', 0, 'result'])).toBeUndefined();
    expect(reported()).toEqual([
      'steps.0.variants.0.result E_MISSING_REQUIRED: data/raw/tiny/h100/engine/vllm.txt (lines 1-3) has no ttft.mean, which this guide needs',
    ]);
    expect(ctx.diagnostics[0]?.found).toBe('only total_token_throughput, tpot.mean');
  });

  it('derives a mean request latency from the block’s TTFT, TPOT and output length', () => {
    // lines 2–5: TTFT 900 ms, TPOT 40 ms, 20000 output tokens, 100 requests: 200 tokens a request,
    // so 900 + 40 × (200 − 1) = 900 + 7960 = 8860 ms
    const latency = run('engine/vllm.txt', {
      'ttft.mean': '900.00',
      'tpot.mean': '40.00',
      output_tokens_total: '20000',
      requests_successful: '100',
    });
    const { ctx, reported } = context(guide({ objective: 'latency' }), [latency]);
    expect(cellOf(ctx, latency, 'e2e_latency.mean', ['x'])).toEqual({
      value: 8860,
      unit: 'ms',
      printed: '8860',
      line: 2,
      runId: 'engine/vllm',
      derived: { formula: 'mean-latency-from-ttft-tpot', lines: [2, 3, 4, 5] },
    });
    expect(reported()).toEqual([]);
  });

  it('derives no latency when an input is missing, and says what would derive it', () => {
    const partial = run('engine/vllm.txt', { 'ttft.mean': '900.00', 'tpot.mean': '40.00' });
    const { ctx } = context(guide({ objective: 'latency' }), [partial]);
    expect(cellOf(ctx, partial, 'e2e_latency.mean', ['x'])).toBeUndefined();
    expect(ctx.diagnostics[0]?.expected).toBe(
      'a value for e2e_latency.mean (or ttft.mean, tpot.mean, output_tokens_total, requests_successful to derive it)',
    );
  });
});

describe('measure', () => {
  const full = tps('engine/full.txt', '1200.00', '40.00');
  const half = tps('engine/half.txt', '700.00', '30.00');

  it('a run on the whole machine: score = Total TPS, per GPU = Total TPS / 8', () => {
    const { ctx, reported } = context(guide(), [full]);
    expect(measure(ctx, 'engine/full.txt', {}, ['v'])).toEqual({
      runId: 'engine/full',
      primary: { line: 2, printed: '1200.00', unit: 'tok/s', value: 1200, runId: 'engine/full' },
      secondary: [{ line: 3, printed: '40.00', unit: 'ms', value: 40, runId: 'engine/full' }],
      gpus: 8,
      scale: 1,
      score: 1200,
      // 1200 / 8 = 150
      perAccelerator: 150,
    });
    expect(reported()).toEqual([]);
  });

  it('a run on 4 of 8 GPUs counts twice: score 700 × 2 = 1400, per GPU 700 / 4 = 175', () => {
    const { ctx } = context(guide(), [half]);
    expect(measure(ctx, 'engine/half.txt', { gpus: 4 }, ['v'])).toMatchObject({
      gpus: 4,
      scale: 2,
      score: 1400,
      perAccelerator: 175,
    });
  });

  it('GPUs beyond the machine, or that do not divide it, or scaling a latency: errors at gpus', () => {
    const { ctx, reported } = context(guide(), [half]);
    measure(ctx, 'engine/half.txt', { gpus: 16 }, ['a']);
    measure(ctx, 'engine/half.txt', { gpus: 3 }, ['b']);
    expect(reported()).toEqual([
      "a.gpus E_RANGE: uses 16 GPUs, more than the machine's 8",
      "a.gpus E_RANGE: 16 GPUs do not divide the machine's 8: replicas would not fill it",
      "b.gpus E_RANGE: 3 GPUs do not divide the machine's 8: replicas would not fill it",
    ]);
    const latencyRun = run('engine/half.txt', { 'e2e_latency.mean': '8000', 'ttft.mean': '900', 'tpot.mean': '40' });
    const latency = context(guide({ objective: 'latency' }), [latencyRun]);
    const measured = measure(latency.ctx, 'engine/half.txt', { gpus: 4 }, ['c']);
    expect(latency.reported()).toEqual([
      'c.gpus E_SCALE: scaling by accelerator count applies to throughput; the primary metric e2e_latency.mean is a latency',
    ]);
    // A latency is per request: no per-GPU figure
    expect(measured).not.toHaveProperty('perAccelerator');
  });

  it('an NPU machine names NPUs', () => {
    const { ctx, reported } = context(
      guide({ hardware: { name: 'Ascend 910B', gpus: 8, label: 'Ascend 910B x8', accelerator: 'npu' } }),
      [half],
    );
    measure(ctx, 'engine/half.txt', { gpus: 16 }, ['a']);
    expect(reported()[0]).toBe("a.gpus E_RANGE: uses 16 NPUs, more than the machine's 8");
  });

  it('a secondary metric the run lacks leaves it unmeasured', () => {
    const noTpot = run('engine/x.txt', { total_token_throughput: '1200.00' });
    const { ctx, reported } = context(guide(), [noTpot]);
    expect(measure(ctx, 'engine/x.txt', {}, ['v'])).toBeUndefined();
    expect(reported()).toEqual([
      'v.result E_MISSING_REQUIRED: data/raw/tiny/h100/engine/x.txt (lines 1-2) has no tpot.mean, which this guide needs',
    ]);
  });
});

describe('measure: the share of requests that succeeded', () => {
  const profiles = [{ id: 'balanced', name: 'Balanced', label: 'Balanced', config: { total_requests: 100 } }];
  const withRequests = (file: string, counts: { requests_successful: string; requests_failed?: string }) =>
    run(file, { total_token_throughput: '1200.00', 'tpot.mean': '40.00', ...counts });

  it('by the block’s own count of failed requests: 90 / (90 + 10) = 0.9', () => {
    const r = withRequests('a.txt', { requests_successful: '90', requests_failed: '10' });
    const { ctx } = context(guide(), [r]);
    expect(measure(ctx, 'a.txt', {}, ['v'])?.successRate).toBe(0.9);
  });

  it('against the profile’s total_requests: 80 of 100 = 0.8; all 100 is no rate at all', () => {
    const { ctx } = context(guide({ profiles }), [
      withRequests('a.txt', { requests_successful: '80' }),
      withRequests('b.txt', { requests_successful: '100' }),
    ]);
    expect(measure(ctx, 'a.txt', { profile: 'balanced' }, ['v'])?.successRate).toBe(0.8);
    expect(measure(ctx, 'b.txt', { profile: 'balanced' }, ['v'])).not.toHaveProperty('successRate');
    // without a profile there is nothing to count against
    expect(measure(ctx, 'a.txt', {}, ['v'])).not.toHaveProperty('successRate');
  });

  it('more successes than the profile sent is an error at the raw line', () => {
    const { ctx, reported } = context(guide({ profiles }), [withRequests('a.txt', { requests_successful: '120' })]);
    measure(ctx, 'a.txt', { profile: 'balanced' }, ['v']);
    // requests_successful is the third metric of the run: line 4
    expect(reported()).toEqual([
      'data/raw/tiny/h100/a.txt:4 E_INCONSISTENT_REQUESTS: 120 successful requests, but profile "balanced" sends only 100',
    ]);
  });
});
