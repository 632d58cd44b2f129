import { errorAt, warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import {
  distributionOf,
  isDistribution,
  isMetricKey,
  metricIds,
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type Stat,
} from '../schema/metric.ts';
import type { MetricValue, Run } from '../schema/run.ts';
import type { RunMetrics } from '../parse/types.ts';
import { checkLatencies } from './plausibility-latency.ts';
import { checkRatesAgainstTotals, ratesAreTotalsOverDuration } from './plausibility-totals.ts';

/**
 * A result block that parses can still be wrong: a line edited by hand, a copy/paste that mixed
 * two runs, a tool bug. These checks compare a run's numbers with each other, each as its tool
 * defines them. An error is a relation the tool's definition makes exact that the numbers break
 * (beyond the printed rounding of every input): its comment cites where the tool defines it. A
 * warning is a relation that holds under a definition the block does not prove (a guidellm
 * window without warm-up, one benchmark of an export): a guide that uses such a run acknowledges
 * each one in guide.yaml with a reason. No bound here comes from the files perflab holds.
 */

const PERCENTILE_ORDER: readonly Stat[] = ['min', 'p50', 'median', 'p90', 'p95', 'p99', 'p99_9', 'max'];
// Each distribution's keys (its percentiles in that order, its mean, p95 and p99), made once: the
// check runs for every run of every guide.
const FAMILY_KEYS = new Map(
  metricIds.filter(isDistribution).map((family) => [
    family,
    {
      percentiles: PERCENTILE_ORDER.map((stat) => [stat, statKeyOf(family, stat)] as const),
      mean: statKeyOf(family, 'mean'),
      p95: statKeyOf(family, 'p95'),
      p99: statKeyOf(family, 'p99'),
    },
  ]),
);

/** A plausibility warning and the metric whose value it finds unusual (what an acknowledgement names). */
export type PlausibilityWarning = { warning: Extract<Diagnostic, { severity: 'warning' }>; metric: MetricKey };

type PlausibilityRun = { source: Run['source']; metrics: RunMetrics };

/** Every problem with a run's numbers: errors and warnings, as ingest reports them. */
export function checkRunPlausibility(run: PlausibilityRun): Diagnostic[] {
  return plausibilityOf(run).map((item) => item.diagnostic);
}

/** The warnings among them, each with the metric it is about. */
export function plausibilityWarnings(run: PlausibilityRun): PlausibilityWarning[] {
  return plausibilityOf(run).flatMap(({ diagnostic, metric }) =>
    diagnostic.severity === 'warning' && metric !== undefined ? [{ warning: diagnostic, metric }] : [],
  );
}

function plausibilityOf(run: PlausibilityRun): { diagnostic: Diagnostic; metric?: MetricKey }[] {
  const found: { diagnostic: Diagnostic; metric?: MetricKey }[] = [];
  const out = {
    push: (diagnostic: Diagnostic, metric?: MetricKey) => found.push({ diagnostic, ...(metric ? { metric } : {}) }),
  };
  const m = run.metrics;
  const file = run.source.file;
  const where = run.source.blockLabel ? ` (block "# ${run.source.blockLabel}")` : '';

  // The rates are checked against the duration: without it a tampered throughput would pass unseen.
  if (ratesAreTotalsOverDuration(run.source.format)) {
    const throughput = m['total_token_throughput'] ?? m['output_token_throughput'] ?? m['request_throughput'];
    if (!m.duration && throughput)
      out.push(
        errorAt(
          'E_MISSING_LINE',
          file,
          `the block has no "Benchmark duration" line${where}, so its throughputs cannot be checked against its own totals`,
          { line: throughput.line, expected: 'the block as the tool printed it, with its duration line' },
        ),
      );
    if (m.duration && !(m.duration.value > 0))
      out.push(
        errorAt(
          'E_BAD_NUMBER',
          file,
          `Benchmark duration ${m.duration.printed} s${where}: a benchmark that took no time measured nothing`,
          { line: m.duration.line, expected: 'a duration above 0', found: m.duration.printed },
        ),
      );
  }

  for (const { diagnostic, metric } of checkRatesAgainstTotals(m, run.source.format, file, where))
    out.push(diagnostic, metric);
  for (const { diagnostic, metric } of checkLatencies(m, run.source.format, file, where)) out.push(diagnostic, metric);

  // Percentiles of one distribution are ordered by definition: every tool takes them from one sorted
  // sample (numpy.percentile in vLLM's and SGLang's calculate_metrics(); guidellm's
  // Percentiles.from_pdf, a search in one cumulative distribution). Each distribution once, in the
  // order its first statistic appears in the run.
  const families = new Set<DistributionId>();
  for (const key of Object.keys(m)) {
    const family = isMetricKey(key) ? distributionOf(key) : undefined;
    if (family !== undefined) families.add(family);
  }
  for (const family of families) {
    const keys = FAMILY_KEYS.get(family);
    if (keys === undefined) continue;
    let low: { stat: Stat; metric: MetricValue } | undefined;
    for (const [highStat, key] of keys.percentiles) {
      const high = m[key];
      if (high === undefined) continue;
      if (low !== undefined && low.metric.value > high.value) {
        const lowStat = low.stat;
        out.push(
          errorAt(
            'E_PERCENTILE_ORDER',
            file,
            `${family} ${highStat} (${high.printed}) is below its ${lowStat} (${low.metric.printed})${where}`,
            {
              line: high.line,
              expected: `${lowStat} ≤ ${highStat}`,
              found: `${low.metric.printed} > ${high.printed}`,
            },
          ),
        );
      }
      low = { stat: highStat, metric: high };
    }
    // A mean above its own P95 (or P99) is possible, so never an error: it needs the top 5 % (1 %)
    // of the samples to lie far above the rest. No bound: a warning on the order of two printed
    // statistics, which the author acknowledges with what explains the tail.
    const mean = m[keys.mean];
    const p95 = m[keys.p95];
    const tail = p95 ?? m[keys.p99];
    const tailStat = p95 ? 'p95' : 'p99';
    if (mean && tail && mean.value > tail.value) {
      out.push(
        warningAt(
          'W_MEAN_ABOVE_PERCENTILE',
          file,
          `${family} mean (${mean.printed}) is above its ${tailStat} (${tail.printed})${where}: only a heavy tail explains that`,
          { line: mean.line, expected: `mean ≤ ${tailStat}`, found: `${mean.printed} > ${tail.printed}` },
        ),
        keys.mean,
      );
    }
  }

  const peak = m.peak_output_token_throughput;
  const output = m.output_token_throughput;
  if (peak && output && peak.value < output.value) {
    out.push(
      warningAt(
        'W_PEAK_BELOW_MEAN',
        file,
        `peak output token throughput (${peak.printed}) is below the mean (${output.printed})${where}: vLLM bench counts the peak per stream chunk, so chunks of several tokens (speculative decoding, some engines) read low`,
        { line: peak.line, expected: 'peak ≥ mean', found: `${peak.printed} < ${output.printed}` },
      ),
      'peak_output_token_throughput',
    );
  }

  return found;
}
