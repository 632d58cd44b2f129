import type { DistributionId, ScalarId } from '../schema/metric.ts';
import { rateFromTotals } from './derived-rates.ts';
import { atPointer, parseJsonDocuments, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonSource } from './json-source.ts';
import { readDistribution, readScalar, type Quantity } from './nvidia-stats.ts';
import { parseJsonRun } from './json-run.ts';
import type { ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for AIPerf's `profile_export_aiperf.json` (docs/formats.md, aiperf-json): one run per
 * file, read from its top-level statistics blocks (nvidia-stats.ts). What each block means is
 * AIPerf's (ai-dynamo/aiperf: src/aiperf/metrics/types/, docs/metrics_reference.md), not its name's:
 *
 * - `request_throughput` is `request_count / benchmark_duration`, `output_token_throughput` is
 *   `total_osl / benchmark_duration` and `total_token_throughput` is `(total_isl + total_osl) /
 *   benchmark_duration` (RequestThroughputMetric, OutputTokenThroughputMetric,
 *   TotalTokenThroughputMetric), `benchmark_duration` being the last response's timestamp minus
 *   the first request's (BenchmarkDurationMetric) over the profiling phase, warm-up excluded.
 * - Two output totals: `total_osl` (output and reasoning tokens, what the throughputs divide) and
 *   `total_output_tokens` (reasoning tokens excluded). perflab's `output_tokens_total` is
 *   `total_osl`, so that it is the total the printed rates are made of, and counts every token
 *   the server generated, as vLLM's "Total generated tokens" does. The server-reported
 *   `total_usage_*` counts are not read: AIPerf derives no rate from them.
 * - `inter_token_latency` is per request `(request_latency - ttft) / (osl - 1)`: TPOT
 *   (InterTokenLatencyMetric). `inter_chunk_latency` is the gaps between response chunks, pooled
 *   over requests: what vLLM calls ITL (InterChunkLatencyMetric).
 * - `*_per_user` blocks (`output_token_throughput_per_user` = 1 / ITL of each request,
 *   `prefill_throughput_per_user`, `e2e_output_token_throughput`) and `prefill_throughput` are
 *   distributions of one request's rate, not the run's throughput, and are not read.
 *
 * The aggregate and collated files `--num-profile-runs` writes beside the runs summarise several
 * runs (a mean and confidence interval per metric): recognised and skipped with a warning, since
 * each run's own file is what a guide reads.
 */

type Scalar = { key: string; id: ScalarId; quantity: Quantity };

const SCALARS: Scalar[] = [
  { key: 'request_count', id: 'requests_successful', quantity: 'count' },
  { key: 'error_request_count', id: 'requests_failed', quantity: 'count' },
  { key: 'benchmark_duration', id: 'duration', quantity: 'duration' },
  { key: 'total_isl', id: 'input_tokens_total', quantity: 'tokens' },
  { key: 'total_osl', id: 'output_tokens_total', quantity: 'tokens' },
  { key: 'request_throughput', id: 'request_throughput', quantity: 'request-rate' },
  { key: 'output_token_throughput', id: 'output_token_throughput', quantity: 'token-rate' },
  { key: 'total_token_throughput', id: 'total_token_throughput', quantity: 'token-rate' },
];

const DISTRIBUTIONS: { key: string; id: DistributionId }[] = [
  { key: 'time_to_first_token', id: 'ttft' },
  { key: 'inter_token_latency', id: 'tpot' },
  { key: 'inter_chunk_latency', id: 'itl' },
  { key: 'request_latency', id: 'e2e_latency' },
];

/** Keys only AIPerf writes beside its statistics (GenAI-Perf writes none of them). */
const AIPERF_KEYS = ['benchmark_duration', 'total_osl', 'total_isl', 'inter_chunk_latency', 'min_request_timestamp'];

export function isAiperfExport(value: JsonValue | undefined): boolean {
  if (!isJsonObject(value)) return false;
  if (typeof value.aiperf_version === 'string') return true;
  return isJsonObject(value.request_throughput) && AIPERF_KEYS.some((key) => isJsonObject(value[key]));
}

/** `profile_export_aiperf_aggregate.json` and `_collated.json`: several runs summarised. */
function summaryOfRuns(value: JsonValue): string | undefined {
  if (!isJsonObject(value)) return undefined;
  if (isJsonObject(value.metadata) && typeof value.metadata.aggregation_type === 'string')
    return `an aggregate of ${typeof value.metadata.num_profile_runs === 'number' ? value.metadata.num_profile_runs : 'several'} runs (${value.metadata.aggregation_type})`;
  if (isJsonObject(value.combined) && Array.isArray(value.per_run)) return 'the collated requests of several runs';
  return undefined;
}

export const knownAs = 'AIPerf profile_export_aiperf.json';

export function detect(text: string): boolean {
  // Most raw files are printed blocks: do not start a JSON parse (and its error) for those.
  if (!/^\s*\{/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isAiperfExport(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return /"aiperf_version"\s*:/.test(text) || (/"benchmark_duration"\s*:/.test(text) && /"total_osl"\s*:/.test(text));
}

export function parse(text: string, options: { file: string }): ParseResult {
  return parseJsonRun(text, options, {
    format: 'aiperf-json',
    expected: 'an AIPerf profile_export_aiperf.json object',
    name: 'AIPerf export',
    resultKeys: 'statistics blocks such as "request_throughput", "benchmark_duration", "time_to_first_token"',
    skip: (document, diagnostics) => {
      const summary = summaryOfRuns(document.value);
      if (summary)
        diagnostics.warning('W_SKIPPED_FILE', `this AIPerf file is ${summary}, not a run; skipped`, {
          line: document.line,
          expected: 'one run’s profile_export_aiperf.json',
          found: summary,
          hint: 'use each run’s own profile_export_aiperf.json (profile_runs/trial_NNNN/): perflab keeps the repeats together and computes their spread itself',
        });
      return summary !== undefined;
    },
    read: readMetrics,
  });
}

/**
 * Where the load was set: `input_config.phases[]`'s profiling phase (AIPerf 0.10, schema 1.x) or
 * `input_config.loadgen` (earlier). `--concurrency` caps the requests in flight, as vLLM's
 * `--max-concurrency` does.
 */
function concurrencyPointer(value: JsonValue): string | undefined {
  const phases = atPointer(value, '/input_config/phases');
  if (Array.isArray(phases)) {
    const index = phases.findIndex((phase) => isJsonObject(phase) && phase.name === 'profiling');
    if (index >= 0) return `/input_config/phases/${index}/concurrency`;
  }
  return atPointer(value, '/input_config/loadgen/concurrency') === undefined
    ? undefined
    : '/input_config/loadgen/concurrency';
}

function readMetrics(source: JsonSource): RunMetrics {
  const metrics: RunMetrics = {};
  for (const scalar of SCALARS) readScalar(source, `/${scalar.key}`, scalar.id, scalar.quantity, metrics);
  for (const family of DISTRIBUTIONS) readDistribution(source, `/${family.key}`, family.id, metrics);
  // AIPerf before total_token_throughput existed wrote its parts: (input + output) / duration, its definition.
  if (!metrics.total_token_throughput) {
    const total = rateFromTotals(metrics, 'total_token_throughput');
    if (total) metrics.total_token_throughput = total;
  }
  const concurrency = concurrencyPointer(source.document.value);
  if (concurrency) {
    const n = jsonNumber(source, concurrency, { unit: 'count', integer: true, nullable: true });
    if (n) metrics.max_concurrency = { ...n, unit: 'count' };
  }
  return metrics;
}
