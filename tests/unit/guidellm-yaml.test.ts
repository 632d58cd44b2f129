// guidellm's report written as YAML (`--outputs yaml`): GenerativeBenchmarksReport.save_file dumps
// the dict it would write as JSON with `yaml.dump` (src/guidellm/benchmark/schemas/report.py), so
// each value read from the YAML is the one guidellm writes under the same key in benchmarks.json,
// filed under the same id, its line the YAML line holding that key. What a report dumped from plain
// data never holds (a tag, an alias, a repeated key) is refused at its line, and a file cut off
// inside a benchmark is told by the `type_` yaml.dump writes after the benchmark's metrics.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { parseRawFile } from '../../src/lib/parse/index.ts';
import * as guidellmYaml from '../../src/lib/parse/guidellm-yaml.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const YAML_FILE = 'guidellm-yaml/synchronous-warmup-cooldown/input.yaml';
const JSON_FILE = 'guidellm-json/synchronous-warmup-cooldown/input.json';
const yamlText = readFileSync(join(fixtures, YAML_FILE), 'utf8');
const jsonText = readFileSync(join(fixtures, JSON_FILE), 'utf8');

type Summary = { mean: number; median: number; total_sum: number; percentiles: { [p: string]: number } };
type Benchmark = {
  duration: number;
  metrics: { [metric: string]: { successful: Summary } };
  scheduler_metrics: { start_time: number; end_time: number };
};
const report = JSON.parse(jsonText) as { benchmarks: [Benchmark] };
const [benchmark] = report.benchmarks;
const successful = (metric: string) => benchmark.metrics[metric]!.successful;
const requestTotals = benchmark.metrics.request_totals as unknown as { successful: number };

describe('a guidellm report written as YAML', () => {
  const result = parseRawFile(yamlText, { file: YAML_FILE });
  const [run] = result.runs;
  const m = run!.metrics;
  const lines = yamlText.split('\n');

  it('is read as guidellm-yaml, one run per benchmark, with no diagnostic and no plausibility error', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.runs.map((r) => r.source.format)).toEqual(['guidellm-yaml']);
    expect(checkRunPlausibility(run!).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('each value is the one guidellm writes under that key, under the id its definition gives', () => {
    expect(m.requests_successful?.value).toBe(requestTotals.successful);
    expect(m.duration?.value).toBe(benchmark.duration);
    expect(m.input_tokens_total?.value).toBe(successful('prompt_token_count').total_sum);
    expect(m.output_tokens_total?.value).toBe(successful('output_token_count').total_sum);
    expect(m['ttft.mean']?.value).toBe(successful('time_to_first_token_ms').mean);
    expect(m['ttft.p99']?.value).toBe(successful('time_to_first_token_ms').percentiles.p99);
    // inter_token_latency_ms is guidellm's per-request decode average (vLLM's TPOT);
    // time_per_output_token_ms counts the first token too.
    expect(m['tpot.mean']?.value).toBe(successful('inter_token_latency_ms').mean);
    expect(m['tpot_incl_ttft.median']?.value).toBe(successful('time_per_output_token_ms').median);
    // request_latency is in seconds; perflab stores milliseconds.
    expect(m['e2e_latency.mean']?.value).toBeCloseTo(successful('request_latency').mean * 1000, 9);
    // The scheduler's run, which holds every request counted: end_time − start_time.
    expect(m.run_duration?.value).toBeCloseTo(
      benchmark.scheduler_metrics.end_time - benchmark.scheduler_metrics.start_time,
      9,
    );
    // The run's rates are its totals over the measured window, never guidellm's interval means.
    expect(m.output_token_throughput?.value).toBeCloseTo(
      successful('output_token_count').total_sum / benchmark.duration,
      9,
    );
    expect(m.output_token_throughput?.derived?.formula).toBe('output-tokens-over-duration');
  });

  it('reads the same values, as printed, as the same report written as JSON', () => {
    const fromJson = parseRawFile(jsonText, { file: JSON_FILE }).runs[0]!.metrics;
    const strip = (metrics: typeof m) =>
      Object.fromEntries(Object.entries(metrics).map(([key, v]) => [key, { value: v?.value, printed: v?.printed }]));
    expect(strip(m)).toEqual(strip(fromJson));
  });

  it("each value's line is the YAML line of its key, with the number as yaml.dump wrote it", () => {
    const keyOf: Record<string, RegExp> = {
      requests_successful: /^\s*successful: /,
      duration: /^ {2}duration: /,
      input_tokens_total: /^\s*total_sum: /,
      'ttft.mean': /^\s*mean: /,
      'ttft.p99': /^\s*p99: /,
    };
    for (const [key, pattern] of Object.entries(keyOf)) {
      const metric = m[key as keyof typeof m]!;
      const line = lines[metric.line - 1]!;
      expect(line, key).toMatch(pattern);
      expect(line.trimEnd().endsWith(`: ${metric.printed}`), `${key}: ${line}`).toBe(true);
    }
  });
});

describe('what a guidellm YAML report never holds is refused at its line', () => {
  const parse = (text: string) => parseRawFile(text, { file: 'data/raw/g/benchmarks.yaml' });
  const at = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

  it('a tag (a Python object yaml.dump writes only from non-JSON data)', () => {
    const text = yamlText.replace('  - json\n  - html\n', '  - !!python/tuple [json, html]\n');
    const [d] = parse(text).diagnostics;
    expect(d?.code).toBe('E_RAW_YAML');
    expect(d?.line).toBe(at(text, '!!python/tuple'));
    expect(d?.message).toContain('tag');
  });

  it('an alias, which would expand one value many times', () => {
    const text = `${yamlText}extra: &a [1, 2]\nmore: *a\n`;
    const [d] = parse(text).diagnostics;
    expect(d?.code).toBe('E_RAW_YAML');
    expect(d?.line).toBe(at(text, 'more: *a'));
    expect(d?.message).toContain('alias');
  });

  it('a "billion laughs" document is refused at its first alias, not expanded', () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      laughs.push(
        `${'abcdefghijkl'[i]}: &${'abcdefghijkl'[i]} [${Array(9)
          .fill(`*${'abcdefghijkl'[i - 1]}`)
          .join(', ')}]`,
      );
    const text = `benchmarks:\n- type_: generative_benchmark\n${laughs.join('\n')}\n`;
    const result = parse(text);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['E_RAW_YAML']);
    expect(result.diagnostics[0]?.line).toBe(4);
  });

  it('a repeated key', () => {
    const text = yamlText.replace('  duration: 720.0\n', '  duration: 720.0\n  duration: 360.0\n');
    const [d] = parse(text).diagnostics;
    expect(d?.code).toBe('E_RAW_YAML');
    expect(d?.line).toBe(at(text, 'duration: 360.0'));
  });

  it('a file cut off inside its benchmark (a YAML cut at a line end still parses)', () => {
    const cut = yamlText.slice(0, yamlText.indexOf('\n  scheduler_metrics:') + 1);
    const text = cut.slice(0, cut.lastIndexOf('\n', cut.length - 2) + 1);
    const result = parse(text);
    expect(result.runs).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['E_RAW_YAML']);
    // at the benchmark's last line, the file's
    expect(result.diagnostics[0]?.line).toBe(text.trimEnd().split('\n').length);
  });

  it('nesting deeper than a report goes is an error, not a crash', () => {
    const text = `benchmarks:\n- type_: generative_benchmark\n  config: ${'['.repeat(5000)}\n`;
    expect(parse(text).diagnostics.map((d) => d.code)).toEqual(['E_RAW_YAML']);
  });
});

describe('which files are guidellm YAML', () => {
  it('the YAML report is; the same report as JSON is guidellm-json’s', () => {
    expect(guidellmYaml.detect(yamlText)).toBe(true);
    expect(guidellmYaml.detect(jsonText)).toBe(false);
    expect(parseRawFile(jsonText, { file: JSON_FILE }).runs[0]?.source.format).toBe('guidellm-json');
  });

  it('a YAML file of another tool is not (a Kubernetes manifest, a guidellm scenario)', () => {
    expect(guidellmYaml.detect('apiVersion: v1\nkind: Pod\nmetadata:\n  name: guidellm\n')).toBe(false);
    expect(guidellmYaml.detect('benchmarks:\n- name: sweep\n  rate: 4\n')).toBe(false);
  });

  it("a later report schema version (guidellm's metadata.version, raised at a breaking change) is refused at its line, JSON or YAML", () => {
    const fromJson = parseRawFile(jsonText.replace('"version": 1,', '"version": 2,'), { file: JSON_FILE });
    expect(fromJson.runs).toEqual([]);
    expect(fromJson.diagnostics.map((d) => [d.code, d.line, d.found])).toEqual([['E_SCHEMA', 3, 'version 2']]);
    const fromYaml = parseRawFile(yamlText.replace(/^ {2}version: 1$/m, '  version: 2'), { file: YAML_FILE });
    expect(fromYaml.runs).toEqual([]);
    expect(fromYaml.diagnostics.map((d) => [d.code, d.line])).toEqual([['E_SCHEMA', 349]]);
  });
});
