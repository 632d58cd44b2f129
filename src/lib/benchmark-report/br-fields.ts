import type { DistributionId, ScalarId, Stat, Unit } from '../schema/metric.ts';
import type { FormatId } from '../schema/run.ts';

/**
 * perflab's metric ids ↔ the llm-d Benchmark Report v0.2.1's fields, in one place for both ways
 * (an export writes them, a reader of reports would read them). Each pairing is by the report's own
 * definition of the field (br_v0_2_1_json_schema.json, `description`, in ../shared/schemas/ from
 * llm-d/llm-d-benchmark, llmdbenchmark/analysis/benchmark_report/) against perflab's definition
 * of the metric (docs/formats.md).
 */

/** `results.request_performance.aggregate.latency.<field>`, each a Statistics object. */
export const BR_LATENCY = {
  // "Time to generate the first token (TTFT)."
  ttft: 'time_to_first_token',
  // "Time to generate an output token, excluding first (TPOT …)."
  tpot: 'time_per_output_token',
  // "Typical time to generate an output token, including first (NTPOT)": GPUStack's TPOT (trap 2).
  tpot_incl_ttft: 'normalized_time_per_output_token',
  // "Latency between generated tokens, excluding first (ITL …)."
  itl: 'inter_token_latency',
  // "End-to-end request latency."
  e2e_latency: 'request_latency',
} as const satisfies Partial<Record<DistributionId, string>>;

/** `results.request_performance.aggregate.throughput.<field>`, each a Statistics object with a mean only. */
export const BR_THROUGHPUT = {
  input_token_throughput: 'input_token_rate',
  output_token_throughput: 'output_token_rate',
  // "Total token rate (input + output)."
  total_token_throughput: 'total_token_rate',
  // "Request (query) processing rate."
  request_throughput: 'request_rate',
} as const satisfies Partial<Record<ScalarId, string>>;

/**
 * A statistic of a distribution ↔ a Statistics field: `median` is the 50th percentile, so `p50`;
 * `std` is `stddev`; a decimal percentile `p99_9` is `p99p9`. Statistics the report has no field
 * for are left out of an export.
 */
export const BR_STATISTIC: Readonly<Record<string, string>> = {
  mean: 'mean',
  median: 'p50',
  p50: 'p50',
  std: 'stddev',
  min: 'min',
  max: 'max',
  p0_1: 'p0p1',
  p1: 'p1',
  p5: 'p5',
  p10: 'p10',
  p25: 'p25',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p99_9: 'p99p9',
} satisfies Partial<Record<Stat, string>>;

/** perflab's canonical units → the report's `Units` enum (only those a field above can have). */
export const BR_UNIT: Readonly<Partial<Record<Unit, string>>> = {
  ms: 'ms',
  s: 's',
  'tok/s': 'tokens/s',
  'req/s': 'queries/s',
  count: 'count',
  fraction: 'fraction',
  percent: 'percent',
};

/**
 * The load generator that printed a raw format, as `scenario.load.standardized.tool`: llm-d's
 * harness names where it has one (`vllm-benchmark`, `guidellm`). GPUStack's block and runner
 * export are guidellm's data (docs/formats.md). Accuracy formats are not load generators: their
 * results are no Benchmark Report.
 */
export const BR_LOAD_TOOL: Readonly<Partial<Record<FormatId, string>>> = {
  'vllm-bench-serve': 'vllm-benchmark',
  'vllm-json': 'vllm-benchmark',
  'sglang-bench-serving': 'sglang-bench-serving',
  'sglang-jsonl': 'sglang-bench-serving',
  'guidellm-json': 'guidellm',
  'guidellm-yaml': 'guidellm',
  'gpustack-runner-json': 'guidellm',
  'gpustack-block': 'guidellm',
  'aiperf-json': 'aiperf',
  'aiperf-csv': 'aiperf',
  'genai-perf-json': 'genai-perf',
  'genai-perf-csv': 'genai-perf',
  'trtllm-bench': 'trtllm-bench',
  'trtllm-bench-json': 'trtllm-bench',
  // each run of a sweep is a `vllm bench serve` run (vllm/benchmarks/sweep/serve.py)
  'vllm-bench-sweep': 'vllm-benchmark',
};
