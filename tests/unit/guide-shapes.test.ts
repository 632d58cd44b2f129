// The guide shapes of the published Performance Lab beyond the two seeds: latency guides (mean
// request latency in seconds, derived when a block does not print it, ratios), steps not adopted,
// runs skipped for failed requests, unlabelled single runs, per-accelerator scaling, NPUs, extra
// prose sections and a guide without a Chinese translation yet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { guideHeadings, guideView, summaryText, type MeasuredCell } from '../../src/lib/view/guide-view.ts';

const base = join(import.meta.dirname, '../fixtures/bad-guides/base');
const id = 'tiny/h100';
const vllm = readFileSync(join(base, 'raw/engine/vllm.txt'), 'utf8');
const sglang = readFileSync(join(base, 'raw/engine/sglang.txt'), 'utf8');
// The SGLang block again, but a quarter of its requests failed: 100 of 125 succeeded.
const sglangFailed = sglang.replace(
  /^(Successful requests:\s+100)$/m,
  '$1\nFailed requests:                         25',
);
const baseYaml = readFileSync(join(base, 'guide.yaml'), 'utf8');
const proseText = (lang: string) => readFileSync(join(base, `${lang}.md`), 'utf8');

function build(yaml: string, options: { zh?: string | null; en?: string } = {}) {
  const files = { 'engine/vllm.txt': vllm, 'engine/sglang.txt': sglang, 'tuning/failed.txt': sglangFailed };
  const ingested = ingestGuide(
    Object.entries(files).map(([path, text]) => ({ path, file: `data/raw/${id}/${path}`, text })),
  );
  expect(ingested.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const zh = options.zh === null ? undefined : (options.zh ?? proseText('zh'));
  return buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
    runs: ingested.runs,
    prose: {
      en: { file: `content/guides/${id}/en.md`, text: options.en ?? proseText('en') },
      zh: zh === undefined ? undefined : { file: `content/guides/${id}/zh.md`, text: zh },
    },
  });
}

const noProse = { title: '', description: '', slots: {} };
const withStep = (step: string) => baseYaml.replace('recommended:', `${step}recommended:`);
const errors = (built: ReturnType<typeof build>) =>
  built.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);

describe('a latency guide with the default metrics', () => {
  const built = build(
    baseYaml.replace('objective: throughput', 'objective: latency').replace('metrics: { secondary: tpot.mean }\n', ''),
  );
  const guide = built.guide!;

  it('decides on mean request latency, derived from TTFT, TPOT and the output length when not printed', () => {
    expect(errors(built)).toEqual([]);
    expect(guide.metrics).toEqual({
      primary: 'e2e_latency.mean',
      secondary: ['ttft.mean', 'tpot.mean'],
      better: { primary: 'lower', secondary: ['lower', 'lower'] },
    });
    const measured = guide.steps[0]!.variants.map((v) => v.measured!.primary);
    // vLLM: 900 + 40 × (20000 / 100 − 1) = 8860 ms; SGLang: 700 + 35 × 199 = 7665 ms.
    expect(measured.map((c) => c.value)).toEqual([8860, 7665]);
    expect(measured[0]!.derived).toEqual({
      formula: 'mean-latency-from-ttft-tpot',
      lines: [10, 14, 5, 2],
    });
    expect(guide.steps[0]!.winner).toBe('sglang');
  });

  it('shows seconds with their unit, names the lines a derived value comes from, and states ratios', () => {
    const view = guideView(guide, noProse, 'en');
    const row = view.conclusion.comparison!.table.rows[0]!;
    expect(row.baseline.primary).toMatchObject({
      text: 'Mean Latency(s): 8.86',
      source: 'data/raw/tiny/h100/engine/vllm.txt:10,14,5,2',
    });
    expect(row.baseline.primary.derived).toBe(
      'This block does not print Mean Latency; computed from its lines as Mean TTFT + Mean TPOT × (output tokens / successful requests − 1).',
    );
    const zhRow = guideView(guide, noProse, 'zh').conclusion.comparison!.table.rows[0]!;
    expect(zhRow.baseline.primary.derived).toBe(
      '该结果块未打印 Mean Latency，按其中各行计算：平均 TTFT + 平均 TPOT ×（输出 token 数 / 成功请求数 − 1）。',
    );
    expect(row.optimized.secondary.map((l) => l.text)).toEqual(['Mean TTFT(ms): 700.00', 'Mean TPOT(ms): 35.00']);
    // 8860 / 7665 = 1.156: "1.16x faster", green.
    expect([row.optimized.primary.text, row.optimized.delta, row.optimized.positive]).toEqual([
      'Mean Latency(s): 7.67',
      '(1.16x faster)',
      true,
    ]);
    expect(view.conclusion.comparison!.chart.metric).toBe('Mean Latency (s) · lower is better');
    expect(view.conclusion.comparison!.chart.cases[0]).toMatchObject({ baseline: 8.86, optimized: 7.665 });
    expect(summaryText(guide, guide.steps[0]!, 'en')!.text).toBe(
      'SGLang Mean Latency = 7.67 s, vLLM Mean Latency = 8.86 s. SGLang is faster by 1.20 s (1.16x faster); Mean TTFT = 700.00 ms vs 900.00 ms, reduced by 200.00 ms (1.29x faster); Mean TPOT = 35.00 ms vs 40.00 ms, reduced by 5.00 ms (1.14x faster).',
    );
    expect(summaryText(guide, guide.steps[0]!, 'zh')!.text).toContain('延迟更低，缩短 1.20 s（1.16x 更快）');
  });

  it('the cumulative summary of a latency guide has a Group and a Comparison column', () => {
    const view = guideView(guide, noProse, 'en');
    expect(view.optimizationSummary.headers).toEqual([
      'Benchmark Case',
      'Group',
      'Optimized',
      'Baseline',
      'Comparison',
    ]);
    expect(view.optimizationSummary.rows[0]!.cells[0]).toBe('Choose the engine');
    expect(view.optimizationSummary.rows[0]!.cells[3]).toEqual({ change: '1.16x faster', positive: true });
  });
});

describe('runs with failed requests are skipped, never a gain', () => {
  const step = `  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: pairwise
    variants:
      - { id: a, label: A, engine: sglang, args: [--tp-size 8, --a], result: engine/sglang.txt }
      - { id: failed, label: Failed, engine: sglang, args: [--tp-size 8, --b], result: tuning/failed.txt }
`;

  it('a failed run with the best throughput does not win; a step of one complete run has no sentence', () => {
    const built = build(withStep(step));
    expect(errors(built)).toEqual([]);
    const tuning = built.guide!.steps[1]!;
    expect(tuning.winner).toBe('a');
    expect(tuning.variants[1]!.measured!.successRate).toBe(0.8);
    expect(tuning.summary).toEqual({ kind: 'none' });
    const view = guideView(built.guide!, noProse, 'en');
    expect(view.results.steps[1]!.variants[1]!.status).toBe(
      'Skipped: only 80.0% of the requests succeeded, so this run neither wins nor counts as a gain',
    );
  });

  it('a step whose only run failed requests is not adopted and its summary row says skipped', () => {
    const only = step.replace(/ {6}- \{ id: a,.*\n/, '');
    const built = build(withStep(only));
    expect(errors(built)).toEqual([]);
    const tuning = built.guide!.steps[1]!;
    expect([tuning.winner, tuning.adopted, tuning.notAdopted]).toEqual([
      undefined,
      false,
      { why: 'no-successful-run' },
    ]);
    const row = guideView(built.guide!, noProse, 'en').optimizationSummary.rows[1]!;
    expect(row.cells[0]).toMatchObject({ note: '(success rate 80.0%, skipped)', positive: false });
    expect((row.cells[0] as MeasuredCell).delta).toBeUndefined();
  });

  it('a failed run in the before/after table is an error at its result', () => {
    const yaml = baseYaml.replace(
      'optimized: { result: engine/sglang.txt }',
      'optimized: { result: tuning/failed.txt }',
    );
    expect(errors(build(yaml))).toEqual([
      'E_FAILED_REQUESTS: the optimized run of case "main" served only 80.0% of its requests',
    ]);
  });
});

describe('steps not adopted', () => {
  it('step over step: a step whose winner does not beat the running configuration reads "-"', () => {
    const yaml = withStep(`  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: pairwise
    variants:
      - { id: a, label: A, engine: sglang, args: [--tp-size 8, --a], result: engine/vllm.txt }
      - { id: b, label: B, engine: sglang, args: [--tp-size 8, --b], result: tuning/failed.txt }
`).replace('mode: cumulative', 'mode: step');
    const built = build(yaml);
    expect(errors(built)).toEqual([]);
    const view = guideView(built.guide!, noProse, 'en');
    expect(view.optimizationSummary.rows.map((r) => r.cells[0])).toEqual([
      { change: '+25.00%', positive: true },
      { change: '-' },
    ]);
    expect(view.optimizationSummary.legend).toContain('not adopted');
    expect(view.results.steps[1]!.notAdopted).toBe(
      'Not adopted: no run of this step improved on the configuration it started from, so later steps keep that configuration.',
    );
  });

  it('the baseline winning the engine step is "baseline-won"; an author may decline a step with a reason', () => {
    const flipped = baseYaml
      .replace('baseline: { step: engine, variant: vllm }', 'baseline: { step: engine, variant: sglang }')
      .replace(
        'title: { en: Choose the engine, zh: 选择推理引擎 }',
        'title: { en: Choose the engine, zh: 选择推理引擎 }\n    adopted: { adopted: false, reason: { en: not yet released, zh: 尚未发布 } }',
      );
    const built = build(flipped);
    expect(errors(built)).toEqual([]);
    expect(built.guide!.steps[0]!.notAdopted).toEqual({
      why: 'author',
      reason: { en: 'not yet released', zh: '尚未发布' },
    });
    const baselineWon = build(
      baseYaml.replace('baseline: { step: engine, variant: vllm }', 'baseline: { step: engine, variant: sglang }'),
    );
    expect(baselineWon.guide!.steps[0]!.notAdopted).toEqual({ why: 'baseline-won' });
  });
});

describe('other shapes', () => {
  it('a step with one unlabelled run has no variant heading; two unlabelled runs are an error', () => {
    const one = withStep(`  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: none
    variants:
      - { id: run, engine: sglang, args: [--tp-size 8, --a], result: engine/sglang.txt }
`);
    const built = build(one);
    expect(errors(built)).toEqual([]);
    expect(guideView(built.guide!, noProse, 'en').results.steps[1]!.variants[0]!.heading).toBeUndefined();
    const two = one.replace(
      '      - { id: run,',
      '      - { id: other, engine: sglang, args: [--tp-size 8], result: engine/vllm.txt }\n      - { id: run,',
    );
    expect(errors(build(two))).toEqual([
      'E_MISSING_REQUIRED: variant "other" of step "tuning" has no label',
      'E_MISSING_REQUIRED: variant "run" of step "tuning" has no label',
    ]);
  });

  it('per-accelerator scaling on an NPU machine: unscaled values, the change per NPU', () => {
    const yaml = baseYaml
      .replace('gpus: 8,', 'gpus: 8, accelerator: npu,')
      // vLLM ran on 4 of the 8 (its command says so, as a case side's gpus: must follow what ran);
      // scaled to the machine it wins the engine step, so the recommendation is its command
      .replace('args: [-tp 8], result: engine/vllm.txt', 'args: [-tp 4], gpus: 4, result: engine/vllm.txt')
      .replace(
        'recommended: { engine: sglang, command: python3 -m sglang.launch_server --tp-size 8 }',
        'recommended: { engine: vllm, command: vllm serve org/tiny-model -tp 4 }',
      )
      .replace('baseline: { result: engine/vllm.txt }', 'baseline: { result: engine/vllm.txt, gpus: 4 }')
      .replace('comparison:\n', 'comparison:\n  scaling: per-gpu\n');
    const built = build(yaml);
    expect(errors(built)).toEqual([]);
    const row = guideView(built.guide!, noProse, 'en').conclusion.comparison!.table.rows[0]!;
    // vLLM on 4 of 8 NPUs: 1200 × 2 = 2400 per machine; SGLang on 8: 1500 → −37.50% per NPU.
    expect([row.baseline.primary.text, row.optimized.primary.text, row.optimized.delta]).toEqual([
      'Total TPS: 1200.00',
      'Total TPS: 1500.00',
      '(-37.50%/NPU)',
    ]);
  });

  it('sections of free prose follow the part of the page they name, in both languages', () => {
    const yaml = baseYaml.replace(
      'optimizationSummary:',
      'sections:\n  - { id: replacement, title: { en: Open-Source Replacement, zh: 开源替代方案 }, after: setup }\noptimizationSummary:',
    );
    const missing = build(yaml);
    expect(errors(missing)).toContain('E_SLOT_MISSING: required prose slot "section:replacement" is missing');
    const add = (text: string) => `${text}\n<!-- slot: section:replacement -->\nRun guidellm directly.\n`;
    const built = build(yaml, { en: add(proseText('en')), zh: add(proseText('zh')) });
    expect(errors(built)).toEqual([]);
    const view = guideView(built.guide!, { ...noProse, slots: { 'section:replacement': '<p>x</p>' } }, 'zh');
    expect(view.sectionsAfter.setup).toEqual([{ id: 'replacement', heading: '开源替代方案', html: '<p>x</p>' }]);
    expect(guideHeadings(view).map((h) => h.slug)).toContain('section-replacement');
  });

  it('without zh.md the guide still builds: zh shows the English prose, and check warns', () => {
    const built = build(baseYaml, { zh: null });
    expect(errors(built)).toEqual([]);
    expect(built.diagnostics.map((d) => d.code)).toEqual(['W_PROSE_UNTRANSLATED']);
    expect(built.prose!.zh).toMatchObject({ title: built.prose!.en.title, untranslated: true });
    const view = guideView(built.guide!, { ...noProse, untranslated: true }, 'zh');
    expect(view.untranslated).toBe(
      '本页尚未翻译：以下说明文字为英文原文。由数据计算得出的所有数字、表格和句子均为中文。',
    );
  });
});

describe('a guide without a before/after table', () => {
  it('has no comparison on the page; its headline is the last adopted configuration against the baseline', () => {
    const yaml = baseYaml.replace(/comparison:\n {2}cases:\n.*\n/, '');
    const built = build(yaml);
    expect(errors(built)).toEqual([]);
    expect(built.guide!.comparison).toEqual([]);
    // SGLang (1500 tok/s) was adopted over the vLLM baseline (1200 tok/s): +25%.
    expect(built.guide!.headline).toEqual({ percent: 25, ratio: 1.25 });
    expect(guideView(built.guide!, noProse, 'en').conclusion.comparison).toBeUndefined();
  });
});

describe('acknowledgements', () => {
  const peak = vllm.replace(/^(Output token throughput.*)$/m, '$1\nPeak output token throughput (tok/s):    10.00');
  function buildWithPeak(acknowledge: string) {
    const ingested = ingestGuide(
      [
        { path: 'engine/vllm.txt', text: peak },
        { path: 'engine/sglang.txt', text: sglang },
      ].map((f) => ({ ...f, file: `data/raw/${id}/${f.path}` })),
    );
    return buildGuide({
      id,
      yaml: { file: `content/guides/${id}/guide.yaml`, text: `${baseYaml}${acknowledge}` },
      runs: ingested.runs,
      prose: {
        en: { file: `content/guides/${id}/en.md`, text: proseText('en') },
        zh: { file: `content/guides/${id}/zh.md`, text: proseText('zh') },
      },
    });
  }

  it('one entry without a file covers a code on every run (a known tool artifact), and is reported as acknowledged', () => {
    const built = buildWithPeak(
      'acknowledge:\n  - { code: W_PEAK_BELOW_MEAN, metric: peak_output_token_throughput, reason: "chunks of several tokens read low" }\n',
    );
    expect(errors(built)).toEqual([]);
    expect(built.acknowledged?.map(({ warning: d }) => `${d.file}:${d.line}: ${d.code}`)).toEqual([
      'data/raw/tiny/h100/engine/vllm.txt:8: W_PEAK_BELOW_MEAN',
    ]);
  });

  it('without it the warning is an error at the run’s first reference', () => {
    expect(errors(buildWithPeak(''))[0]).toMatch(
      /^E_UNACKNOWLEDGED: data\/raw\/tiny\/h100\/engine\/vllm.txt:8: peak output token throughput/,
    );
  });
});

describe('what steps say', () => {
  const ranking = (extra: string, yaml = baseYaml) =>
    yaml.replace('    summary: pairwise\n', `    summary: ranking\n${extra}`);

  it('a ranking puts "=" between equal values and "<" between latencies', () => {
    const tie = ranking('').replace(
      '      - { id: sglang,',
      '      - { id: again, label: Again, engine: vllm, args: [-tp 8, --again], result: engine/vllm.txt }\n      - { id: sglang,',
    );
    const built = build(
      tie.replace(
        'summary: ranking',
        'summary: ranking\n    winner: { variant: sglang, reason: { en: best, zh: 最好 } }',
      ),
    );
    expect(errors(built)).toEqual([]);
    expect(summaryText(built.guide!, built.guide!.steps[0]!, 'en')!.text).toBe(
      'Result: SGLang (1500.00 tok/s) > vLLM (1200.00 tok/s) = Again (1200.00 tok/s)',
    );
    const latency = build(
      ranking('')
        .replace('objective: throughput', 'objective: latency')
        .replace('metrics: { secondary: tpot.mean }\n', ''),
    );
    expect(summaryText(latency.guide!, latency.guide!.steps[0]!, 'en')!.text).toBe(
      'Result: SGLang (7.67 s) < vLLM (8.86 s)',
    );
  });

  it('a step none of whose configurations ran says so, and the page has no empty "other cases"', () => {
    const built = build(
      withStep(`  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: none
    variants:
      - { id: trt, label: TensorRT-LLM, engine: sglang, status: unsupported, reason: not yet }
`),
    );
    expect(errors(built)).toEqual([]);
    expect(built.guide!.steps[1]!.notAdopted).toEqual({ why: 'not-measured' });
    const view = guideView(built.guide!, noProse, 'en');
    expect(view.results.steps[1]!.notAdopted).toBe(
      'Not adopted: none of its configurations could be measured (unsupported, or the server did not start).',
    );
    const bare = build(baseYaml.replace(/comparison:\n {2}cases:\n.*\n/, ''));
    expect(guideView(bare.guide!, noProse, 'en').otherCases).toBeUndefined();
  });

  it('compared per accelerator, sentences give each configuration per GPU', () => {
    const yaml = baseYaml
      .replace(
        'args: [--tp-size 8], result: engine/sglang.txt',
        'args: [--tp-size 4], gpus: 4, result: engine/sglang.txt',
      )
      .replace('comparison:\n', 'comparison:\n  scaling: per-gpu\n')
      .replace('optimized: { result: engine/sglang.txt }', 'optimized: { result: engine/sglang.txt, gpus: 4 }')
      .replace(
        'command: python3 -m sglang.launch_server --tp-size 8',
        'command: python3 -m sglang.launch_server --tp-size 4',
      );
    const built = build(yaml);
    expect(errors(built)).toEqual([]);
    expect(summaryText(built.guide!, built.guide!.steps[0]!, 'en')!.text).toContain(
      'SGLang Total TPS = 1500.00 (375.00/GPU), vLLM Total TPS = 1200.00 (150.00/GPU).',
    );
    expect(guideView(built.guide!, noProse, 'en').conclusion.comparison!.chart).toMatchObject({
      metric: 'Total TPS / GPU (tok/s) · higher is better',
      cases: [{ baseline: 150, optimized: 375 }],
    });
  });
});

describe('the benchmark behind each run', () => {
  it('a step or a case records the exact benchmark command its runs were measured with, and the page shows it', () => {
    const command = 'vllm bench serve --dataset-name sharegpt --num-prompts 1000';
    const yaml = baseYaml
      .replace('    summary: pairwise\n', `    summary: pairwise\n    benchmark: ${command}\n`)
      .replace('    - { id: main, label: Main,', `    - { id: main, label: Main, benchmark: "${command}",`);
    const built = build(yaml);
    expect(errors(built)).toEqual([]);
    expect(built.guide!.steps[0]!.benchmark).toBe(command);
    const view = guideView(built.guide!, noProse, 'zh');
    expect(view.results.steps[0]!.benchmark).toEqual({ label: '基准测试命令：', command });
    expect(view.otherCases?.groups[0]?.benchmark?.command).toBe(command);
  });
});
