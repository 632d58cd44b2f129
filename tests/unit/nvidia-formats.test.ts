// AIPerf, GenAI-Perf and trtllm-bench read value by value: each stored value against the field
// the tool's own source defines it as (written here from the tools' sources, apart from the
// parsers), each CSV against the JSON the same run wrote, and each definition-exact relation
// broken by an edit caught by check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { parseRawFile } from '../../src/lib/parse/index.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const read = (path: string) => readFileSync(join(fixtures, path), 'utf8');
const parseFixture = (path: string, text = read(path)) => parseRawFile(text, { file: path });
const only = (path: string, text?: string) => {
  const result = parseFixture(path, text);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
};
const values = (run: { metrics: Record<string, { value: number } | undefined> }) =>
  Object.fromEntries(Object.entries(run.metrics).map(([key, metric]) => [key, metric!.value]));
type Block = Record<string, number | string>;
const errorsOf = (run: Parameters<typeof checkRunPlausibility>[0]) =>
  checkRunPlausibility(run)
    .filter((d) => d.severity === 'error')
    .map((d) => d.code);

/** AIPerf's metric tags → perflab's ids (ai-dynamo/aiperf src/aiperf/metrics/types/*.py, docs/metrics_reference.md). */
const AIPERF_DISTRIBUTIONS: Record<string, string> = {
  time_to_first_token: 'ttft', // TTFTMetric: first response − request start
  inter_token_latency: 'tpot', // InterTokenLatencyMetric: (latency − ttft) / (osl − 1), per request
  inter_chunk_latency: 'itl', // InterChunkLatencyMetric: every gap between chunks, pooled
  request_latency: 'e2e_latency', // RequestLatencyMetric: last response − request start
};
const AIPERF_STATS: Record<string, string> = {
  avg: 'mean',
  min: 'min',
  max: 'max',
  std: 'std',
  p1: 'p1',
  p5: 'p5',
  p10: 'p10',
  p25: 'p25',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
};

describe('aiperf-json', () => {
  for (const name of ['v0.10-streaming-agent-c16', 'reasoning-loadgen-config']) {
    const path = `aiperf-json/${name}/input.json`;
    const json = JSON.parse(read(path)) as Record<string, Block>;
    const run = only(path);
    const v = values(run);

    it(`${name}: every statistic of the four latency families, under its id`, () => {
      for (const [tag, id] of Object.entries(AIPERF_DISTRIBUTIONS))
        for (const [stat, ours] of Object.entries(AIPERF_STATS))
          expect(v[`${id}.${ours}`], `${tag}.${stat}`).toBe(json[tag]![stat]);
    });

    it(`${name}: the run's figures are AIPerf's derived metrics, and obey their formulas`, () => {
      const duration = json.benchmark_duration!.avg as number;
      expect(json.benchmark_duration!.unit).toBe('sec');
      expect(v.duration).toBe(duration);
      expect(v.requests_successful).toBe(json.request_count!.avg);
      expect(v.input_tokens_total).toBe(json.total_isl!.avg);
      // The output total the throughputs divide: total_osl (output + reasoning tokens).
      expect(v.output_tokens_total).toBe(json.total_osl!.avg);
      expect(v.request_throughput).toBe(json.request_throughput!.avg);
      expect(v.output_token_throughput).toBe(json.output_token_throughput!.avg);
      // RequestThroughputMetric and OutputTokenThroughputMetric: totals over benchmark_duration.
      expect(v.request_throughput).toBeCloseTo((json.request_count!.avg as number) / duration, 12);
      expect(v.output_token_throughput).toBeCloseTo((json.total_osl!.avg as number) / duration, 9);
      expect(v.total_token_throughput).toBeCloseTo(
        ((json.total_isl!.avg as number) + (json.total_osl!.avg as number)) / duration,
        9,
      );
    });

    it(`${name}: no per-user or per-request rate is read as a throughput`, () => {
      for (const tag of [
        'output_token_throughput_per_user',
        'prefill_throughput_per_user',
        'e2e_output_token_throughput',
        'prefill_throughput',
      ])
        if (json[tag])
          for (const stat of Object.keys(AIPERF_STATS)) expect(Object.values(v)).not.toContain(json[tag]![stat]);
    });
  }

  it('a reasoning model: output tokens are total_osl, not total_output_tokens (reasoning left out)', () => {
    const path = 'aiperf-json/reasoning-loadgen-config/input.json';
    const json = JSON.parse(read(path)) as Record<string, Block>;
    const v = values(only(path));
    expect(json.total_output_tokens!.avg).not.toBe(json.total_osl!.avg);
    expect(v.output_tokens_total).toBe(28348);
    // This AIPerf wrote no total_token_throughput: its parts over the duration, marked computed.
    expect(only(path).metrics.total_token_throughput?.derived?.formula).toBe('all-tokens-over-duration');
    expect(v.max_concurrency).toBe(1); // input_config.loadgen.concurrency
  });

  it('the concurrency cap is the profiling phase’s, not the warm-up’s', () => {
    expect(values(only('aiperf-json/v0.10-streaming-agent-c16/input.json')).max_concurrency).toBe(16);
  });

  it('a rate edited away from its totals / duration is an error', () => {
    const path = 'aiperf-json/v0.10-streaming-agent-c16/input.json';
    const edited = read(path).replace('"avg": 2.156207775934887', '"avg": 2.456207775934887');
    expect(errorsOf(only(path, edited))).toContain('E_INCONSISTENT_THROUGHPUT');
  });

  it('a unit AIPerf writes that perflab does not convert is an error at the unit', () => {
    const path = 'aiperf-json/v0.10-streaming-agent-c16/input.json';
    const edited = read(path).replace('"unit": "sec"', '"unit": "min"');
    const result = parseFixture(path, edited);
    expect(result.runs).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([['E_UNIT', 184]]);
  });
});

describe('aiperf-csv', () => {
  const run = only('aiperf-csv/v0.10-streaming-agent-c16/input.csv');
  const json = values(only('aiperf-json/v0.10-streaming-agent-c16/input.json'));
  it('is the JSON of the same run, rounded to two decimals', () => {
    const csv = values(run);
    const keys = Object.keys(json).filter((k) => k !== 'max_concurrency'); // the CSV has no input_config
    expect(Object.keys(csv).sort()).toEqual(keys.sort());
    for (const key of keys) expect(csv[key], key).toBeCloseTo(json[key]!, 2);
  });
});

describe('genai-perf-json and genai-perf-csv', () => {
  it('a run without --streaming has no TTFT: GenAI-Perf’s is the whole latency there', () => {
    const path = 'genai-perf-json/non-streaming-c10/input.json';
    const json = JSON.parse(read(path)) as Record<string, Block>;
    expect(json.time_to_first_token!.avg).toBe(json.request_latency!.avg);
    const v = values(only(path));
    expect(Object.keys(v).some((k) => k.startsWith('ttft.') || k.startsWith('tpot.'))).toBe(false);
    expect(v['e2e_latency.mean']).toBe(json.request_latency!.avg);
    expect(v.request_throughput).toBe(json.request_throughput!.avg);
    expect(v.requests_successful).toBe(26);
    expect(v.max_concurrency).toBe(10); // perf_analyzer.stimulus.concurrency
    expect(v.duration).toBeUndefined(); // GenAI-Perf does not write its duration
  });

  it('a streaming run: inter_token_latency is TPOT, and the per-user rate is not read', () => {
    const path = 'genai-perf-json/streaming-c1-telemetry-cut/input.json';
    const json = JSON.parse(read(path)) as Record<string, Block>;
    const v = values(only(path));
    for (const [stat, ours] of Object.entries(AIPERF_STATS)) {
      expect(v[`tpot.${ours}`], stat).toBe(json.inter_token_latency![stat]);
      expect(v[`ttft.${ours}`], stat).toBe(json.time_to_first_token![stat]);
      expect(Object.values(v)).not.toContain(json.output_token_throughput_per_user![stat]);
    }
    expect(Object.keys(v).some((k) => k.startsWith('itl.'))).toBe(false);
  });

  it('the CSV is the JSON of the same run, rounded to two decimals', () => {
    const csv = values(only('genai-perf-csv/non-streaming-c10/input.csv'));
    const json = values(only('genai-perf-json/non-streaming-c10/input.json'));
    // The CSV prints neither the std nor the concurrency.
    const keys = Object.keys(json).filter((k) => k !== 'max_concurrency' && k !== 'e2e_latency.std');
    expect(Object.keys(csv).sort()).toEqual(keys.sort());
    for (const key of keys) expect(csv[key], key).toBeCloseTo(json[key]!, 2);
  });
});

describe('trtllm-bench and trtllm-bench-json', () => {
  it('--report_json: each figure from its field, totals as requests × averages', () => {
    const path = 'trtllm-bench-json/v1.2-trt-streaming/input.json';
    const json = JSON.parse(read(path)) as Record<string, Record<string, number | Record<string, number>>>;
    const run = only(path);
    const v = values(run);
    const perf = json.performance!;
    expect(v.duration).toBeCloseTo((perf.total_latency_ms as number) / 1000, 12);
    expect(v.request_throughput).toBe(perf.request_throughput_req_s);
    expect(v.output_token_throughput).toBe(perf.system_output_throughput_tok_s);
    expect(v.total_token_throughput).toBe(perf.system_total_throughput_tok_s);
    expect(v.mean_concurrency).toBe(json.request_info!.avg_num_concurrent_requests);
    expect(v.input_tokens_total).toBe(20 * 128);
    expect(v.output_tokens_total).toBe(20 * 40);
    const stats: Record<string, string> = {
      minimum: 'min',
      maximum: 'max',
      average: 'mean',
      p50: 'p50',
      p90: 'p90',
      p95: 'p95',
      p99: 'p99',
    };
    const families: [string, Record<string, number>][] = [
      ['e2e_latency', perf.request_latency_percentiles_ms as Record<string, number>],
      ['ttft', json.streaming_metrics!.ttft_percentiles as Record<string, number>],
      ['tpot', json.streaming_metrics!.tpot_percentiles as Record<string, number>],
    ];
    for (const [id, source] of families)
      for (const [stat, ours] of Object.entries(stats)) expect(v[`${id}.${ours}`], `${id}.${stat}`).toBe(source[stat]);
    for (const perUser of [perf.output_throughput_per_user_tok_s, json.streaming_metrics!.token_output_speed_tok_s])
      expect(Object.values(v)).not.toContain(perUser);
    // trtllm-bench's definitions (statistics.py): requests and tokens over the total latency.
    expect(v.request_throughput).toBeCloseTo(20 / v.duration!, 9);
    expect(v.output_token_throughput).toBeCloseTo(800 / v.duration!, 6);
    expect(v.total_token_throughput).toBeCloseTo(3360 / v.duration!, 6);
  });

  it('0.16: "Token Throughput" is output tokens over the total latency; the total throughput is computed', () => {
    const run = only('trtllm-bench/v0.16-tab-aligned-log/input.log');
    const v = values(run);
    expect(v).toMatchObject({
      requests_successful: 3000,
      request_throughput: 10.6385,
      output_token_throughput: 10893.8728,
      duration: 281.9933779,
    });
    expect(v.output_token_throughput).toBeCloseTo((3000 * 1024) / 281.9933779, 3);
    expect(run.metrics.total_token_throughput?.derived?.formula).toBe('all-tokens-over-duration');
    expect(run.metrics.duration?.printedUnit).toBe('ms');
  });

  it('the per-user figures (first token included, or generation only) are not read (a per-GPU figure on one GPU is the output throughput itself)', () => {
    for (const name of ['docs-streaming-breakdowns', 'docs-multimodal-request-details', 'blog-w-ctx-streaming']) {
      const path = `trtllm-bench/${name}/input.log`;
      const text = read(path);
      const v = values(only(path));
      for (const match of text.matchAll(/^Per User[^:]*:\s*(\S+)$/gm))
        expect(Object.values(v), name).not.toContain(Number(match[2]));
    }
  });

  it('each breakdown line under its family and statistic', () => {
    const path = 'trtllm-bench/docs-streaming-breakdowns/input.log';
    const text = read(path);
    const v = values(only(path));
    const families: Record<string, string> = { TPOT: 'tpot', TTFT: 'ttft', Latency: 'e2e_latency' };
    const stats: Record<string, string> = {
      MINIMUM: 'min',
      MAXIMUM: 'max',
      AVERAGE: 'mean',
      P50: 'p50',
      P90: 'p90',
      P95: 'p95',
      P99: 'p99',
    };
    let seen = 0;
    for (const [, tag, stat, token] of text.matchAll(/^\[(\w+)\] (\w+)\s*: (\S+)$/gm)) {
      expect(v[`${families[tag!]}.${stats[stat!]}` as MetricKey], `${tag} ${stat}`).toBe(Number(token));
      seen++;
    }
    expect(seen).toBe(21);
  });

  it('a throughput edited away from requests over the total latency is an error', () => {
    const path = 'trtllm-bench/docs-multimodal-request-details/input.log';
    const edited = read(path).replace(
      'Request Throughput (req/sec):                     1.4439',
      'Request Throughput (req/sec):                     2.4439',
    );
    expect(errorsOf(only(path, edited))).toContain('E_INCONSISTENT_THROUGHPUT');
  });

  it('a latency edited beyond the total latency is an error: every request lies in it', () => {
    const path = 'trtllm-bench/docs-multimodal-request-details/input.log';
    const edited = read(path).replace('[Latency] MAXIMUM: 5514.4701', '[Latency] MAXIMUM: 9514.4701');
    expect(errorsOf(only(path, edited))).toContain('E_LATENCY_BEYOND_DURATION');
  });
});
