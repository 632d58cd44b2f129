import { stored } from '../format/number.ts';
import {
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type ScalarId,
  type Stat,
  type Unit,
} from '../schema/metric.ts';
import { atPointer, parseJsonDocuments, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonSource } from './json-source.ts';
import { completeFromAverages } from './trtllm-statistics.ts';
import { parseJsonRun } from './json-run.ts';
import type { ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for the file `trtllm-bench throughput --report_json` writes (docs/formats.md,
 * trtllm-bench-json): the same report as the printed one (ReportUtility.get_statistics_dict in
 * tensorrt_llm/bench/dataclasses/reporting.py), with full-precision numbers. Each figure means what
 * trtllm-statistics.ts says. `output_throughput_per_user_tok_s` (a request's tokens over its
 * latency, first token included, averaged), `output_throughput_per_gpu_tok_s`,
 * `token_output_speed_tok_s` and `gen_tps_percentiles` are one request's rate or a share of the
 * run's, not the run's throughput: not read.
 */

const SCALARS: { pointer: string; id: ScalarId; unit: Unit; fromMs?: true }[] = [
  { pointer: '/request_info/num_requests', id: 'requests_successful', unit: 'count' },
  { pointer: '/request_info/avg_num_concurrent_requests', id: 'mean_concurrency', unit: 'count' },
  { pointer: '/performance/total_latency_ms', id: 'duration', unit: 's', fromMs: true },
  { pointer: '/performance/request_throughput_req_s', id: 'request_throughput', unit: 'req/s' },
  { pointer: '/performance/system_output_throughput_tok_s', id: 'output_token_throughput', unit: 'tok/s' },
  { pointer: '/performance/system_total_throughput_tok_s', id: 'total_token_throughput', unit: 'tok/s' },
];

const PERCENTILES: { pointer: string; id: DistributionId }[] = [
  { pointer: '/performance/request_latency_percentiles_ms', id: 'e2e_latency' },
  { pointer: '/streaming_metrics/ttft_percentiles', id: 'ttft' },
  { pointer: '/streaming_metrics/tpot_percentiles', id: 'tpot' },
];

const STATS: Record<string, Stat> = {
  minimum: 'min',
  maximum: 'max',
  average: 'mean',
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
};

function isReport(value: JsonValue | undefined): boolean {
  return (
    isJsonObject(value) &&
    isJsonObject(value.performance) &&
    'request_throughput_req_s' in value.performance &&
    (isJsonObject(value.request_info) || isJsonObject(value.world_info))
  );
}

export const knownAs = '`trtllm-bench --report_json` JSON';

export function detect(text: string): boolean {
  if (!/^\s*\{/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isReport(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return /"request_throughput_req_s"\s*:/.test(text) && /"(request_info|world_info)"\s*:/.test(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  return parseJsonRun(text, options, {
    format: 'trtllm-bench-json',
    expected: 'a trtllm-bench --report_json object',
    name: 'trtllm-bench report',
    resultKeys: '"performance": {"total_latency_ms": …, "request_throughput_req_s": …}',
    read: readMetrics,
  });
}

function readMetrics(source: JsonSource): RunMetrics {
  const metrics: RunMetrics = {};
  for (const scalar of SCALARS) {
    const n = jsonNumber(source, scalar.pointer, { unit: scalar.fromMs ? 'ms' : scalar.unit, nullable: true });
    if (!n) continue;
    metrics[scalar.id] = scalar.fromMs
      ? { value: stored(n.value / 1000), unit: 's', printed: n.printed, printedUnit: 'ms', line: n.line }
      : { ...n, unit: scalar.unit };
  }
  for (const family of PERCENTILES) {
    const stats = atPointer(source.document.value, family.pointer);
    if (!isJsonObject(stats)) continue;
    for (const name of Object.keys(stats)) {
      const stat = STATS[name];
      if (!stat) continue;
      const n = jsonNumber(source, `${family.pointer}/${name}`, { unit: 'ms', nullable: true });
      if (n) metrics[statKeyOf(family.id, stat) as MetricKey] = { ...n, unit: 'ms' };
    }
  }
  const average = (pointer: string) => jsonNumber(source, pointer, { unit: 'tok', nullable: true });
  completeFromAverages(
    metrics,
    { input: average('/request_info/avg_input_length'), output: average('/request_info/avg_output_length') },
    false,
  );
  return metrics;
}
