// The decision in the published guide JSON and index (schema 1.1.0, src/lib/api/decision-api.ts)
// on the committed GLM-5.2 / H200 guide: each value against the raw line that printed it, the
// price content/defaults.yaml states and the dates guide.yaml gives, never against a typed copy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { guideApi, GuideApiSchema, type GuideApi } from '../../src/lib/api/guide-api.ts';
import { guideIndex, GuideIndexSchema } from '../../src/lib/api/index-api.ts';
import { guideLinks } from '../../src/lib/api/links.ts';
import { API_VERSION } from '../../src/lib/api/version.ts';
import { decisionLines } from '../../src/lib/api/llms-decision.ts';
import { formatFixed } from '../../src/lib/format/number.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { ROOT_PATHS } from '../../src/lib/site-paths.ts';
import { rawLine, repoRoot } from '../helpers/guide-from-disk.ts';

const at = { paths: ROOT_PATHS, site: undefined };
const guide = JSON.parse(readFileSync(join(repoRoot, 'data/guides/glm-5.2/h200.json'), 'utf8')) as ComputedGuide;
const api: GuideApi = GuideApiSchema.parse(guideApi(guide, guideLinks(at, guide)));
const yamlOf = (file: string) => parse(readFileSync(join(repoRoot, file), 'utf8')) as Record<string, unknown>;
const defaults = yamlOf('content/defaults.yaml') as { prices: { hardware: string; usdPerGpuHour: number }[] };
const guideYaml = yamlOf('content/guides/glm-5.2/h200/guide.yaml') as { measuredNoLaterThan: { date: string } };
/** The printed token of a figure, read again from its raw file at its line. */
const printedAt = (figure: { printed: string; source: { file: string; line: number } }) =>
  rawLine(figure.source.file.replace(/^data\/raw\//, ''), figure.source.line);

describe('a guide’s JSON: what a reader decides from', () => {
  it('is schema version 1.1.0 or later within v1', () => {
    expect(api.schemaVersion).toBe(API_VERSION);
    expect(API_VERSION).toMatch(/^1\.([1-9]\d*)\.\d+$/);
  });

  it('per GPU and per user, from the recommended run’s lines', () => {
    const run = api.headline.recommended.runs[0]!;
    const y = api.runs[run]!.yield!;
    expect(y.gpus).toBe(guide.hardware.gpus);
    // GPUStack's TPOT line is guidellm's: the per-user TPOT is computed from the block's Mean
    // Latency (s), Mean TTFT (ms), Total generated tokens and Successful requests, on their lines.
    const tpot = y.perUser!.tpot;
    expect(tpot.derived!.formula).toBe('decode-time-from-latency');
    const at = (line: number) =>
      Number(/([\d.]+)\s*$/.exec(rawLine(tpot.source.file.replace(/^data\/raw\//, ''), line) ?? '')?.[1]);
    const [latency, ttft, tokens, requests] = tpot.derived!.lines.map(at);
    expect(tpot.value).toBeCloseTo((latency! * 1000 - ttft!) / (tokens! / requests! - 1), 8);
    expect(y.perUser!.value).toBeCloseTo(1000 / tpot.value, 8);
    // GPUStack's block prints guidellm's interval means as its rates: the yield is the run's tokens
    // over its duration, as for every guide, computed from the totals and duration it names.
    const file = y.total.source.file.replace(/^data\/raw\//, '');
    const number = (line: number) => Number(/([\d.]+)\s*$/.exec(rawLine(file, line) ?? '')?.[1]);
    const [input, output, duration] = y.total.derived!.lines.map(number);
    expect(y.total.derived!.formula).toBe('all-tokens-over-duration');
    expect(y.total.value).toBeCloseTo((input! + output!) / duration!, 8);
    expect(y.output!.derived).toMatchObject({ formula: 'output-tokens-over-duration' });
    expect(y.output!.value).toBeCloseTo(output! / duration!, 8);
    expect(y.total.metric).toBe('total_token_throughput');
    expect(y.totalPerGpu.unit).toBe('tok/s');
    expect(y.totalPerGpu.value).toBeCloseTo(y.total.value / 8, 9);
    expect(y.outputPerGpu!.value).toBeCloseTo(y.output!.value / 8, 9);
    expect(y.perUser!.value).toBeCloseTo(1000 / y.perUser!.tpot.value, 9);
    expect(y.perUser!.tpot.unit).toBe('ms');
  });

  it('the cost at the price content/defaults.yaml states for the hardware, with the formula the schema gives', () => {
    const stated = defaults.prices.find((p) => p.hardware === 'NVIDIA H200')!;
    expect(api.price?.usdPerGpuHour).toBe(stated.usdPerGpuHour);
    for (const [id, run] of Object.entries(api.runs)) {
      const y = run.yield;
      if (!y) continue;
      const perMillion = (tps: number) => (stated.usdPerGpuHour * y.gpus * 1e6) / (tps * 3600);
      expect(y.cost!.unit, id).toBe('USD/Mtok');
      expect(y.cost!.total, id).toBeCloseTo(perMillion(y.total.value), 8);
      if (y.output) expect(y.cost!.output, id).toBeCloseTo(perMillion(y.output.value), 8);
    }
  });

  it('the engine versions and the measured date guide.yaml gives, saying it is an upper bound', () => {
    expect(api.freshness.engines.map((e) => `${e.name} ${e.version}`)).toEqual(['SGLang v0.5.14', 'vLLM v0.24.0']);
    expect(api.freshness.date).toBe(String(guideYaml.measuredNoLaterThan.date));
    expect(api.freshness.dateFrom).toBe('no-later-than');
  });

  it('the noise band is the spread of the one configuration it measured twice, and every verdict follows from it', () => {
    const repeat = api.noise.repeat!;
    const [first, last] = repeat.runs.map((id) =>
      api.steps.flatMap((s) => s.variants).find((v) => v.measurement?.runs[0] === id),
    );
    const spread = ((last!.measurement!.score - first!.measurement!.score) / first!.measurement!.score) * 100;
    expect(repeat.percent).toBeCloseTo(spread, 8);
    expect(api.noise).toMatchObject({ unit: 'percent', source: 'repeats' });
    expect(api.noise.band).toBeCloseTo(Math.abs(spread), 8);
    const expected = (percent: number) =>
      Math.abs(percent) <= api.noise.band ? 'within-noise' : percent > 0 ? 'gain' : 'loss';
    const steps = api.steps.filter((s) => s.noise);
    expect(steps.length).toBeGreaterThan(3);
    for (const step of steps) {
      const winner = step.variants.find((v) => v.winner)!;
      expect(step.noise!.percent, step.id).toBe(winner.change!.percent);
      expect(step.noise!.verdict, step.id).toBe(expected(winner.change!.percent));
      expect(step.noise!.runs).toEqual({ winner: winner.measurement!.runs.length, reference: 1 });
    }
    expect(api.steps.find((s) => s.id === 'parallel')!.noise!.verdict).toBe('within-noise');
    for (const c of api.comparison) expect(c.noise!.verdict, c.id).toBe(expected(c.percent));
    expect(api.headline.noise).toEqual(api.comparison[0]!.noise);
  });

  it('ShareGPT: the recommendation loses to the baseline, a loss beyond the band', () => {
    const sharegpt = api.workloads.find((w) => w.cases.includes('sharegpt'))!;
    const best = sharegpt.points[sharegpt.best]!;
    const recommended = sharegpt.points[sharegpt.recommended!]!;
    expect(best.role).toBe('baseline');
    expect(sharegpt.loss!.verdict).toBe('loss');
    expect(sharegpt.loss!.percent).toBeCloseTo((recommended.score / best.score - 1) * 100, 8);
    expect(sharegpt.loss!.percent).toBeLessThan(-50);
    const byCase = api.comparison.find((c) => c.id === 'sharegpt')!;
    expect(best.runs).toEqual(byCase.baseline.measurement.runs);
    expect(sharegpt.reproduce.dataset).toMatchObject({ value: 'ShareGPT', from: 'profile' });
  });

  it('every point, measurement and reproduced value names a run the JSON lists', () => {
    const ids = new Set(Object.keys(api.runs));
    for (const w of api.workloads) {
      for (const p of w.points) for (const run of p.runs) expect(ids.has(run), `${w.id} ${run}`).toBe(true);
      for (const stated of Object.values(w.reproduce))
        if (typeof stated === 'object')
          for (const value of stated.values ?? []) {
            expect(ids.has(value.source.run)).toBe(true);
            expect(printedAt(value)).toContain(value.printed);
          }
    }
  });
});

describe('the index: what a choice needs', () => {
  const index = GuideIndexSchema.parse(
    guideIndex([{ guide, links: guideLinks(at, guide) }], { schema: '/i', guideSchema: '/g' }),
  );
  const entry = index.guides[0]!;

  it('the headline run’s per-GPU throughput and cost, its noise verdict, the price, the date and the engines', () => {
    expect(entry.headline.yield).toEqual(api.runs[entry.headline.yield!.total.source.run]!.yield);
    expect(entry.headline.yield!.total.source.file).toBe(entry.headline.source.file);
    // The headline is the guide's objective, guidellm's interval-mean Total TPS here; the yield
    // is the run's totals / duration, another figure of the same run.
    expect(entry.headline.yield!.totalPerGpu.value).toBeCloseTo(entry.headline.yield!.total.value / 8, 9);
    expect(entry.headline.yield!.total.metric).toBe('total_token_throughput');
    expect(entry.headline.noise).toEqual(api.headline.noise);
    expect(entry.price).toEqual(api.price);
    expect(entry.freshness).toEqual(api.freshness);
  });
});

describe('llms-full.txt: the decision in plain text', () => {
  const lines = decisionLines(guide, (text) => text);
  const y = api.runs[api.headline.recommended.runs[0]!]!.yield!;

  it('per GPU, the cost at the stated price, the engines and the date, as the guide JSON gives them', () => {
    const two = (n: number) => formatFixed(n, guide.percentDecimals);
    expect(lines).toContain(
      `Per GPU (8 GPUs): ${two(y.totalPerGpu.value)} tok/s total, ${two(y.outputPerGpu!.value)} tok/s output; ${two(y.perUser!.value)} tok/s per user.`,
    );
    expect(lines.find((l) => l.startsWith('Cost at $2.50 per GPU-hour: '))).toContain(
      `$${formatFixed(y.cost!.total, 2)} per million tokens, input and output; $${formatFixed(y.cost!.output!, 2)} per million output tokens`,
    );
    expect(lines).toContain('Measured with SGLang v0.5.14, vLLM v0.24.0, no later than 2026-08-21.');
    // GLM-5.2's blocks are GPUStack's: the per-GPU figures are computed, and the text says which they are.
    expect(y.total.derived).toBeDefined();
    expect(lines).toContain(
      "These throughputs are the run's tokens over its benchmark duration, computed from its totals; the rates its block prints are another figure (guidellm's interval means).",
    );
  });

  it('the headline’s verdict, and ShareGPT’s loss beyond the band in words', () => {
    expect(lines.find((l) => l.startsWith('The headline change'))).toMatch(/: a gain beyond the noise band\.$/);
    expect(lines).toContain(
      'For ShareGPT the baseline was measured better: the recommendation measured -52.90% against it, a loss beyond the noise band.',
    );
    expect(lines.filter((l) => l.startsWith('For '))).toHaveLength(api.workloads.filter((w) => w.loss).length);
  });
});
