// compute/decision.ts and its parts: the figures a reader decides from, recomputed from data/raw
// and content/ (never from data/guides), each held against the raw line that printed its input.
import { describe, expect, it } from 'vitest';
import { buildFromDisk, rawLine } from '../../helpers/guide-from-disk.ts';
import { costPerMillion } from '../../../src/lib/compute/decision-yield.ts';
import { noiseBand, verdictOf } from '../../../src/lib/compute/decision-noise.ts';
import { bestWithin } from '../../../src/lib/compute/decision.ts';
import type { ComputedGuide, Point } from '../../../src/lib/schema/computed.ts';

function built(id: string): ComputedGuide {
  const { guide, diagnostics } = buildFromDisk(id);
  if (!guide) throw new Error(diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`).join('\n'));
  return guide;
}

/** The number a raw line prints for a label, e.g. "Total token throughput (tok/s):  17525.76". */
function printed(file: string, line: number): number {
  const text = rawLine(file, line) ?? '';
  const match = /(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match?.[1]) throw new Error(`no number at the end of ${file}:${line}: ${text}`);
  return Number(match[1]);
}

describe('GLM-5.2 on H200: the decision figures', () => {
  const guide = built('glm-5.2/h200');
  const { decision } = guide;
  const balanced = decision.workloads.find((w) => w.cases.includes('balanced'))!;
  const sharegpt = decision.workloads.find((w) => w.cases.includes('sharegpt'))!;

  it("per GPU: the recommendation's total and output throughput over its 8 GPUs, its totals / duration from their lines", () => {
    const rec = balanced.points[balanced.recommended!]!;
    const y = rec.yield!;
    expect(rec.runId).toBe('kv-cache/fp8_e4m3');
    const file = 'glm-5.2/h200/kv-cache/fp8_e4m3.txt';
    // GPUStack's block prints guidellm's interval means as its rates: the yield is the run's
    // tokens over its duration, like every other guide's, computed from the lines it names.
    const [input, output, duration] = y.total.derived!.lines.map((line) => printed(file, line));
    expect(y.total.derived!.formula).toBe('all-tokens-over-duration');
    expect(y.total.value).toBeCloseTo((input! + output!) / duration!, 8);
    expect(y.output!.derived!.formula).toBe('output-tokens-over-duration');
    expect(y.output!.value).toBeCloseTo(output! / duration!, 8);
    expect(rawLine(file, y.output!.derived!.lines[0]!)).toMatch(/^Total generated tokens:/);
    expect(rawLine(file, y.output!.derived!.lines[1]!)).toMatch(/^Benchmark duration \(s\):/);
    expect(y.gpus).toBe(8);
    expect(y.totalPerGpu).toBeCloseTo(y.total.value / 8, 8);
    expect(y.outputPerGpu).toBeCloseTo(y.output!.value / 8, 8);
    // GPUStack's TPOT line is guidellm's, first token included: the per-user figure is 1000 over
    // the decode time per token its latency and TTFT give, and names their lines.
    expect(y.tpot!.key).toBe('tpot.mean');
    expect(y.tpot!.cell.derived!.formula).toBe('decode-time-from-latency');
    const [latency, ttft, tokens, requests] = y.tpot!.cell.derived!.lines.map((line) => printed(file, line));
    expect(y.tpot!.cell.value).toBeCloseTo((latency! * 1000 - ttft!) / (tokens! / requests! - 1), 8);
    expect(y.perUser).toBeCloseTo(1000 / y.tpot!.cell.value, 8);
  });

  it('cost: the stated H200 price, per million output and total tokens, by the one formula', () => {
    expect(decision.price).toMatchObject({ hardware: 'NVIDIA H200', usdPerGpuHour: 2.5 });
    expect(decision.price!.basis.en).toMatch(/not a quote/);
    const y = balanced.points[balanced.recommended!]!.yield!;
    expect(y.cost!.total).toBeCloseTo((2.5 * 8 * 1e6) / (y.total.value * 3600), 8);
    expect(y.cost!.output).toBeCloseTo((2.5 * 8 * 1e6) / (y.output!.value * 3600), 8);
    // 8 GPUs at $2.50 for an hour serve 1,000 tok/s × 3,600 s = 3.6 M tokens: $20 / 3.6 = $5.56 per million
    expect(costPerMillion(2.5, 8, 1000)).toBeCloseTo(5.5555555556, 8);
  });

  it('on ShareGPT the baseline is best: the recommendation loses its case percent, beyond noise', () => {
    const best = sharegpt.points[sharegpt.best]!;
    expect(best.role).toBe('baseline');
    expect(best.runId).toBe('cases/sharegpt/baseline');
    // what to run instead: the guide's baseline configuration, as the case's baseline side names none
    expect(best.args).toEqual(['--tensor-parallel-size=8']);
    const c = guide.comparison.find((x) => x.id === 'sharegpt')!;
    expect(sharegpt.loss!.percent).toBe(c.percent);
    expect(sharegpt.loss!.percent).toBeCloseTo(-52.8967, 3);
    expect(sharegpt.loss!.verdict).toBe('loss');
    // only ShareGPT's two runs: like with like
    expect(sharegpt.points.map((p) => p.runId).sort()).toEqual(['cases/sharegpt/baseline', 'cases/sharegpt/optimized']);
  });

  it('on the balanced workload every step variant counts, and the recommendation is the best measured', () => {
    expect(balanced.points.length).toBeGreaterThan(10);
    expect(balanced.best).toBe(balanced.recommended);
    expect(balanced.loss).toBeUndefined();
  });

  it("noise: the guide's own spread is the band; +8.07 % and +5.01 % are within it, flagged and acknowledged", () => {
    const { noise } = decision;
    expect(noise.source).toBe('repeats');
    expect(noise.band).toBeCloseTo(Math.abs(guide.repeats[0]!.percent), 10);
    const verdicts = Object.fromEntries(noise.steps.map((s) => [s.step, s.verdict]));
    expect(verdicts).toMatchObject({ engine: 'gain', parallel: 'within-noise', 'max-running': 'within-noise' });
    expect(noise.steps.every((s) => s.runs.winner === 1 && s.runs.reference === 1)).toBe(true);
    expect(guide.story.filter((f) => f.code === 'W_STORY_NOISE').map((f) => 'step' in f && f.step)).toEqual([
      'parallel',
      'max-running',
    ]);
    expect(noise.cases.find((c) => c.case === 'generation-heavy')!.verdict).toBe('within-noise');
  });

  it('freshness: the engines with their versions, and a date said to be an upper bound', () => {
    expect(decision.freshness.engines.map((e) => `${e.name} ${e.version}`)).toEqual(['SGLang v0.5.14', 'vLLM v0.24.0']);
    expect(decision.freshness).toMatchObject({ date: '2026-08-21', dateFrom: 'no-later-than' });
  });

  it("reproduce: the profile's dataset and lengths, and the peak concurrency the run printed", () => {
    const r = sharegpt.reproduce;
    expect(r.tool).toBe('guidellm');
    expect(r.dataset).toEqual({ value: 'ShareGPT', from: 'profile' });
    expect(r.requests).toEqual({ value: 1000, from: 'profile' });
    expect(r.maxConcurrency).toBeUndefined();
    const cell = r.peakConcurrency!.cells![0]!;
    expect(r.peakConcurrency!.value).toBe(printed('glm-5.2/h200/cases/sharegpt/optimized.txt', cell.line));
    expect(r.commandFrom).toBe('not-recorded');
    // ShareGPT's lengths are not configured: the run's mean per request, from two printed totals
    expect(r.inputTokens!.from).toBe('run-mean');
  });
});

describe('noise verdicts', () => {
  it('a change within the band, the band itself included, is within noise; beyond it, by direction', () => {
    expect(verdictOf(5, 5, true)).toBe('within-noise');
    expect(verdictOf(-5, 5, true)).toBe('within-noise');
    expect(verdictOf(5.01, 5, true)).toBe('gain');
    expect(verdictOf(-5.01, 5, true)).toBe('loss');
    // a latency: lower is better
    expect(verdictOf(-20, 5, false)).toBe('gain');
    expect(verdictOf(20, 5, false)).toBe('loss');
  });

  it("the band is the guide's widest spread, or the stated default when that is larger", () => {
    const fallback = { percent: 5, basis: { en: 'a convention', zh: '约定' } };
    const repeat = (percent: number) => ({ engine: 'x', flags: ['--a'], runs: [], percent });
    expect(noiseBand([repeat(-2), repeat(-16)], fallback)).toEqual({ band: 16, source: 'repeats', repeat: 1 });
    expect(noiseBand([repeat(0)], fallback)).toEqual({ band: 5, source: 'default', basis: fallback.basis });
    expect(noiseBand([], fallback)).toMatchObject({ band: 5, source: 'default' });
    expect(noiseBand([], undefined)).toEqual({ band: 0, source: 'none' });
  });
});

describe('best under a latency target', () => {
  const point = (totalPerGpu: number, ttft: number, tpot: number): Point => ({
    at: { kind: 'variant', step: 's', variant: String(totalPerGpu) },
    label: { en: 'p', zh: 'p' },
    engine: { id: 'vllm', name: 'vLLM' },
    role: 'variant',
    runId: String(totalPerGpu),
    score: totalPerGpu,
    runs: 1,
    yield: {
      runId: String(totalPerGpu),
      gpus: 1,
      total: { value: totalPerGpu, unit: 'tok/s', printed: String(totalPerGpu), line: 1, runId: 'r' },
      totalPerGpu,
      ttft: { value: ttft, unit: 'ms', printed: String(ttft), line: 2, runId: 'r' },
      tpot: { key: 'tpot.mean', cell: { value: tpot, unit: 'ms', printed: String(tpot), line: 3, runId: 'r' } },
    },
  });
  const points = [point(100, 50, 10), point(300, 400, 30), point(200, 100, 20)];

  it('the highest per-GPU throughput meeting both limits, measured points only', () => {
    expect(bestWithin(points, {})).toBe(1);
    expect(bestWithin(points, { ttftMs: 200 })).toBe(2);
    expect(bestWithin(points, { ttftMs: 200, tpotMs: 15 })).toBe(0);
    expect(bestWithin(points, { ttftMs: 10 })).toBeUndefined();
  });
});

describe('Qwen3.5-9B on H100: per user from a GPUStack block whose TPOT line stops at the last token guidellm saw', () => {
  const guide = built('qwen3.5-9b/h100');
  const file = 'qwen3.5-9b/h100/cases/generation-heavy-profile/baseline.txt';
  const y = guide.decision.workloads
    .flatMap((w) => w.points)
    .find((p) => p.runId === 'cases/generation-heavy-profile/baseline')!.yield!;

  it('is (output tokens a request − 1) over (mean latency − mean TTFT), each from its line', () => {
    // The block's own rows, as printed: 0.33 ms × 2,000 tokens is 0.66 s, not its 17.48 s latency.
    expect(rawLine(file, 22)).toMatch(/^Mean TPOT \(ms\):\s+0\.33$/);
    expect(rawLine(file, 13)).toMatch(/^Mean Latency\(s\):\s+17\.48$/);
    expect(rawLine(file, 17)).toMatch(/^Mean TTFT \(ms\):\s+54\.95$/);
    expect(rawLine(file, 6)).toMatch(/^Total generated tokens:\s+400000$/);
    expect(rawLine(file, 2)).toMatch(/^Successful requests:\s+200$/);
    expect(y.tpot!.key).toBe('tpot.mean');
    expect(y.tpot!.cell.derived).toEqual({ formula: 'decode-time-from-latency', lines: [13, 17, 6, 2] });
    // (17,480 − 54.95) ms / 1,999 tokens = 8.7169 ms a token: 114.72 tok/s, not 1000 / 0.33 = 3,030
    expect(y.tpot!.cell.value).toBeCloseTo((17480 - 54.95) / 1999, 8);
    expect(y.perUser).toBeCloseTo(1999 / (17.48 - 0.05495), 6);
    expect(y.perUser!.toFixed(2)).toBe('114.72');
  });
});

describe('every guide has its decision', () => {
  it('a latency guide answers by default for its recommendation’s own TTFT and TPOT on its first case', () => {
    const guide = built('qwen3-8b/h100-latency');
    const first = guide.comparison[0]!;
    const rec = guide.decision.workloads.find((w) => w.cases.includes(first.id))!;
    const y = rec.points.find((p) => p.runId === first.optimized.measured.runId)!.yield!;
    expect(guide.decision.limits).toEqual({ ttftMs: y.ttft!.value, tpotMs: y.tpot!.cell.value });
  });
});
