// What a result block's rates must agree with, as each tool defines them. Part of plausibility.ts.
import { errorAt, warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { MetricKey, ScalarId } from '../schema/metric.ts';
import type { FormatId, MetricValue } from '../schema/run.ts';
import type { RunMetrics } from '../parse/types.ts';

/** Half a unit in the last printed decimal: the most the printed rounding can be off by. */
export function printedHalfUnit(metric: MetricValue): number {
  // A value perflab computed (derived) is exact; what it was computed from carries the rounding.
  if (metric.derived) return 0;
  const decimals = metric.printed.split('.')[1]?.length;
  // A count printed as a whole number (requests, a concurrency cap) is the count itself, not a rounding.
  if (decimals === undefined && metric.unit === 'count') return 0;
  return 0.5 * 10 ** -(decimals ?? 0);
}

/** A closed interval: what a printed value stands for, or what follows from several of them. */
type Range = { low: number; high: number };

const printedRange = (metric: MetricValue): Range => {
  const half = printedHalfUnit(metric);
  return { low: metric.value - half, high: metric.value + half };
};

/**
 * Formats whose rates are totals over the benchmark duration, by the tool's own definition:
 * - vLLM, vllm/benchmarks/serve.py (benchmarks/benchmark_serving.py before it), calculate_metrics():
 *   request_throughput = completed / dur_s, output_throughput = sum(output_lens) / dur_s,
 *   total_token_throughput = (total_input + sum(output_lens)) / dur_s; the block prints completed,
 *   total_input and sum(output_lens) as its totals, each value with `{:<10.2f}`.
 * - SGLang, python/sglang/bench_serving.py, calculate_metrics(): request_throughput = completed /
 *   dur_s, output_throughput = sum(output_lens) / dur_s, total_throughput = (total_input +
 *   sum(output_lens)) / dur_s, printed with `{:<10.2f}`.
 * - AIPerf, src/aiperf/metrics/types/ (RequestThroughputMetric, OutputTokenThroughputMetric,
 *   TotalTokenThroughputMetric): request_count, total_osl and total_isl + total_osl over
 *   benchmark_duration; its JSON writes them in full, its CSV with two decimals (aiperf-json.ts).
 * - trtllm-bench, tensorrt_llm/bench/dataclasses/statistics.py (BenchmarkStatistics):
 *   num_requests, total_output_tokens and total_input + total_output over total_latency, printed
 *   `.4f`; the totals are requests × the printed averages, kept only where that product fixes the
 *   whole number (trtllm-statistics.ts), so they carry no rounding of their own.
 * So each rate lies within what the printed rounding of its total, its duration and itself allows,
 * and nothing more: no percentage is added. (GenAI-Perf's rates are totals over a duration too,
 * but it writes neither: nothing to check them against.)
 */
const RATES_ARE_TOTALS_OVER_DURATION: ReadonlySet<FormatId> = new Set([
  'vllm-bench-serve',
  'vllm-json',
  'vllm-bench-sweep',
  'sglang-bench-serving',
  'sglang-jsonl',
  'aiperf-json',
  'aiperf-csv',
  'trtllm-bench',
  'trtllm-bench-json',
]);

/** Whether a format's rates are its totals / duration (and so it must print its duration). */
export function ratesAreTotalsOverDuration(format: FormatId): boolean {
  return RATES_ARE_TOTALS_OVER_DURATION.has(format);
}

/** Each rate against its totals / duration (vLLM, SGLang); guidellm's interval means against each other. */
export function checkRatesAgainstTotals(
  m: RunMetrics,
  format: FormatId,
  file: string,
  where: string,
): { diagnostic: Diagnostic; metric?: MetricKey }[] {
  if (format === 'gpustack-block') return checkIntervalMeans(m, file, where);
  const duration = m.duration;
  if (!RATES_ARE_TOTALS_OVER_DURATION.has(format) || !duration || !(duration.value > 0)) return [];
  const seconds = printedRange(duration);
  if (!(seconds.low > 0)) return [];
  const out: { diagnostic: Diagnostic }[] = [];
  const expectations: [ScalarId, (MetricValue | undefined)[]][] = [
    ['total_token_throughput', [m.input_tokens_total, m.output_tokens_total]],
    ['output_token_throughput', [m.output_tokens_total]],
    ['request_throughput', [m.requests_successful]],
  ];
  for (const [key, totals] of expectations) {
    const printed = m[key];
    if (!printed || printed.derived || totals.some((t) => t === undefined)) continue;
    const parts = totals.filter((t) => t !== undefined);
    const total = parts.reduce((sum, t) => sum + t.value, 0);
    const low = parts.reduce((sum, t) => sum + printedRange(t).low, 0) / seconds.high;
    const high = parts.reduce((sum, t) => sum + printedRange(t).high, 0) / seconds.low;
    const own = printedRange(printed);
    if (own.high >= low && own.low <= high) continue;
    out.push({
      diagnostic: errorAt(
        'E_INCONSISTENT_THROUGHPUT',
        file,
        `${key} ${printed.printed} is not the block's own ${parts.length > 1 ? '(input + output tokens)' : key === 'request_throughput' ? 'successful requests' : 'output tokens'} / duration${where}`,
        {
          line: printed.line,
          expected: `${(total / duration.value).toFixed(2)} (${low.toFixed(2)} to ${high.toFixed(2)} with the printed rounding of ${parts.length > 1 ? 'the totals' : 'the total'}, the duration ${duration.printed} s and the rate): the tool defines it as total / duration`,
          found: printed.printed,
        },
      ),
    });
  }
  return out;
}

/**
 * The GPUStack block's token rates are guidellm's means of per-interval rates, not totals /
 * duration: GPUStack's renderer (gpustack/gpustack, hack/perf/perf_doc_common.py,
 * render_benchmark_result_block) prints `tokens_per_second.successful.mean` as Total TPS and
 * `output_tokens_per_second.successful.mean` as Output TPS, each taken from the export's flat
 * columns (`tokens_per_second_mean`, `output_tokens_per_second_mean`) when they are set, and its
 * totals as `prompt_token_count.mean` / `output_token_count.mean` × successful, printed `.0f`.
 * Neither rate follows from the totals and the duration, so neither is checked against them.
 *
 * guidellm defines both means over the same token events (src/guidellm/schemas/request_stats.py,
 * GenerativeRequestStats.total_tokens_timings: the prompt's tokens at the first token's time, then
 * the output's; src/guidellm/schemas/statistics.py, DistributionSummary.rate_distribution_from_timings:
 * the mean is the events' tokens over the time from the first event to the last), so Total TPS /
 * Output TPS = (input + output) / output tokens. But the renderer does not make that exact: for a
 * run of several benchmarks the flat columns hold its throughput-peak point while the totals come
 * from its first benchmark. A Total TPS that does not follow is therefore a warning the author
 * acknowledges, not an error. Its bound is the printed rounding of the four values.
 */
function checkIntervalMeans(
  m: RunMetrics,
  file: string,
  where: string,
): { diagnostic: Diagnostic; metric: MetricKey }[] {
  const total = m.total_token_throughput_interval_mean;
  const output = m.output_token_throughput_interval_mean;
  const input = m.input_tokens_total;
  const generated = m.output_tokens_total;
  if (!total || !output || !input || !generated || !(generated.value > 0)) return [];
  const o = printedRange(output);
  const i = printedRange(input);
  const g = printedRange(generated);
  if (!(g.low > 0)) return [];
  const low = o.low * (1 + i.low / g.high);
  const high = o.high * (1 + i.high / g.low);
  const own = printedRange(total);
  if (own.high >= low && own.low <= high) return [];
  const expected = output.value * ((input.value + generated.value) / generated.value);
  return [
    {
      diagnostic: warningAt(
        'W_RATE_RATIO',
        file,
        `Total TPS ${total.printed} is not Output TPS ${output.printed} × (input + output tokens) / output tokens = ${expected.toFixed(2)}${where}: guidellm takes both means over the same token events, so the two come from different benchmarks of one export, or one was changed`,
        {
          line: total.line,
          expected: `${low.toFixed(2)} to ${high.toFixed(2)} (the printed rounding of Output TPS, the two totals and Total TPS)`,
          found: total.printed,
        },
      ),
      metric: 'total_token_throughput_interval_mean',
    },
  ];
}
