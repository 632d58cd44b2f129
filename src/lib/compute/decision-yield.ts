import { stored } from '../format/number.ts';
import type { Cell, Cost, Measured, Yield } from '../schema/computed.ts';
import type { Price } from '../schema/defaults.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { MetricValue, Run } from '../schema/run.ts';

/**
 * What one measured run yields, per accelerator it ran on and per user, and what a million
 * tokens cost at a price per accelerator-hour. Every figure is one value of the run (printed, or
 * its totals over its duration, with their lines) divided by a count or a constant: nothing is
 * interpolated between runs.
 */

const TPOT_KEY: MetricKey = 'tpot.mean';
const SECONDS_PER_HOUR = 3600;
const MILLION = 1_000_000;

/**
 * USD per million tokens: what `gpus` accelerators cost for the hour, over the tokens they serve
 * in it at `tokensPerSecond`. The methodology page gives the same formula.
 */
export function costPerMillion(usdPerGpuHour: number, gpus: number, tokensPerSecond: number): number {
  return stored((usdPerGpuHour * gpus * MILLION) / (tokensPerSecond * SECONDS_PER_HOUR));
}

function cell(run: Run, key: MetricKey): Cell | undefined {
  const value = run.metrics[key];
  return value ? { ...value, runId: run.id } : undefined;
}

/** The lines a value comes from: its own, or its inputs' where it was computed. */
const linesOf = (value: MetricValue): readonly number[] => value.derived?.lines ?? [value.line];

/**
 * The mean time per output token after the first (ms) that the per-user figure is 1000 over, with
 * the lines it comes from.
 * - vLLM and SGLang print it as "Mean TPOT": (latency − TTFT) / (output tokens − 1) of each request
 *   (vllm/benchmarks/serve.py and sglang's bench_serving.py, calculate_metrics), stored as `tpot`.
 * - guidellm prints no such figure. Its time_per_output_token_ms is (last token − request start) /
 *   output tokens and its inter_token_latency_ms (last token − first token) / (output tokens − 1)
 *   (guidellm src/guidellm/schemas/request_stats.py, GenerativeRequestStats), both ending at the
 *   last token guidellm recorded; GPUStack's block prints them on vLLM's "TPOT" and "ITL" lines,
 *   under vLLM's "excl. 1st token" heading (gpustack hack/perf/perf_doc_common.py,
 *   render_benchmark_result_block), stored as `tpot_incl_ttft` and `itl`. That last token can come
 *   long before the request ends: qwen3.5-9b/h100's generation-heavy baseline prints a Mean TPOT of
 *   0.33 ms, 0.66 s over its 2,000 tokens a request, beside a Mean Latency of 17.48 s. So for
 *   guidellm's figures it is computed from what ends with the request: (mean latency − mean TTFT) /
 *   (output tokens / successful requests − 1). All are over the same successful requests, so this
 *   is vLLM's definition weighted by each request's tokens. Undefined when neither is there.
 */
export function decodeTpot(run: Run): { key: MetricKey; cell: Cell } | undefined {
  const printed = cell(run, TPOT_KEY);
  if (printed) return printed.value > 0 ? { key: TPOT_KEY, cell: printed } : undefined;
  const { metrics } = run;
  const latency = metrics['e2e_latency.mean'];
  const ttft = metrics['ttft.mean'];
  const tokens = metrics.output_tokens_total;
  const requests = metrics.requests_successful;
  if (!latency || !ttft || !tokens || !requests || !(requests.value > 0)) return undefined;
  const perRequest = tokens.value / requests.value;
  const decodeMs = latency.value - ttft.value;
  if (!(perRequest > 1) || !(decodeMs > 0)) return undefined;
  const value = stored(decodeMs / (perRequest - 1));
  const lines = [latency, ttft, tokens, requests].flatMap(linesOf);
  return {
    key: TPOT_KEY,
    cell: {
      value,
      unit: 'ms',
      // to the 0.01 ms the blocks print their TPOT lines to
      printed: value.toFixed(2),
      line: Math.min(...lines),
      derived: { formula: 'decode-time-from-latency', lines },
      runId: run.id,
    },
  };
}

/** The run's yield on the accelerators `measured` says it ran on; undefined when it printed no total throughput. */
export function yieldOf(run: Run, measured: Pick<Measured, 'gpus'>, price: Price | undefined): Yield | undefined {
  const total = cell(run, 'total_token_throughput');
  if (!total || total.value <= 0) return undefined;
  const output = cell(run, 'output_token_throughput');
  const { gpus } = measured;
  const tpot = decodeTpot(run);
  const ttft = cell(run, 'ttft.mean');
  const cost: Cost | undefined = price
    ? {
        total: costPerMillion(price.usdPerGpuHour, gpus, total.value),
        ...(output && output.value > 0 ? { output: costPerMillion(price.usdPerGpuHour, gpus, output.value) } : {}),
      }
    : undefined;
  return {
    runId: run.id,
    gpus,
    total,
    ...(output ? { output } : {}),
    totalPerGpu: stored(total.value / gpus),
    ...(output ? { outputPerGpu: stored(output.value / gpus) } : {}),
    ...(tpot ? { tpot, perUser: stored(1000 / tpot.cell.value) } : {}),
    ...(ttft ? { ttft } : {}),
    ...(cost ? { cost } : {}),
  };
}
