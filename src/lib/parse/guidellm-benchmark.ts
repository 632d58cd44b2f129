import { quoteFound } from '../diagnostics/diagnostics.ts';
import {
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type ScalarId,
  type Stat,
  type Unit,
} from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import type { RunMetrics } from './types.ts';
import { RATE_IDS, rateFromTotals } from './derived-rates.ts';
import { atPointer, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonNumber, type JsonSource } from './json-source.ts';
import { toMilliseconds } from './number.ts';
import { readRunDuration } from './guidellm-run-duration.ts';

/**
 * One entry of a guidellm report's `benchmarks` (docs/formats.md, guidellm-json): which values are read
 * from it and as which metrics, its block label, and the excerpt of it a page shows.
 *
 * guidellm's `*_per_second` summaries are distributions of rates over short intervals, not the
 * run's totals over its duration: their mean can be far from it (a prompt rate in the millions of
 * tok/s when each request's prompt counts at one instant) and their max is an instantaneous rate.
 * The run's rates are therefore its successful requests and token totals over its `duration`
 * (derived-rates.ts), and no guidellm rate field is read. Two schema generations: v0.4 and later
 * keep the strategy in `config` and the request counts in `metrics.request_totals`; v0.2–v0.3 in
 * `args` and in the entry's own `request_totals`.
 */
type Scalar = { pointer: string; id: ScalarId; unit: Unit };

// Pointers relative to one benchmark entry; for an id given twice, the first present is read.
const SCALARS: Scalar[] = [
  { pointer: '/config/strategy/rate', id: 'request_rate_configured', unit: 'req/s' },
  { pointer: '/args/strategy/rate', id: 'request_rate_configured', unit: 'req/s' },
  { pointer: '/config/strategy/max_concurrency', id: 'max_concurrency', unit: 'count' },
  { pointer: '/config/strategy/streams', id: 'max_concurrency', unit: 'count' },
  { pointer: '/args/strategy/max_concurrency', id: 'max_concurrency', unit: 'count' },
  { pointer: '/args/strategy/streams', id: 'max_concurrency', unit: 'count' },
  { pointer: '/duration', id: 'duration', unit: 's' },
  { pointer: '/metrics/prompt_token_count/successful/total_sum', id: 'input_tokens_total', unit: 'tok' },
  { pointer: '/metrics/output_token_count/successful/total_sum', id: 'output_tokens_total', unit: 'tok' },
  { pointer: '/metrics/request_concurrency/successful/mean', id: 'mean_concurrency', unit: 'count' },
  { pointer: '/metrics/request_concurrency/successful/max', id: 'peak_concurrent_requests', unit: 'count' },
];

/** Where each generation keeps the request counts by status. */
const REQUEST_TOTALS = ['/metrics/request_totals', '/request_totals'];

/**
 * guidellm's `time_per_output_token_ms` includes the first token; its `inter_token_latency_ms` is
 * the per-request decode average, i.e. what vLLM calls TPOT. Neither is vLLM's pooled ITL (§0.2).
 */
const DISTRIBUTIONS: { name: string; id: DistributionId; seconds: boolean }[] = [
  { name: 'time_to_first_token_ms', id: 'ttft', seconds: false },
  { name: 'time_per_output_token_ms', id: 'tpot_incl_ttft', seconds: false },
  { name: 'inter_token_latency_ms', id: 'tpot', seconds: false },
  { name: 'request_latency', id: 'e2e_latency', seconds: true },
];

const STATS: Record<string, Stat> = { mean: 'mean', median: 'median', std_dev: 'std', min: 'min', max: 'max' };

// p001 is the 0.1th percentile and p999 the 99.9th: a rule cannot tell p01 (1st) from p001.
const PERCENTILES: Record<string, Stat> = {
  p001: 'p0_1',
  p01: 'p1',
  p05: 'p5',
  p10: 'p10',
  p25: 'p25',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p999: 'p99_9',
};

/** `synchronous`, `concurrent@8`, `throughput`, `constant@4.00`, `poisson@2.50`; null without a strategy. */
export function strategyLabel(benchmark: JsonValue): string | null {
  const holder = isJsonObject(benchmark) ? [benchmark.config, benchmark.args].find(isJsonObject) : undefined;
  const strategy = holder?.strategy;
  if (!isJsonObject(strategy) || typeof strategy.type_ !== 'string') return null;
  if (typeof strategy.rate === 'number' && Number.isFinite(strategy.rate))
    return `${strategy.type_}@${strategy.rate.toFixed(2)}`;
  if (typeof strategy.streams === 'number') return `${strategy.type_}@${strategy.streams}`;
  return strategy.type_;
}

export function readBenchmark(source: JsonSource, entry: string): { metrics: RunMetrics; used: string[] } {
  const { document, diagnostics } = source;
  const metrics: RunMetrics = {};
  const used: string[] = ['/config/strategy/type_', '/args/strategy/type_'];
  const read = (pointer: string, unit: Unit) => {
    const number = jsonNumber(source, `${entry}${pointer}`, { unit, nullable: true });
    if (number) used.push(pointer);
    return number;
  };
  const put = (key: MetricKey, unit: Unit, n: JsonNumber, seconds = false) => {
    metrics[key] = seconds
      ? { value: toMilliseconds(n.value, n.printed), unit, printed: n.printed, printedUnit: 's', line: n.line }
      : { value: n.value, unit, printed: n.printed, line: n.line };
  };

  for (const scalar of SCALARS) {
    if (metrics[scalar.id]) continue;
    const n = read(scalar.pointer, scalar.unit);
    if (n) put(scalar.id, scalar.unit, n);
  }
  readRequestTotals(source, entry, metrics, read);
  const run = readRunDuration(source, entry);
  if (run) {
    metrics.run_duration = run.value;
    for (const pointer of run.pointers) used.push(pointer);
  }
  for (const rate of RATE_IDS) {
    const value = rateFromTotals(metrics, rate);
    if (value) metrics[rate] = value;
  }

  for (const family of DISTRIBUTIONS) {
    const summary = atPointer(document.value, `${entry}/metrics/${family.name}/successful`);
    // guidellm fills a status with no request with zeros: a 0 ms TTFT would be a lie.
    if (!isJsonObject(summary) || summary.count === 0) continue;
    const unit: Unit = family.seconds ? 's' : 'ms';
    const at = `/metrics/${family.name}/successful`;
    for (const [name, stat] of Object.entries(STATS)) {
      const n = read(`${at}/${name}`, unit);
      if (n) put(statKeyOf(family.id, stat), 'ms', n, family.seconds);
    }
    const percentiles = summary.percentiles;
    if (!isJsonObject(percentiles)) continue;
    for (const name of Object.keys(percentiles)) {
      const stat = PERCENTILES[name];
      if (!stat) {
        diagnostics.warning('W_UNKNOWN_KEY', `unknown guidellm percentile "${name}"; skipped`, {
          line: document.lines.get(`${entry}${at}/percentiles/${name}`),
          expected: `one of ${Object.keys(PERCENTILES).join(', ')}`,
          found: quoteFound(name),
        });
        continue;
      }
      const n = read(`${at}/percentiles/${name}`, unit);
      if (n) put(statKeyOf(family.id, stat), 'ms', n, family.seconds);
    }
  }

  return { metrics, used };
}

/**
 * Successful, errored and incomplete requests, from whichever generation's `request_totals` the
 * entry has. Failed = errored + incomplete: an incomplete request (cut off by the run's end) did not
 * succeed either. When one part is 0 the other part's token is the provenance; otherwise the sum
 * is derived from both lines.
 */
function readRequestTotals(
  source: JsonSource,
  entry: string,
  metrics: RunMetrics,
  read: (pointer: string, unit: Unit) => JsonNumber | undefined,
): void {
  const at = REQUEST_TOTALS.find((p) => isJsonObject(atPointer(source.document.value, `${entry}${p}`)));
  if (at === undefined) return;
  const successful = read(`${at}/successful`, 'count');
  if (successful) metrics.requests_successful = count(successful);
  const errored = read(`${at}/errored`, 'count');
  const incomplete = read(`${at}/incomplete`, 'count');
  if (errored && incomplete && errored.value > 0 && incomplete.value > 0) {
    const value = errored.value + incomplete.value;
    metrics.requests_failed = {
      value,
      unit: 'count',
      printed: String(value),
      line: Math.min(errored.line, incomplete.line),
      derived: { formula: 'errored-plus-incomplete', lines: [errored.line, incomplete.line] },
    };
    return;
  }
  const either =
    errored && errored.value > 0 ? errored : incomplete && incomplete.value > 0 ? incomplete : (errored ?? incomplete);
  if (either) metrics.requests_failed = count(either);
}

function count(n: JsonNumber): MetricValue {
  return { value: n.value, unit: 'count', printed: n.printed, line: n.line };
}

/**
 * The benchmark entry cut down to the values read, pretty-printed with numbers as written: a
 * report's entry runs to tens of kB (every status, pdfs, scheduler state), too much for a page.
 */
export function excerpt(source: JsonSource, entry: string, used: readonly string[]): string {
  const wanted = new Set(used.map((p) => `${entry}${p}`));
  const tokens: string[] = [];
  const root: Excerpt = {};
  // lines lists pointers in document order, so the excerpt keeps the report's key order.
  for (const pointer of source.document.lines.keys()) {
    if (!wanted.has(pointer)) continue;
    const path = pointer
      .slice(entry.length + 1)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const leaf = path.pop() ?? '';
    const node = path.reduce(childOf, root);
    const value = atPointer(source.document.value, pointer);
    tokens.push(source.document.numberTexts.get(pointer) ?? JSON.stringify(value));
    node[leaf] = `\u0000${tokens.length - 1}`;
  }
  return JSON.stringify(root, null, 4).replace(/"\\u0000(\d+)"/g, (_, i: string) => tokens[Number(i)] ?? '');
}

/** Values read are placeholders for their tokens; the objects holding them are built on the way. */
type Excerpt = { [key: string]: Excerpt | string };

function childOf(node: Excerpt, key: string): Excerpt {
  const existing = node[key];
  if (typeof existing === 'object') return existing;
  const created: Excerpt = {};
  node[key] = created;
  return created;
}
