import type { DistributionId, ScalarId } from '../schema/metric.ts';
import { atPointer, parseJsonDocuments, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonSource } from './json-source.ts';
import { isAiperfExport } from './aiperf-json.ts';
import { readDistribution, readScalar, type Quantity } from './nvidia-stats.ts';
import { parseJsonRun } from './json-run.ts';
import type { ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for GenAI-Perf's `profile_export_genai_perf.json` (docs/formats.md, genai-perf-json):
 * one run per file, from its statistics blocks (nvidia-stats.ts). What each means is GenAI-Perf's
 * (genai_perf/profile_data_parser/llm_profile_data_parser.py, `_parse_requests`):
 *
 * - `request_throughput` is the requests in perf_analyzer's export over the benchmark's duration
 *   (first request to last response) and `output_token_throughput` the sum of the output
 *   sequence lengths over it. The duration itself is not written, nor any token total: these
 *   rates cannot be checked against totals, and the run has no `duration`.
 * - `inter_token_latency` is per request `(latency - ttft) / (output tokens - 1)`: TPOT. There
 *   is no pooled inter-chunk latency in the export (its `chunked_inter_token_latencies` are kept
 *   for plots only), so no ITL.
 * - `output_token_throughput_per_user` (1 / ITL of a request) and the older
 *   `output_token_throughput_per_request` (a request's tokens over its latency) are one request's
 *   rate, not the run's throughput, and are not read.
 * - Without `--streaming` the whole response arrives as one chunk, so GenAI-Perf's TTFT is the
 *   request latency: its `time_to_first_token` is not read when `input_config` says the run did
 *   not stream (its CSV leaves the row out for the same reason).
 */

const SCALARS: { key: string; id: ScalarId; quantity: Quantity }[] = [
  { key: 'request_count', id: 'requests_successful', quantity: 'count' },
  { key: 'request_throughput', id: 'request_throughput', quantity: 'request-rate' },
  { key: 'output_token_throughput', id: 'output_token_throughput', quantity: 'token-rate' },
];

const DISTRIBUTIONS: { key: string; id: DistributionId; streamingOnly: boolean }[] = [
  { key: 'time_to_first_token', id: 'ttft', streamingOnly: true },
  { key: 'inter_token_latency', id: 'tpot', streamingOnly: true },
  { key: 'request_latency', id: 'e2e_latency', streamingOnly: false },
];

function isGenaiPerfExport(value: JsonValue | undefined): boolean {
  if (!isJsonObject(value) || isAiperfExport(value)) return false;
  const rate = value.request_throughput;
  return isJsonObject(rate) && typeof rate.unit === 'string' && 'avg' in rate;
}

export const knownAs = 'GenAI-Perf profile_export_genai_perf.json';

export function detect(text: string): boolean {
  if (!/^\s*\{/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isGenaiPerfExport(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return (
    /"request_throughput"\s*:\s*\{\s*"unit"/.test(text) &&
    /"input_config"\s*:/.test(text) &&
    !/"aiperf_version"/.test(text)
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  return parseJsonRun(text, options, {
    format: 'genai-perf-json',
    expected: 'a GenAI-Perf profile_export_genai_perf.json object',
    name: 'GenAI-Perf export',
    resultKeys: 'statistics blocks such as "request_throughput", "request_latency"',
    read: readMetrics,
  });
}

function readMetrics(source: JsonSource): RunMetrics {
  const metrics: RunMetrics = {};
  const root = source.document.value;
  const streamed = atPointer(root, '/input_config/endpoint/streaming') !== false;
  for (const scalar of SCALARS) readScalar(source, `/${scalar.key}`, scalar.id, scalar.quantity, metrics);
  for (const family of DISTRIBUTIONS)
    if (streamed || !family.streamingOnly) readDistribution(source, `/${family.key}`, family.id, metrics);
  // `--concurrency` is perf_analyzer's stimulus: the requests it keeps in flight.
  const n = jsonNumber(source, '/input_config/perf_analyzer/stimulus/concurrency', {
    unit: 'count',
    integer: true,
    nullable: true,
  });
  if (n) metrics.max_concurrency = { ...n, unit: 'count' };
  return metrics;
}
