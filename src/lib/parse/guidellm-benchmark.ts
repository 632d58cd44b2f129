import { quoteFound } from '../diagnostics/diagnostics.ts';
import {
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type ScalarId,
  type Stat,
  type Unit,
} from '../schema/metric.ts';
import type { RunMetrics } from './types.ts';
import { atPointer, type JsonValue } from './json-text.ts';
import { isJsonObject, jsonNumber, type JsonNumber, type JsonSource } from './json-source.ts';
import { toMilliseconds } from './number.ts';

/**
 * One entry of a guidellm report's `benchmarks` (shared/formats.md §2.7): which values are read
 * from it and as which metrics, its block label, and the excerpt of it a page shows.
 */
type Scalar = { pointer: string; id: ScalarId; unit: Unit };

// Pointers relative to one benchmark entry.
const SCALARS: Scalar[] = [
  { pointer: '/config/strategy/rate', id: 'request_rate_configured', unit: 'req/s' },
  { pointer: '/config/strategy/max_concurrency', id: 'max_concurrency', unit: 'count' },
  { pointer: '/config/strategy/streams', id: 'max_concurrency', unit: 'count' },
  { pointer: '/metrics/request_totals/successful', id: 'requests_successful', unit: 'count' },
  { pointer: '/duration', id: 'duration', unit: 's' },
  { pointer: '/metrics/prompt_token_count/successful/total_sum', id: 'input_tokens_total', unit: 'tok' },
  { pointer: '/metrics/output_token_count/successful/total_sum', id: 'output_tokens_total', unit: 'tok' },
  { pointer: '/metrics/requests_per_second/successful/mean', id: 'request_throughput', unit: 'req/s' },
  { pointer: '/metrics/prompt_tokens_per_second/successful/mean', id: 'input_token_throughput', unit: 'tok/s' },
  { pointer: '/metrics/output_tokens_per_second/successful/mean', id: 'output_token_throughput', unit: 'tok/s' },
  // An instantaneous-rate maximum, not vLLM's per-second bucket (formats.md §2.5).
  { pointer: '/metrics/output_tokens_per_second/successful/max', id: 'peak_output_token_throughput', unit: 'tok/s' },
  { pointer: '/metrics/tokens_per_second/successful/mean', id: 'total_token_throughput', unit: 'tok/s' },
  { pointer: '/metrics/request_concurrency/successful/mean', id: 'mean_concurrency', unit: 'count' },
  { pointer: '/metrics/request_concurrency/successful/max', id: 'peak_concurrent_requests', unit: 'count' },
];

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
  const strategy = isJsonObject(benchmark) && isJsonObject(benchmark.config) ? benchmark.config.strategy : undefined;
  if (!isJsonObject(strategy) || typeof strategy.type_ !== 'string') return null;
  if (typeof strategy.rate === 'number' && Number.isFinite(strategy.rate))
    return `${strategy.type_}@${strategy.rate.toFixed(2)}`;
  if (typeof strategy.streams === 'number') return `${strategy.type_}@${strategy.streams}`;
  return strategy.type_;
}

export function readBenchmark(source: JsonSource, entry: string): { metrics: RunMetrics; used: string[] } {
  const { document, diagnostics } = source;
  const metrics: RunMetrics = {};
  const used: string[] = ['/config/strategy/type_'];
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
    const n = read(scalar.pointer, scalar.unit);
    if (n) put(scalar.id, scalar.unit, n);
  }

  // Failed = errored + incomplete. A sum has no single printed token: when one part is 0 the
  // other part's token is the provenance; otherwise `printed` shows the sum's two tokens.
  const errored = read('/metrics/request_totals/errored', 'count');
  const incomplete = read('/metrics/request_totals/incomplete', 'count');
  if (errored && incomplete) {
    const value = errored.value + incomplete.value;
    if (incomplete.value === 0) put('requests_failed', 'count', errored);
    else if (errored.value === 0) put('requests_failed', 'count', incomplete);
    else
      metrics.requests_failed = {
        value,
        unit: 'count',
        printed: `${errored.printed} + ${incomplete.printed}`,
        line: errored.line,
      };
  } else {
    const either = errored ?? incomplete;
    if (either) put('requests_failed', 'count', either);
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
