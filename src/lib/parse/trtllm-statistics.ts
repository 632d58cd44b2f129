import type { MetricValue } from '../schema/run.ts';
import { rateFromTotals } from './derived-rates.ts';
import type { RunMetrics } from './types.ts';

/**
 * What trtllm-bench's report means, shared by its printed form (trtllm-bench.ts) and its
 * `--report_json` (trtllm-bench-json.ts). Definitions from TensorRT-LLM's
 * tensorrt_llm/bench/dataclasses/statistics.py (BenchmarkStatistics) and reporting.py
 * (StatsKeeper.generate_statistics_summary, ReportUtility.get_statistics_dict):
 *
 * - "Total Latency" is the last request's end minus the first request's start: the benchmark's
 *   duration. Request, output and total token throughput are the request count, the output
 *   tokens and all tokens over it; the 0.16 report's "Token Throughput" is the output tokens over
 *   it (`token_throughput_ns`), not all tokens.
 * - The report prints no token totals, only their averages over the requests
 *   (`average_input_length = total_input_tokens / num_requests`): the totals are the request count
 *   times those averages, as the tool defines them, and are stored with that formula.
 * - "Number of concurrent requests" is the requests' summed latency over the duration: the mean
 *   number in flight, Little's law as a definition.
 * - "Per User Output Throughput" (`[w/ ctx]`) is the mean over requests of a request's output
 *   tokens over its whole latency, first token included; "Per User Output Speed" the mean of its
 *   generation-phase rate. Neither is a throughput of the run, nor 1 / TPOT of the run: not read.
 *   "Per GPU Output Throughput" is the output throughput over the world size: not read either.
 * - A request's TPOT is (end − first token) / (output tokens − 1): `tpot`.
 */

type Average = { value: number; printed: string; line: number };

/**
 * A token total as the request count × its average, or undefined where that does not fix it. The
 * printed report rounds the average to four decimals: while requests × 0.00005 < 0.5 the whole
 * number nearest to the product is the total the tool divided, and beyond that no one total is
 * (the rate check would then compare a rounded rate with a total that is not the tool's). The JSON
 * report writes the average in full (`rounded: false`): the nearest whole number is the total.
 */
export function totalFromAverage(
  requests: MetricValue,
  average: Average,
  which: 'input' | 'output',
  rounded = true,
): MetricValue | undefined {
  const decimals = average.printed.split('.')[1]?.length ?? 0;
  if (rounded && requests.value * 0.5 * 10 ** -decimals >= 0.5) return undefined;
  const value = Math.round(requests.value * average.value);
  return {
    value,
    unit: 'tok',
    printed: String(value),
    line: Math.min(requests.line, average.line),
    derived: {
      formula: which === 'input' ? 'requests-times-mean-input-length' : 'requests-times-mean-output-length',
      lines: [requests.line, average.line],
    },
  };
}

/** The totals from the averages, and the total throughput a report before it printed one defines. */
export function completeFromAverages(
  metrics: RunMetrics,
  averages: { input?: Average | undefined; output?: Average | undefined },
  rounded = true,
): void {
  const requests = metrics.requests_successful;
  if (!requests) return;
  const input = averages.input && totalFromAverage(requests, averages.input, 'input', rounded);
  const output = averages.output && totalFromAverage(requests, averages.output, 'output', rounded);
  if (input) metrics.input_tokens_total = input;
  if (output) metrics.output_tokens_total = output;
  if (!metrics.total_token_throughput) {
    const total = rateFromTotals(metrics, 'total_token_throughput');
    if (total) metrics.total_token_throughput = total;
  }
}
