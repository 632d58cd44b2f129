// What a result block's latencies must agree with, from its own lines and its tool's definitions:
// no request takes longer than the time all of them lie in; the requests in flight on average
// (Little's law: requests × mean latency / time) are no more than the block's concurrency cap or
// peak, and are the concurrency it prints where the tool defines it so; and a mean is one that
// non-negative samples can have beside their median. Part of plausibility.ts.
import { errorAt, warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { RunMetrics } from '../parse/types.ts';
import { isDistribution, metricIds, statKeyOf, type DistributionId, type MetricKey } from '../schema/metric.ts';
import type { FormatId, MetricValue } from '../schema/run.ts';
import { printedHalfUnit } from './plausibility-totals.ts';

type Finding = { diagnostic: Diagnostic; metric?: MetricKey };

/**
 * The time every request a format's block counts lies in, as its tool defines it:
 * - vLLM (vllm/benchmarks/serve.py, benchmark()): `benchmark_start_time` is taken before the first
 *   request is sent and the duration when the last has finished, so the duration holds every
 *   request whole, on the clock (time.perf_counter) the latencies are measured with;
 * - SGLang (python/sglang/bench_serving.py, benchmark()): the same, `dur_s`;
 * - guidellm's report (src/guidellm/benchmark/schemas/generative/benchmark.py): `duration` is only
 *   the measured window, measure_end − measure_start, without the warm-up and cool-down, while
 *   the requests it counts are every one that overlaps that window
 *   (GenerativeBenchmarkAccumulator's get_within_range: ends after its start, starts before its
 *   end), so they may begin in the warm-up and end in the cool-down or after it. Every one of them
 *   lies in the scheduler's run, scheduler_metrics start_time to end_time, which perflab reads
 *   as `run_duration`;
 * - GPUStack's block prints guidellm's `duration`, the window, and nothing of the run around it.
 *   Checks against it are warnings: they hold for a run without warm-up or cool-down only.
 * - trtllm-bench (tensorrt_llm/bench/dataclasses/reporting.py, StatsKeeper.generate_statistics_summary):
 *   the total latency is the latest request end minus the earliest request start, over the same
 *   requests whose latencies it reports, so each lies in it whole;
 * - AIPerf (src/aiperf/metrics/types/: BenchmarkDurationMetric, MinRequestTimestampMetric,
 *   MaxResponseTimestampMetric): `benchmark_duration` is the last response's timestamp minus the
 *   first request's; whether the latency statistics count requests its timestamps leave out (the
 *   failed ones: some of its metrics carry PERCENTILE_INCLUDES_FAILED_REQUESTS) the sources read do
 *   not settle, so checks against it are warnings;
 * - GenAI-Perf writes no duration.
 * A format not listed here gets none of these checks.
 */
type Span = { key: 'duration' | 'run_duration'; exact: boolean; why?: { latency: string; concurrency: string } };

/** Why a check against AIPerf's duration is only a warning (see above). */
const AIPERF_WHY = {
  latency:
    "AIPerf's benchmark duration spans the timestamps of the requests it counts, and whether its latency statistics count others (failed requests) is not settled by its definition",
  concurrency:
    "AIPerf's benchmark duration spans the timestamps of the requests it counts, and whether its latency statistics count others (failed requests) is not settled by its definition",
};

const REQUESTS_LIE_IN: Partial<Record<FormatId, Span>> = {
  'vllm-bench-serve': { key: 'duration', exact: true },
  'vllm-json': { key: 'duration', exact: true },
  // a sweep's run is a `vllm bench serve` result with its run's number added (vllm-bench-sweep.ts)
  'vllm-bench-sweep': { key: 'duration', exact: true },
  'sglang-bench-serving': { key: 'duration', exact: true },
  'sglang-jsonl': { key: 'duration', exact: true },
  'guidellm-json': { key: 'run_duration', exact: true },
  'guidellm-yaml': { key: 'run_duration', exact: true },
  'gpustack-runner-json': { key: 'run_duration', exact: true },
  'gpustack-block': { key: 'duration', exact: false },
  'trtllm-bench': { key: 'duration', exact: true },
  'trtllm-bench-json': { key: 'duration', exact: true },
  'aiperf-json': { key: 'duration', exact: false, why: AIPERF_WHY },
  'aiperf-csv': { key: 'duration', exact: false, why: AIPERF_WHY },
};

/**
 * Formats whose printed mean concurrency is requests × mean latency / duration exactly: SGLang
 * (python/sglang/bench_serving.py, calculate_metrics(): concurrency = np.sum(e2e_latencies) / dur_s).
 */
const CONCURRENCY_IS_LITTLES_LAW: ReadonlySet<FormatId> = new Set(['sglang-bench-serving', 'sglang-jsonl']);

/** Every statistic of the latencies a request's whole life bounds: its first token and its end. */
const REQUEST_LATENCIES: readonly MetricKey[] = (['ttft', 'e2e_latency'] as const).flatMap((family) =>
  (['mean', 'median', 'min', 'max', 'p50', 'p90', 'p95', 'p99', 'p99_9'] as const).map((stat) =>
    statKeyOf(family, stat),
  ),
);

/** Distributions with one sample per successful request, so the request count is their sample count. */
const ONE_PER_REQUEST: ReadonlySet<DistributionId> = new Set(['ttft', 'e2e_latency']);

const DISTRIBUTIONS = metricIds.filter(isDistribution);

/** A value in milliseconds, whatever the unit its metric is stored in (latencies in ms, durations in s). */
const ms = (metric: MetricValue) => (metric.unit === 's' ? metric.value * 1000 : metric.value);
/** The rounding of a printed value, in ms. */
const roundingMs = (metric: MetricValue) =>
  printedHalfUnit(metric) * ((metric.printedUnit ?? metric.unit) === 's' ? 1000 : 1);

export function checkLatencies(m: RunMetrics, format: FormatId, file: string, where: string): Finding[] {
  const out: Finding[] = [];
  const span = REQUESTS_LIE_IN[format];
  const time = span ? m[span.key] : undefined;
  if (span && time && time.value > 0) {
    const name =
      span.key === 'run_duration' ? `the whole run (${time.printed} s)` : `the benchmark duration (${time.printed} s)`;
    const limit = ms(time) + roundingMs(time);
    for (const key of REQUEST_LATENCIES) {
      const latency = m[key];
      if (!latency || latency.value - roundingMs(latency) <= limit) continue;
      const message = `${key} ${latency.printed} ${latency.printedUnit ?? latency.unit} is longer than ${name}${where}`;
      const detail = {
        line: latency.line,
        expected: `at most ${(ms(time) / 1000).toFixed(2)} s`,
        found: `${(ms(latency) / 1000).toFixed(2)} s`,
      };
      out.push(
        span.exact
          ? { diagnostic: errorAt('E_LATENCY_BEYOND_DURATION', file, message, detail) }
          : {
              diagnostic: warningAt(
                'W_LATENCY_BEYOND_WINDOW',
                file,
                `${message}: ${span.why?.latency ?? "guidellm's duration is its measured window, without warm-up and cool-down, and a request it counts may have begun in the warm-up"}`,
                detail,
              ),
              metric: key,
            },
      );
    }
    for (const finding of littlesLaw(m, time, span, format, file, where)) out.push(finding);
  }
  for (const diagnostic of meansBesideMedians(m, file, where)) out.push({ diagnostic });
  return out;
}

type InFlight = { inFlight: number; slack: number; formula: string; whole: boolean; latency: MetricValue };

/**
 * Requests in flight on average over `time` = completed requests × mean latency / time, when every
 * request lies in `time`. With the end-to-end latency that is the mean concurrency; with the TTFT
 * alone, a lower bound of it. `slack` is what the printed rounding of the inputs can move it by.
 */
function requestsInFlight(m: RunMetrics, time: MetricValue): InFlight | undefined {
  const latency = m['e2e_latency.mean'] ?? m['ttft.mean'];
  const requests = m.requests_successful;
  const rate = m.request_throughput;
  if (!latency || (!requests && !rate)) return undefined;
  const whole = latency === m['e2e_latency.mean'];
  const seconds = ms(latency) / 1000;
  const perSecond = requests ? requests.value / time.value : (rate?.value ?? 0);
  const rateRounding = requests ? (perSecond * printedHalfUnit(time)) / time.value : rate ? printedHalfUnit(rate) : 0;
  return {
    inFlight: perSecond * seconds,
    slack: rateRounding * seconds + (perSecond * roundingMs(latency)) / 1000,
    formula: `${requests ? `${requests.printed} requests / ${time.printed} s` : `${rate?.printed} req/s`} × mean ${whole ? 'latency' : 'TTFT'} ${seconds.toFixed(3)} s`,
    whole,
    latency,
  };
}

function littlesLaw(
  m: RunMetrics,
  time: MetricValue,
  span: Span,
  format: FormatId,
  file: string,
  where: string,
): Finding[] {
  const flight = requestsInFlight(m, time);
  if (!flight) return [];
  const { inFlight, slack, formula, whole, latency } = flight;
  const out: Finding[] = [];
  // A cap holds at every instant of the run (vLLM's and SGLang's semaphore, guidellm's strategy);
  // vLLM's and SGLang's peak counts the requests active in each second, at least those in flight at
  // any instant in it (vllm/benchmarks/serve.py, calculate_metrics(): concurrent_requests_per_second).
  // guidellm's peak is its window's (request_concurrency with the window's start and end): no bound
  // on the run around it, so it bounds only GPUStack's window, as a warning.
  const bounds: [MetricValue | undefined, string][] =
    span.key === 'run_duration'
      ? [[m.max_concurrency, 'the maximum request concurrency']]
      : [
          [m.max_concurrency, 'the maximum request concurrency'],
          [m.peak_concurrent_requests, 'the peak of concurrent requests'],
        ];
  for (const [bound, name] of bounds) {
    if (!bound || inFlight - slack <= bound.value + printedHalfUnit(bound)) continue;
    const message = `${formula} = ${inFlight.toFixed(2)} requests in flight on average${whole ? '' : ' at least'}, more than ${name} (${bound.printed})${where}`;
    const detail = {
      line: latency.line,
      expected: `at most ${bound.printed} requests in flight (Little's law: requests × mean ${whole ? 'latency' : 'TTFT'} / time)`,
      found: inFlight.toFixed(2),
    };
    out.push(
      span.exact
        ? { diagnostic: errorAt('E_INCONSISTENT_CONCURRENCY', file, message, detail) }
        : {
            diagnostic: warningAt(
              'W_CONCURRENCY_BEYOND_WINDOW',
              file,
              `${message}: ${span.why?.concurrency ?? "guidellm's duration is its measured window, and the requests it counts may reach into the warm-up and cool-down around it"}`,
              detail,
            ),
            metric: latency === m['e2e_latency.mean'] ? 'e2e_latency.mean' : 'ttft.mean',
          },
    );
  }
  const printed = m.mean_concurrency;
  if (whole && printed && CONCURRENCY_IS_LITTLES_LAW.has(format)) {
    const allowed = slack + printedHalfUnit(printed);
    if (Math.abs(inFlight - printed.value) > allowed)
      out.push({
        diagnostic: errorAt(
          'E_INCONSISTENT_CONCURRENCY',
          file,
          `the block prints a concurrency of ${printed.printed}, but ${formula} = ${inFlight.toFixed(2)} requests in flight on average${where}`,
          {
            line: printed.line,
            expected: `${inFlight.toFixed(2)} (±${allowed.toFixed(2)}): SGLang prints Σ latency / duration`,
            found: printed.printed,
          },
        ),
      });
  }
  return out;
}

/**
 * Latencies are never negative, and at least half the samples are at or above the median
 * (⌈n/2⌉ of n where n is known), so the mean is at least median × that fraction: a Mean TPOT of
 * 1.00 ms beside a median of 145.75 ms is no distribution at all.
 */
function meansBesideMedians(m: RunMetrics, file: string, where: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const family of DISTRIBUTIONS) {
    const mean = m[statKeyOf(family, 'mean')];
    const median = m[statKeyOf(family, 'median')] ?? m[statKeyOf(family, 'p50')];
    if (!mean || !median) continue;
    const count = ONE_PER_REQUEST.has(family) ? m.requests_successful?.value : undefined;
    const n = count !== undefined && count > 0 ? count : undefined;
    const fraction = n ? Math.ceil(n / 2) / n : 0.5;
    const least = (median.value - printedHalfUnit(median)) * fraction;
    if (mean.value + printedHalfUnit(mean) >= least) continue;
    out.push(
      errorAt(
        'E_IMPOSSIBLE_MEAN',
        file,
        `${family} mean ${mean.printed} is below what its median ${median.printed} allows${where}: at least ${n ? `${Math.ceil(n / 2)} of ${n}` : 'half the'} samples are at or above the median and none is negative`,
        {
          line: mean.line,
          expected: `a mean of at least ${least.toFixed(2)} (median × ${n ? `${Math.ceil(n / 2)}/${n}` : '1/2'})`,
          found: mean.printed,
        },
      ),
    );
  }
  return out;
}
