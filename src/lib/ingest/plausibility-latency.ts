// What a result block's latencies must agree with, from its own lines alone: no request takes longer
// than the whole benchmark; the requests in flight on average (Little's law: rate × mean latency)
// are no more than the block's concurrency cap or peak, and are the concurrency it prints; and a
// mean is one that non-negative samples can have beside their median. Part of plausibility.ts.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { appendAll } from '../append-all.ts';
import type { RunMetrics } from '../parse/types.ts';
import { isDistribution, metricIds, statKeyOf, type DistributionId, type MetricKey } from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { printedHalfUnit } from './plausibility-totals.ts';

// Clocks differ between the tool's duration and its per-request timings (guidellm measures them
// apart): 1 % of slack. The committed blocks come to 99.4 % of their duration at most (a TTFT P99).
const CLOCK_SLACK = 0.01;

/** Every statistic of the latencies a request's whole life bounds: its first token and its end. */
const REQUEST_LATENCIES: readonly MetricKey[] = (['ttft', 'e2e_latency'] as const).flatMap((family) =>
  (['mean', 'median', 'min', 'max', 'p50', 'p90', 'p95', 'p99', 'p99_9'] as const).map((stat) =>
    statKeyOf(family, stat),
  ),
);

/** Distributions with one sample per successful request, so the request count is their sample count. */
const ONE_PER_REQUEST: ReadonlySet<DistributionId> = new Set(['ttft', 'e2e_latency']);

const DISTRIBUTIONS = metricIds.filter(isDistribution);

/** A value in milliseconds, whatever the unit its metric is stored in (latencies in ms, the duration in s). */
const ms = (metric: MetricValue) => (metric.unit === 's' ? metric.value * 1000 : metric.value);
/** The rounding of a printed value, in ms. */
const roundingMs = (metric: MetricValue) =>
  printedHalfUnit(metric) * ((metric.printedUnit ?? metric.unit) === 's' ? 1000 : 1);

export function checkLatencies(m: RunMetrics, file: string, where: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const duration = m.duration;
  if (duration && duration.value > 0) {
    const limit = ms(duration) * (1 + CLOCK_SLACK) + roundingMs(duration);
    for (const key of REQUEST_LATENCIES) {
      const latency = m[key];
      if (!latency || latency.value - roundingMs(latency) <= limit) continue;
      out.push(
        errorAt(
          'E_LATENCY_BEYOND_DURATION',
          file,
          `${key} ${latency.printed} ${latency.printedUnit ?? latency.unit} is longer than the whole benchmark (duration ${duration.printed} s)${where}`,
          {
            line: latency.line,
            expected: `at most the duration, ${(ms(duration) / 1000).toFixed(2)} s`,
            found: `${(ms(latency) / 1000).toFixed(2)} s`,
          },
        ),
      );
    }
    appendAll(out, littlesLaw(m, duration, file, where));
  }
  appendAll(out, meansBesideMedians(m, file, where));
  return out;
}

/**
 * Requests in flight on average = completed requests × mean latency / duration (every request of
 * the block starts and ends within its duration). With the end-to-end latency that is the mean
 * concurrency; with the TTFT alone, a lower bound of it.
 */
function littlesLaw(m: RunMetrics, duration: MetricValue, file: string, where: string): Diagnostic[] {
  const latency = m['e2e_latency.mean'] ?? m['ttft.mean'];
  const requests = m.requests_successful;
  const rate = m.request_throughput;
  if (!latency || (!requests && !rate)) return [];
  const whole = latency === m['e2e_latency.mean'];
  const seconds = ms(latency) / 1000;
  const perSecond = requests ? requests.value / duration.value : (rate?.value ?? 0);
  const inFlight = perSecond * seconds;
  // What the inputs' rounding can move it by, and the clocks' slack.
  const rateRounding = requests
    ? (perSecond * printedHalfUnit(duration)) / duration.value
    : rate
      ? printedHalfUnit(rate)
      : 0;
  const slack = rateRounding * seconds + (perSecond * roundingMs(latency)) / 1000 + CLOCK_SLACK * inFlight;
  const formula = `${requests ? `${requests.printed} requests / ${duration.printed} s` : `${rate?.printed} req/s`} × mean ${whole ? 'latency' : 'TTFT'} ${seconds.toFixed(3)} s`;
  const out: Diagnostic[] = [];
  const bounds: [MetricValue | undefined, string][] = [
    [m.max_concurrency, 'the maximum request concurrency'],
    [m.peak_concurrent_requests, 'the peak of concurrent requests'],
  ];
  for (const [bound, name] of bounds) {
    if (!bound || inFlight - slack <= bound.value + printedHalfUnit(bound)) continue;
    out.push(
      errorAt(
        'E_INCONSISTENT_CONCURRENCY',
        file,
        `${formula} = ${inFlight.toFixed(2)} requests in flight on average${whole ? '' : ' at least'}, more than ${name} (${bound.printed})${where}`,
        {
          line: latency.line,
          expected: `at most ${bound.printed} requests in flight (Little's law: rate × mean ${whole ? 'latency' : 'TTFT'})`,
          found: inFlight.toFixed(2),
        },
      ),
    );
  }
  const printed = m.mean_concurrency;
  if (whole && printed) {
    const allowed = slack + printedHalfUnit(printed);
    if (Math.abs(inFlight - printed.value) > allowed)
      out.push(
        errorAt(
          'E_INCONSISTENT_CONCURRENCY',
          file,
          `the block prints a concurrency of ${printed.printed}, but ${formula} = ${inFlight.toFixed(2)} requests in flight on average${where}`,
          {
            line: printed.line,
            expected: `${inFlight.toFixed(2)} (±${allowed.toFixed(2)}), rate × mean latency (Little's law)`,
            found: printed.printed,
          },
        ),
      );
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
