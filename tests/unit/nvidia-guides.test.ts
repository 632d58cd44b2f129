// A guide takes its results from AIPerf, GenAI-Perf and trtllm-bench files as from any other
// format: `result: <file>` in guide.yaml, ingested and computed to the page's figures, each the
// number its file printed (real fixtures of tests/fixtures/<format>/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { benchmarkReport, runUses } from '../../src/lib/benchmark-report/benchmark-report.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const base = join(fixtures, 'bad-guides/base');
const id = 'tiny/h100';

/** The bad-guides base guide with its two engine variants' results in these fixtures. */
function guideWith(
  vllm: { path: string; fixture: string },
  sglang: { path: string; fixture: string },
  extra: string,
  metrics = '{ secondary: tpot.mean }',
) {
  const raw = [vllm, sglang].map((f) => ({
    path: f.path,
    file: `data/raw/${id}/${f.path}`,
    text: readFileSync(join(fixtures, f.fixture), 'utf8'),
  }));
  const yaml = readFileSync(join(base, 'guide.yaml'), 'utf8')
    .replaceAll('engine/vllm.txt', vllm.path)
    .replaceAll('engine/sglang.txt', sglang.path)
    .replace('metrics: { secondary: tpot.mean }', `metrics: ${metrics}`);
  const prose = (lang: string) => ({
    file: `content/guides/${id}/${lang}.md`,
    text: readFileSync(join(base, `${lang}.md`), 'utf8'),
  });
  const ingested = ingestGuide(raw);
  const built = buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: `${yaml}${extra}` },
    runs: ingested.runs,
    prose: { en: prose('en'), zh: prose('zh') },
  });
  const errors = [...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error');
  return { ingested, built, errors };
}

// llm-d's Benchmark Report schema, as tests/build/api-files.test.ts validates every export with it.
const brAjv = new Ajv({ allErrors: true, strict: true });
(addFormats as unknown as (ajv: Ajv) => void)(brAjv);
brAjv.addVocabulary(['discriminator', 'ge']);
const validReport = brAjv.compile(
  JSON.parse(readFileSync(join(fixtures, 'llm-d-benchmark-report/br_v0_2_1_json_schema.json'), 'utf8')) as object,
);

/** Each run's Benchmark Report validates and names the load generator that wrote the file. */
function reportsOf(
  built: ReturnType<typeof guideWith>['built'],
  runs: ReturnType<typeof guideWith>['ingested']['runs'],
) {
  const uses = runUses(built.guide!);
  return runs.map((run) => {
    const report = benchmarkReport(built.guide!, run, uses.get(run.id)) as {
      scenario: { load: { standardized: { tool: string } } };
    };
    expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
    return report.scenario.load?.standardized.tool;
  });
}

const ITL_TAIL = `acknowledge:
  - file: engine/sglang.csv
    code: W_MEAN_ABOVE_PERCENTILE
    metric: itl.mean
    reason:
      en: a few chunk gaps of 100-220 ms (prefill of the next turn) pull AIPerf's pooled inter-chunk mean above its P95
      zh: 少数 100-220 ms 的分块间隔（下一轮的预填充）把 AIPerf 汇总的分块间隔均值拉到 P95 之上
`;

describe('guides on AIPerf results', () => {
  const { ingested, built, errors } = guideWith(
    { path: 'engine/vllm.json', fixture: 'aiperf-json/reasoning-loadgen-config/input.json' },
    { path: 'engine/sglang.csv', fixture: 'aiperf-csv/v0.10-streaming-agent-c16/input.csv' },
    ITL_TAIL,
  );

  it('ingests and computes without error, the ITL warning acknowledged', () => {
    expect(errors).toEqual([]);
    expect(ingested.runs.map((r) => r.source.format)).toEqual(['aiperf-csv', 'aiperf-json']);
  });

  it('each run has an llm-d Benchmark Report from aiperf', () =>
    expect(reportsOf(built, ingested.runs)).toEqual(['aiperf', 'aiperf']));

  it('the step compares total throughput and TPOT as the files printed them', () => {
    const step = built.guide!.steps[0]!;
    const total = (variant: string) => step.variants.find((v) => v.id === variant)!;
    expect(JSON.stringify(total('sglang'))).toContain('9282.32');
    expect(JSON.stringify(total('sglang'))).toContain('11.85');
    // The older AIPerf JSON wrote no total throughput: (19637 + 28348) / 519.597973721 s.
    expect(JSON.stringify(total('vllm'))).toContain(String(Number(((19637 + 28348) / 519.597973721).toFixed(10))));
  });
});

describe('guides on GenAI-Perf results', () => {
  // GenAI-Perf writes no total token throughput: a guide ranks on its output throughput.
  const { ingested, built, errors } = guideWith(
    { path: 'engine/vllm.json', fixture: 'genai-perf-json/streaming-c1-telemetry-cut/input.json' },
    { path: 'engine/sglang.csv', fixture: 'genai-perf-csv/non-streaming-c10/input.csv' },
    '',
    '{ primary: output_token_throughput, secondary: e2e_latency.mean }',
  );

  it('ingests and computes without error', () => expect(errors).toEqual([]));

  // GenAI-Perf writes no token totals, so the report cannot give the load's lengths: no load section.
  it('each run has an llm-d Benchmark Report, without a load section', () =>
    expect(reportsOf(built, ingested.runs)).toEqual([undefined, undefined]));

  it('ranks on the output throughput each file printed', () => {
    const text = JSON.stringify(built.guide!.steps[0]);
    expect(text).toContain('408.83');
    expect(text).toContain('12.095750218698175');
  });
});

describe('guides on trtllm-bench results', () => {
  const { ingested, built, errors } = guideWith(
    { path: 'engine/vllm.log', fixture: 'trtllm-bench/v0.16-tab-aligned-log/input.log' },
    { path: 'engine/sglang.json', fixture: 'trtllm-bench-json/v1.2-trt-streaming/input.json' },
    '',
    // The 0.16 report prints no latency: the guide compares the request rate beside the tokens.
    '{ secondary: request_throughput }',
  );

  it('ingests and computes without error', () => expect(errors).toEqual([]));

  it('each run has an llm-d Benchmark Report from trtllm-bench', () =>
    expect(reportsOf(built, ingested.runs)).toEqual(['trtllm-bench', 'trtllm-bench']));

  it('the printed report’s total throughput is computed from its totals, the JSON’s read', () => {
    const text = JSON.stringify(built.guide!.steps[0]);
    expect(text).toContain('2336.820949346655');
    expect(text).toContain('21787.7456759952');
  });
});
