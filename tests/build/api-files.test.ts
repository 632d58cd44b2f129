// The published data for programs in the built site (README, "Data and API"): the index, every
// guide's JSON, their JSON Schemas, llms.txt and a Benchmark Report per measured run. Each file is
// validated with Ajv against its schema: perflab's own (as published in dist/) and llm-d's
// Benchmark Report v0.2.1 (tests/fixtures/llm-d-benchmark-report/). A file that breaks them fails
// here; so does a planted violation, so the validators are known to bite.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const dist = join(repoRoot, 'dist');
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);

const withFormats = <A extends Ajv>(ajv: A): A => {
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  return ajv;
};

// A benchmark setting's value is a number or a string (`"type": ["number", "string"]`, standard JSON
// Schema), which Ajv's strict mode only accepts when told.
const perflab = withFormats(new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }));
const guideSchema = json('api/v1/guide.schema.json');
const indexSchema = json('api/v1/index.schema.json');
const validGuide = perflab.compile(guideSchema);
const validIndex = perflab.compile(indexSchema);

// The schemas as 1.0.0 published them (tests/fixtures/api-contract/v1.0.0/): a reader that kept
// them must still accept every file of v1, since fields are only added within a major version.
const v1_0 = withFormats(new Ajv2020({ allErrors: true, strict: true }));
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/api-contract/v1.0.0', name), 'utf8')) as object;
const validGuide1_0 = v1_0.compile(fixture('guide.schema.json'));
const validIndex1_0 = v1_0.compile(fixture('index.schema.json'));

const brSchemaFile = join(repoRoot, 'tests/fixtures/llm-d-benchmark-report/br_v0_2_1_json_schema.json');
const brAjv = withFormats(new Ajv({ allErrors: true, strict: true }));
// pydantic's `discriminator` (OpenAPI) and `ge` are annotations to a JSON Schema validator: see the fixture's README.
brAjv.addVocabulary(['discriminator', 'ge']);
const validReport = brAjv.compile(JSON.parse(readFileSync(brSchemaFile, 'utf8')) as object);

const errors = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');

const guideFiles = globSync('api/v1/guides/**/*.json', { cwd: dist }).sort();
const reportFiles = globSync('api/v1/benchmark-reports/**/*.json', { cwd: dist }).sort();
const computedGuides = globSync('**/*.json', { cwd: join(repoRoot, 'data/guides') }).sort();

describe('the guide index', () => {
  const index = json('api/v1/index.json');

  it('validates against its published schema, which it names', () => {
    expect(validIndex(index), errors(validIndex)).toBe(true);
    expect(index['$schema']).toBe('/api/v1/index.schema.json');
    expect(index['schemaVersion']).toMatch(/^1\.\d+\.\d+$/);
  });

  it('validates against the 1.0.0 schema too: a reader of 1.0.0 still reads it', () => {
    expect(validIndex1_0(index), errors(validIndex1_0)).toBe(true);
  });

  it('GLM-5.2 / H200’s entry: per-GPU throughput and cost, the engine versions and the measured date', () => {
    const entry = (
      index['guides'] as {
        id: string;
        engine: { version?: string };
        headline: {
          yield: { totalPerGpu: { value: number }; outputPerGpu: { value: number }; cost: { total: number } };
        };
        freshness: { date: string; dateFrom: string };
        price: { usdPerGpuHour: number };
      }[]
    ).find((g) => g.id === 'glm-5.2/h200')!;
    expect(entry.engine.version).toBe('v0.5.14');
    // The run's totals over its duration (kv-cache/fp8_e4m3.txt: input 8204000 and output 1024000
    // tokens in 539.39 s), on 8 GPUs: its printed Total TPS, 17525.76, is guidellm's interval mean.
    const total = (8204000 + 1024000) / 539.39;
    expect(entry.headline.yield.totalPerGpu.value).toBeCloseTo(total / 8, 6);
    expect(entry.headline.yield.outputPerGpu.value).toBeCloseTo(1024000 / 539.39 / 8, 6);
    expect(entry.price.usdPerGpuHour).toBe(2.5);
    expect(entry.headline.yield.cost.total).toBeCloseTo((2.5 * 8 * 1e6) / (total * 3600), 8);
    expect(entry.freshness).toMatchObject({ date: '2026-08-21', dateFrom: 'no-later-than' });
  });

  it('lists every guide once, with its page and JSON', () => {
    const guides = index['guides'] as { id: string; urls: Record<string, string> }[];
    expect(guides.map((g) => `${g.id}.json`)).toEqual(computedGuides);
    for (const g of guides) {
      expect(existsSync(join(dist, g.urls['en']!, 'index.html')), g.id).toBe(true);
      expect(existsSync(join(dist, g.urls['zh']!, 'index.html')), g.id).toBe(true);
      expect(existsSync(join(dist, g.urls['json']!)), g.id).toBe(true);
    }
  });

  it('fails its schema when a planted value breaks it', () => {
    const broken = clone(index) as { guides: { headline: { unit: string } }[] };
    broken.guides[0]!.headline.unit = 'furlongs';
    expect(validIndex(broken)).toBe(false);
    const cost = clone(index) as { guides: { headline: { yield: { cost: { unit: string } } } }[] };
    cost.guides[0]!.headline.yield.cost.unit = 'EUR/Mtok';
    expect(validIndex(cost)).toBe(false);
    expect(errors(validIndex)).toContain('/headline/yield/cost/unit');
    const missing = clone(index) as { guides: Record<string, unknown>[] };
    delete missing.guides[1]!['recommendation'];
    expect(validIndex(missing)).toBe(false);
  });
});

describe('every guide JSON', () => {
  it('there is one per computed guide', () => {
    expect(guideFiles).toEqual(computedGuides.map((file) => `api/v1/guides/${file}`));
  });

  it.each(guideFiles)('%s validates against the schema its $schema names', (file) => {
    const guide = json(file);
    expect(guide['$schema']).toBe('/api/v1/guide.schema.json');
    expect(validGuide(guide), errors(validGuide)).toBe(true);
    expect(validGuide1_0(guide), `1.0.0: ${errors(validGuide1_0)}`).toBe(true);
  });

  it('fails its schema when a planted value breaks it', () => {
    const guide = json('api/v1/guides/glm-5.2/h200.json') as {
      steps: { variants: { measurement?: { primary: { source: { line: unknown } } } }[] }[];
    };
    const broken = clone(guide);
    broken.steps[0]!.variants[0]!.measurement!.primary.source.line = '11';
    expect(validGuide(broken)).toBe(false);
    expect(errors(validGuide)).toContain('/source/line must be integer');
    const verdict = clone(guide) as unknown as { steps: { noise?: { verdict: string } }[] };
    verdict.steps.find((s) => s.noise)!.noise!.verdict = 'probably';
    expect(validGuide(verdict)).toBe(false);
    expect(errors(validGuide)).toContain('/noise/verdict must be equal to one of the allowed values');
    const old = clone(guide) as unknown as Record<string, unknown>;
    delete old['recommendation'];
    expect(validGuide1_0(old)).toBe(false);
  });

  it('GLM-5.2 / H200 gives the per-GPU throughput, the engine versions and each figure’s raw line', () => {
    const guide = json('api/v1/guides/glm-5.2/h200.json') as {
      schemaVersion: string;
      freshness: { date: string; engines: { name: string; version?: string }[] };
      runs: Record<string, { yield?: { totalPerGpu: { value: number }; outputPerGpu: { value: number } } }>;
      engines: { id: string; version?: string }[];
      headline: {
        recommended: { perGpu: { value: number; unit: string }; primary: { value: number; source: unknown } };
      };
      recommendation: { argv: string[]; command: string };
    };
    expect(guide.engines).toEqual([
      { id: 'vllm', name: 'vLLM', version: 'v0.24.0' },
      { id: 'sglang', name: 'SGLang', version: 'v0.5.14' },
    ]);
    // 17525.76 tok/s on 8 GPUs, the recommended configuration's line 11 (kv-cache/fp8_e4m3.txt).
    expect(guide.headline.recommended.primary.value).toBe(17525.76);
    expect(guide.headline.recommended.primary.source).toEqual({
      run: 'kv-cache/fp8_e4m3',
      file: 'data/raw/glm-5.2/h200/kv-cache/fp8_e4m3.txt',
      line: 11,
    });
    expect(guide.headline.recommended.perGpu).toEqual({ value: 2190.72, unit: 'tok/s' });
    expect(guide.schemaVersion).toBe('1.1.0');
    const { yield: y } = guide.runs['kv-cache/fp8_e4m3']!;
    // The yield is the run's totals over its duration, the same figure for every guide.
    expect(y!.totalPerGpu.value).toBeCloseTo((8204000 + 1024000) / 539.39 / 8, 6);
    expect(y!.outputPerGpu.value).toBeCloseTo(1024000 / 539.39 / 8, 6);
    expect(guide.freshness.date).toBe('2026-08-21');
    expect(guide.freshness.engines.map((e) => `${e.name} ${e.version}`)).toEqual(['SGLang v0.5.14', 'vLLM v0.24.0']);
    expect(
      readFileSync(join(repoRoot, 'data/raw/glm-5.2/h200/kv-cache/fp8_e4m3.txt'), 'utf8').split('\n')[10],
    ).toContain('17525.76');
    expect(guide.recommendation.argv.slice(0, 3)).toEqual(['python3', '-m', 'sglang.launch_server']);
    expect(guide.recommendation.argv).toContain('--kv-cache-dtype=fp8_e4m3');
  });
});

describe('the Benchmark Report exports', () => {
  it('the llm-d schema kept here is the one in ../shared, where that exists', () => {
    const shared = join(repoRoot, '../shared/schemas/br_v0_2_1_json_schema.json');
    if (existsSync(shared)) expect(readFileSync(brSchemaFile, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });

  it('there is one per serving-benchmark run a guide shows, linked from its JSON', () => {
    const linked = guideFiles.flatMap((file) =>
      Object.values((json(file) as { runs: Record<string, { benchmarkReport?: string }> }).runs).flatMap((run) =>
        run.benchmarkReport ? [run.benchmarkReport.replace(/^\//, '')] : [],
      ),
    );
    expect(linked.sort()).toEqual(reportFiles);
    expect(reportFiles.length).toBeGreaterThan(300);
  });

  it.each(reportFiles)('%s validates against llm-d’s Benchmark Report v0.2.1 schema', (file) => {
    const report = json(file);
    expect(validReport(report), errors(validReport)).toBe(true);
    expect(report['version']).toBe('0.2.1');
  });

  it('fails llm-d’s schema when a planted value breaks it', () => {
    const report = json('api/v1/benchmark-reports/glm-5.2/h200/engine/vllm.json') as {
      scenario: { stack: { standardized: { replicas: number } }[] };
      results: { request_performance: { aggregate: { latency: { time_to_first_token: { units: string } } } } };
    };
    const replicas = clone(report);
    replicas.scenario.stack[0]!.standardized.replicas = 0;
    expect(validReport(replicas)).toBe(false);
    const units = clone(report);
    units.results.request_performance.aggregate.latency.time_to_first_token.units = 'milliseconds';
    expect(validReport(units)).toBe(false);
  });

  it('GLM-5.2 / H200’s vLLM baseline: scenario, load and results from its raw block’s lines', () => {
    const report = json('api/v1/benchmark-reports/glm-5.2/h200/engine/vllm.json') as {
      scenario: { stack: { standardized: Record<string, unknown> }[]; load: { standardized: Record<string, unknown> } };
      results: { request_performance: { aggregate: Record<string, Record<string, unknown>> } };
    };
    const engine = report.scenario.stack[0]!.standardized;
    expect(engine['tool']).toBe('vllm');
    expect(engine['tool_version']).toBe('v0.24.0');
    expect(engine['accelerator']).toEqual({ model: 'NVIDIA H200', count: 8, parallelism: { tp: 8 } });
    const load = report.scenario.load.standardized;
    expect(load['input_seq_len']).toEqual({ distribution: 'fixed', value: 8192 });
    expect(load['output_seq_len']).toEqual({ distribution: 'fixed', value: 1024 });
    const { latency, throughput } = report.results.request_performance.aggregate;
    // The report's total token rate is the run's tokens over its duration, lines 4-6 (input
    // 8204000 and output 1024000 tokens in 1684.76 s): line 11's "Total Token throughput (tok/s):
    // 5481.90" is guidellm's interval mean, another figure. Line 13: "Mean Latency(s): 651.51".
    const rate = throughput!['total_token_rate'] as { units: string; mean: number };
    expect(rate.units).toBe('tokens/s');
    expect(rate.mean).toBeCloseTo((8204000 + 1024000) / 1684.76, 6);
    expect((latency!['request_latency'] as { mean: number; units: string }).mean).toBe(651510);
    expect((latency!['request_latency'] as { units: string }).units).toBe('ms');
    const raw = readFileSync(join(repoRoot, 'data/raw/glm-5.2/h200/engine/vllm.txt'), 'utf8').split('\n');
    expect(raw.slice(3, 6)).toEqual([
      expect.stringMatching(/^Benchmark duration \(s\):\s+1684\.76$/),
      expect.stringMatching(/^Total input tokens:\s+8204000$/),
      expect.stringMatching(/^Total generated tokens:\s+1024000$/),
    ]);
    expect(raw[10]).toContain('5481.90');
    expect(raw[12]).toContain('651.51');
  });
});

describe('llms.txt', () => {
  const text = read('llms.txt');

  it('follows the convention: an H1, a blockquote summary, sections of links', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('# perflab');
    expect(lines[2]).toMatch(/^> \S/);
    expect(text).toMatch(/\n## Guides\n/);
    expect(text).toContain('/api/v1/guide.schema.json');
  });

  it('has one line per guide, with its page and its JSON', () => {
    for (const file of computedGuides) {
      const id = file.replace(/\.json$/, '');
      const line = text.split('\n').filter((l) => l.includes(`(/en/guides/${id}/)`));
      expect(line, id).toHaveLength(1);
      expect(line[0]).toContain(`[JSON](/api/v1/guides/${id}.json)`);
      expect(line[0]).toContain(`[中文](/zh/guides/${id}/)`);
    }
  });

  it('llms-full.txt gives each guide’s answer and command', () => {
    const full = read('llms-full.txt');
    expect(full).toContain('## GLM-5.2 Throughput Optimization on H200');
    expect(full).toContain('--kv-cache-dtype=fp8_e4m3');
    const glm = full.slice(full.indexOf('## GLM-5.2 Throughput Optimization on H200'));
    // The run's tokens over its duration: (8204000 + 1024000) / 539.39 / 8 and 1024000 / 539.39 / 8.
    expect(glm).toContain('Per GPU (8 GPUs): 2138.53 tok/s total, 237.31 tok/s output');
    expect(glm).toContain(
      "These throughputs are the run's tokens over its benchmark duration, computed from its totals",
    );
    expect(glm).toContain('Measured with SGLang v0.5.14, vLLM v0.24.0, no later than 2026-08-21.');
  });
});
