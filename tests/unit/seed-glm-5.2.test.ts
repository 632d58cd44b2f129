// The GLM-5.2 / H200 seed's figures, recomputed from data/raw/glm-5.2/h200 (never from constants
// in the code). Expected strings are the seed's, except where the seed rounded differently.
import { describe, expect, it } from 'vitest';
import { summaryText, guideView, type MeasuredCell } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk, ingestFromDisk } from '../helpers/guide-from-disk.ts';

const built = buildFromDisk('glm-5.2/h200');
const guide = built.guide!;
const step = (id: string) => guide.steps.find((s) => s.id === id)!;
const zh = (id: string) => summaryText(guide, step(id), 'zh')!.text;
const en = (id: string) => summaryText(guide, step(id), 'en')!.text;

describe('GLM-5.2 on H200, recomputed from raw results', () => {
  it('builds without errors; its only warnings are the plausibility warnings guide.yaml acknowledges', () => {
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(built.diagnostics.map((d) => d.code)).toEqual(Array(4).fill('W_MEAN_ABOVE_PERCENTILE'));
  });

  it('engine step: SGLang beats vLLM by 18.34% on Total TPS, TPOT -95.45 ms (15.00%)', () => {
    const s = step('engine');
    expect(s.winner).toBe('sglang');
    expect(s.summary).toMatchObject({ kind: 'pairwise', winner: 'sglang', reference: 'vllm' });
    if (s.summary.kind !== 'pairwise') throw new Error('pairwise expected');
    expect(s.summary.primary.percent.toFixed(2)).toBe('18.34');
    expect(s.summary.secondary[0]?.diff.toFixed(2)).toBe('95.45');
    expect(s.summary.secondary[0]?.percent.toFixed(2)).toBe('15.00');
    expect(s.summary.secondary[0]?.change).toBe('reduced');
  });

  it('the seed printed 1005.62 tok/s; the printed values differ by 1005.63', () => {
    // 6487.53 − 5481.90 = 1005.63. The seed's generator subtracted unrounded guidellm means
    // (the block prints them rounded); we only have the printed values, so the computed value stands.
    expect(zh('engine')).toBe(
      'SGLang Total TPS = 6487.53, vLLM Total TPS = 5481.90. SGLang 性能更优，差值为 1005.63 tok/s (18.34%); Mean TPOT = 540.79 ms 与 636.24 ms, 减少 95.45 ms (15.00%).',
    );
    expect(en('engine')).toBe(
      'SGLang Total TPS = 6487.53, vLLM Total TPS = 5481.90. SGLang is faster by 1005.63 tok/s (18.34%); Mean TPOT = 540.79 ms vs 636.24 ms, reduced by 95.45 ms (15.00%).',
    );
  });

  it('compares each step winner with the step’s worst variant, in the seed’s zh wording', () => {
    expect(zh('parallel')).toBe(
      'TP + DP + DP-Attention Total TPS = 7011.17, TP + DP-Attention Total TPS = 6371.59. TP + DP + DP-Attention 性能更优，差值为 639.58 tok/s (10.04%); Mean TPOT = 497.48 ms 与 553.48 ms, 减少 56.00 ms (10.12%).',
    );
    expect(zh('max-running')).toBe(
      'max-running 256 Total TPS = 14451.05, max-running 64 Total TPS = 9959.18. max-running 256 性能更优，差值为 4491.87 tok/s (45.10%); Mean TPOT = 255.63 ms 与 359.30 ms, 减少 103.67 ms (28.85%).',
    );
    expect(zh('deepep-mode')).toBe(
      'auto Total TPS = 14451.05, normal Total TPS = 3413.56. auto 性能更优，差值为 11037.49 tok/s (323.34%); Mean TPOT = 255.63 ms 与 1058.70 ms, 减少 803.07 ms (75.85%).',
    );
  });

  it('seed rounding differences: the printed values give 327.37, 2.38 and 3074.71', () => {
    // Seed: "减少 327.38 ms" but 594.26 − 266.89 = 327.37.
    expect(zh('mem-fraction')).toBe(
      '0.85 Total TPS = 13760.98, auto Total TPS = 5881.79. 0.85 性能更优，差值为 7879.19 tok/s (133.96%); Mean TPOT = 266.89 ms 与 594.26 ms, 减少 327.37 ms (55.09%).',
    );
    // Seed: "差值为 2.37 tok/s" but 13760.98 − 13758.60 = 2.38.
    expect(zh('chunked-prefill')).toBe(
      // The seed's sentence, word for word, around the variant's Chinese name (默认, issue 22).
      '默认 Total TPS = 13760.98, 8K Total TPS = 13758.60. 默认 性能更优，差值为 2.38 tok/s (0.02%); Mean TPOT = 266.89 ms 与 266.86 ms, 增加 0.03 ms (0.01%，耗时增加).',
    );
    // Seed: "差值为 3074.72 tok/s" but 17525.76 − 14451.05 = 3074.71.
    expect(zh('kv-cache-dtype')).toBe(
      'fp8_e4m3 Total TPS = 17525.76, bf16 Total TPS = 14451.05. fp8_e4m3 性能更优，差值为 3074.71 tok/s (21.28%); Mean TPOT = 217.89 ms 与 255.63 ms, 减少 37.74 ms (14.76%).',
    );
    expect(en('chunked-prefill')).toBe(
      'default Total TPS = 13760.98, 8K Total TPS = 13758.60. default is faster by 2.38 tok/s (0.02%); Mean TPOT = 266.89 ms vs 266.86 ms, increased by 0.03 ms (0.01% slower).',
    );
  });

  it('optimization summary is cumulative against the vLLM baseline, 2 decimals', () => {
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'zh');
    const percents = view.optimizationSummary.rows.map((r) => (r.cells[0] as MeasuredCell).delta);
    expect(percents).toEqual([
      '(+18.34%)',
      '(+27.90%)',
      '(+151.03%)',
      '(+151.03%)',
      '(+163.61%)',
      '(+163.61%)',
      '(+219.70%)',
    ]);
    expect(guide.optimizationSummary.rows.every((r) => r.reference.primary.printed === '5481.90')).toBe(true);
  });

  it('two steps whose best run is the configuration they started from are marked not adopted', () => {
    // Chunked prefill and DeepEP mode keep their defaults: the step's winner is the previous winner's run.
    expect(guide.steps.map((s) => [s.id, s.adopted, s.notAdopted?.why])).toEqual([
      ['engine', true, undefined],
      ['parallel', true, undefined],
      ['mem-fraction', true, undefined],
      ['chunked-prefill', false, 'no-gain'],
      ['max-running', true, undefined],
      ['deepep-mode', false, 'no-gain'],
      ['kv-cache-dtype', true, undefined],
    ]);
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'en');
    expect(view.optimizationSummary.rows.map((r) => (r.cells[0] as MeasuredCell).note)).toEqual([
      undefined,
      undefined,
      undefined,
      '(not adopted)',
      undefined,
      '(not adopted)',
      undefined,
    ]);
  });

  it('before/after table: fp8_e4m3 config +219.70% on Balanced, −52.90% on ShareGPT', () => {
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'zh');
    expect(
      view.conclusion.comparison!.table.rows.map((r) => [
        r.baseline.primary.text,
        r.optimized.primary.text,
        r.optimized.delta,
        r.optimized.secondary.map((line) => line.text).join(),
      ]),
    ).toEqual([
      ['Total TPS: 5481.90', 'Total TPS: 17525.76', '(+219.70%)', 'Mean TPOT(ms): 217.89'],
      ['Total TPS: 13196.90', 'Total TPS: 18276.60', '(+38.49%)', 'Mean TPOT(ms): 211.06'],
      ['Total TPS: 10513.68', 'Total TPS: 26433.15', '(+151.42%)', 'Mean TPOT(ms): 537.26'],
      ['Total TPS: 2268.18', 'Total TPS: 2267.33', '(-0.04%)', 'Mean TPOT(ms): 46.54'],
      ['Total TPS: 6040.94', 'Total TPS: 2845.48', '(-52.90%)', 'Mean TPOT(ms): 331.21'],
    ]);
    expect(view.conclusion.comparison!.table.rows.map((r) => r.optimized.positive)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('GSM8K: 0.975 vs 0.980 at 200 samples is within noise, about 1 question', () => {
    const check = guide.accuracy[0]!;
    expect(check.results.map((r) => [r.label, r.score.printed, r.samples])).toEqual([
      ['bf16', '0.975', 200],
      ['fp8_e4m3', '0.980', 200],
    ]);
    expect(check.verdict!.withinNoise).toBe(true);
    expect(check.verdict!.questions).toBe(1);
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'zh');
    expect(view.results.steps.at(-1)!.accuracy[0]!.verdict).toBe(
      '差异处于测量噪声范围内（约 1 题 / 200），未发现可测量的准确率下降。',
    );
  });

  it('the Mean TPOT it compares is the GPUStack one that includes the first token', () => {
    // Mean Latency 651.51 s / 1024 output tokens per request = 636.24 ms (docs/formats.md, "Traps that hold for every tool", 2).
    const vllm = step('engine').variants.find((v) => v.id === 'vllm')!.measured!;
    expect(guide.metrics.secondary).toEqual(['tpot_incl_ttft.mean']);
    expect(vllm.secondary[0]?.printed).toBe('636.24');
  });

  it('its Total TPS is the one the blocks print, guidellm’s interval mean, and the page says which figure it is', () => {
    // "Total Token throughput (tok/s): 5481.90": the seed's number, under its own id.
    const vllm = step('engine').variants.find((v) => v.id === 'vllm')!.measured!;
    expect(guide.metrics.primary).toBe('total_token_throughput_interval_mean');
    expect(vllm.primary.printed).toBe('5481.90');
    // Beside it, perflab computes the block's totals over its duration: another figure, another id.
    const run = guide.runs['engine/vllm']!;
    expect(run).toBeDefined();
    const ingested = ingestFromDisk('glm-5.2/h200').runs.find((r) => r.id === 'engine/vllm')!;
    expect(ingested.metrics['total_token_throughput']?.derived?.formula).toBe('all-tokens-over-duration');
    expect(ingested.metrics['total_token_throughput_interval_mean']?.printed).toBe('5481.90');
    const en = guideView(guide, { title: '', description: '', slots: {} }, 'en').conclusion;
    expect(en.comparison?.chart.metric).toBe('Interval-mean Total TPS (tok/s) · higher is better');
    expect(en.metricNotes).toEqual([
      "Interval-mean Total TPS is guidellm's mean of its rates between consecutive events, as the GPUStack-rendered block prints it: not the run's totals over its benchmark duration, which vLLM and SGLang print under the same name. It is compared only with the same figure.",
      "Mean TPOT is guidellm's time per output token, as the GPUStack-rendered block prints it: the time from the request's start to the last token guidellm recorded, over the output tokens, the first token included, not vLLM's decode-only TPOT. It is compared only with the same figure.",
    ]);
    const zh = guideView(guide, { title: '', description: '', slots: {} }, 'zh').conclusion;
    expect(zh.metricNotes[0]).toMatch(/^区间均值总吞吐量是 GPUStack 渲染的结果块所打印的 guidellm 速率均值/);
    // A guide of vLLM blocks has nothing to explain.
    const glm4 = buildFromDisk('glm-4.x/h200').guide!;
    expect(guideView(glm4, { title: '', description: '', slots: {} }, 'en').conclusion.metricNotes).toEqual([]);
  });
});
