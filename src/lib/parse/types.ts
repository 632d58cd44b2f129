import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { isMetricKey, type MetricKey } from '../schema/metric.ts';
import type { MetricValue, Run } from '../schema/run.ts';

/** A run's values by metric key (schema/run.ts): a key that is not a metric is a type error. */
export type RunMetrics = Run['metrics'];

/** A run's values with their keys. */
export function metricEntries(metrics: RunMetrics): [MetricKey, MetricValue][] {
  const entries: [MetricKey, MetricValue][] = [];
  for (const [key, value] of Object.entries(metrics)) if (value && isMetricKey(key)) entries.push([key, value]);
  return entries;
}

/** A run as a parser returns it; ingest gives it its id. */
export type ParsedRun = Omit<Run, 'id'>;

/** What every parser returns: the runs it read and every problem it found (never thrown). */
export type ParseResult = { runs: ParsedRun[]; diagnostics: Diagnostic[] };

/**
 * The shape of every parser module in src/lib/parse/<format>.ts: `detect` decides from the
 * content alone whether the file is this format; `parse` reads it; `knownAs` names it for users.
 */
export type ParserModule = {
  /** the output it reads, as users know it ("SGLang `bench_serving` printed result block") */
  knownAs: string;
  detect: (text: string) => boolean;
  parse: (text: string, options: ParseOptions) => ParseResult;
};

/** Every reader detects its format from the content: nothing outside the file chooses it. */
export type ParseOptions = { file: string };
