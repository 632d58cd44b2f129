// What a result block's rates must agree with: its own totals and duration. Part of plausibility.ts.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { ScalarId } from '../schema/metric.ts';
import type { FormatId, MetricValue } from '../schema/run.ts';
import type { RunMetrics } from '../parse/types.ts';

/** How far a printed rate may be from its totals / duration, as fractions of the latter: below and above. */
type Band = { below: number; above: number };
type RateBands = { tokens: Band; requests: Band; note?: string };

const EXACT: Band = { below: 0.005, above: 0.005 };

/**
 * The bands each format's rates are checked with. vLLM and SGLang define their rates as totals /
 * duration, so only the printed rounding and half a percent are allowed.
 *
 * GPUStack's rendered block prints guidellm's mean rate, not totals / duration. Measured over the
 * 64 GPUStack blocks committed in data/runs (2026-12): the token rates are 0.08 % to 19.34 % above
 * (input + output) / duration and output / duration (never below; the largest is
 * qwen3.5-9b/h100 speculative-decoding), the request rate within ±1.30 % of requests / duration,
 * and Total TPS / Output TPS equals (input + output) / output within 0.006 % in every block. The
 * bands below leave margin on each side: token rates from 2 % below to 25 % above, requests ±3 %,
 * and the two token rates must agree with each other exactly (totalsRatio). A Total TPS raised by
 * 40 % fails the ratio; both rates raised by 40 % fail the band.
 */
const RATE_BANDS: Partial<Record<FormatId, RateBands>> = {
  'vllm-bench-serve': { tokens: EXACT, requests: EXACT },
  'vllm-json': { tokens: EXACT, requests: EXACT },
  'sglang-bench-serving': { tokens: EXACT, requests: EXACT },
  'sglang-jsonl': { tokens: EXACT, requests: EXACT },
  // AIPerf: request_count, total_osl and total_isl over benchmark_duration (aiperf-json.ts).
  'aiperf-json': { tokens: EXACT, requests: EXACT },
  'aiperf-csv': { tokens: EXACT, requests: EXACT },
  // trtllm-bench: requests and tokens over "Total Latency" (trtllm-statistics.ts).
  'trtllm-bench': { tokens: EXACT, requests: EXACT },
  'trtllm-bench-json': { tokens: EXACT, requests: EXACT },
  'gpustack-block': {
    tokens: { below: 0.02, above: 0.25 },
    requests: { below: 0.03, above: 0.03 },
    note: "GPUStack prints guidellm's mean rate, 2 % below to 25 % above totals / duration",
  },
};

/** Half a unit in the last printed decimal: the most the printed rounding can be off by. */
export function printedHalfUnit(metric: MetricValue): number {
  const decimals = metric.printed.split('.')[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals;
}

/** Whether a format's rates are checked against its totals (and so it must print its duration). */
export function hasRateBands(format: FormatId): boolean {
  return RATE_BANDS[format] !== undefined;
}

/** Each rate the block prints against its totals / duration, within its format's band. */
export function checkRatesAgainstTotals(m: RunMetrics, format: FormatId, file: string, where: string): Diagnostic[] {
  const bands = RATE_BANDS[format];
  const duration = m.duration;
  if (!bands || !duration || !(duration.value > 0)) return [];
  const out: Diagnostic[] = [];
  const tokens = m.input_tokens_total && m.output_tokens_total;
  const expectations: [ScalarId, number | undefined, Band][] = [
    [
      'total_token_throughput',
      m.input_tokens_total && m.output_tokens_total
        ? (m.input_tokens_total.value + m.output_tokens_total.value) / duration.value
        : undefined,
      bands.tokens,
    ],
    [
      'output_token_throughput',
      m.output_tokens_total ? m.output_tokens_total.value / duration.value : undefined,
      bands.tokens,
    ],
    [
      'request_throughput',
      m.requests_successful ? m.requests_successful.value / duration.value : undefined,
      bands.requests,
    ],
  ];
  for (const [key, expected, band] of expectations) {
    const printed = m[key];
    if (!printed || expected === undefined) continue;
    const rounding = printedHalfUnit(printed);
    const low = expected * (1 - band.below) - rounding;
    const high = expected * (1 + band.above) + rounding;
    if (printed.value >= low && printed.value <= high) continue;
    const range =
      band === EXACT
        ? `${expected.toFixed(2)} (±${(high - expected).toFixed(2)})`
        : `${low.toFixed(2)} to ${high.toFixed(2)}`;
    out.push(
      errorAt(
        'E_INCONSISTENT_THROUGHPUT',
        file,
        `${key} ${printed.printed} does not match the block's own totals / duration${where}`,
        {
          line: printed.line,
          expected: `${range} from the token or request totals and duration ${duration.printed} s${bands.note ? ` (${bands.note})` : ''}`,
          found: printed.printed,
        },
      ),
    );
  }

  // Where the rates are not totals / duration, they still share one duration: Total TPS / Output
  // TPS is (input + output) / output, whatever that duration was.
  const total = m.total_token_throughput;
  const output = m.output_token_throughput;
  if (bands.tokens !== EXACT && tokens && total && output && m.output_tokens_total && m.input_tokens_total) {
    const ratio = (m.input_tokens_total.value + m.output_tokens_total.value) / m.output_tokens_total.value;
    const expected = output.value * ratio;
    const allowed = printedHalfUnit(total) + printedHalfUnit(output) * ratio + EXACT.above * expected;
    if (Math.abs(total.value - expected) > allowed)
      out.push(
        errorAt(
          'E_INCONSISTENT_THROUGHPUT',
          file,
          `total_token_throughput ${total.printed} does not match the block's output token throughput ${output.printed} × (input + output tokens) / output tokens${where}`,
          {
            line: total.line,
            expected: `${expected.toFixed(2)} (±${allowed.toFixed(2)}): both rates come from one duration`,
            found: total.printed,
          },
        ),
      );
  }
  return out;
}
