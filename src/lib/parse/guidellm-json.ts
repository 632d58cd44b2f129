import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { MetricId, Unit } from '../schema/metric.ts';
import type { FormatId, MetricValue } from '../schema/run.ts';
import { atPointer, parseJsonDocuments, type JsonValue } from './json-text.ts';
import type { ParsedRun, ParseResult } from './types.ts';
import {
  jsonNumber,
  jsonValueSpan,
  reportJsonError,
  uniqueLabels,
  type JsonNumber,
  type JsonSource,
} from './json-source.ts';
import { toMilliseconds } from './number.ts';

/**
 * Parser for guidellm's report JSON (`benchmarks.json`, shared/formats.md §2.7), which is also
 * what GPUStack benchmark-runner's `dual_json` summary writes (§2.6): format `guidellm-json`, one
 * run per `benchmarks[]` entry, always from the `successful` status. The GPUStack server export
 * (`GET /v2/benchmarks/{id}`) carries the same report under `raw_metrics` and is read the same
 * way as format `gpustack-runner-json`; its flat columns repeat one point of it and are not read.
 */

type Scalar = { pointer: string; id: MetricId; unit: Unit };

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
const DISTRIBUTIONS: { name: string; id: MetricId; seconds: boolean }[] = [
  { name: 'time_to_first_token_ms', id: 'ttft', seconds: false },
  { name: 'time_per_output_token_ms', id: 'tpot_incl_ttft', seconds: false },
  { name: 'inter_token_latency_ms', id: 'tpot', seconds: false },
  { name: 'request_latency', id: 'e2e_latency', seconds: true },
];

const STATS: Record<string, string> = { mean: 'mean', median: 'median', std_dev: 'std', min: 'min', max: 'max' };

// p001 is the 0.1th percentile and p999 the 99.9th: a rule cannot tell p01 (1st) from p001.
const PERCENTILES: Record<string, string> = {
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

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isGuidellmReport(value: JsonValue | undefined): boolean {
  if (!isObject(value) || !Array.isArray(value.benchmarks)) return false;
  const first = value.benchmarks[0];
  return (
    (isObject(value.metadata) && typeof value.metadata.guidellm_version === 'string') ||
    (isObject(first) && first.type_ === 'generative_benchmark')
  );
}

function isGpustackExport(value: JsonValue): boolean {
  return isObject(value) && 'raw_metrics' in value && 'snapshot' in value;
}

export function detect(text: string): boolean {
  const parsed = parseJsonDocuments(text);
  if (parsed.ok) return isGuidellmReport(parsed.documents[0]!.value) || isGpustackExport(parsed.documents[0]!.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  const opensObject = /^\s*\{/.test(text.replace(/^\uFEFF/, ''));
  return (
    opensObject &&
    ((/"guidellm_version"\s*:/.test(text) && /"benchmarks"\s*:/.test(text)) ||
      (/"raw_metrics"\s*:/.test(text) && /"snapshot"\s*:/.test(text)))
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, 'a guidellm report (benchmarks.json) or a GPUStack benchmark export');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const document = parsed.documents[0]!;
  if (parsed.documents.length > 1) {
    diagnostics.error('E_JSON', `${parsed.documents.length} JSON documents in one file`, {
      line: parsed.documents[1]!.line,
      expected: 'one guidellm report per file',
      found: `another document starting at line ${parsed.documents[1]!.line}`,
    });
    return { runs: [], diagnostics: diagnostics.items };
  }

  const exported = isGpustackExport(document.value);
  const format: FormatId = exported ? 'gpustack-runner-json' : 'guidellm-json';
  const base = exported ? '/raw_metrics' : '';
  const report = atPointer(document.value, base);
  if (!isGuidellmReport(report)) {
    diagnostics.error(
      'E_NO_RESULT',
      exported ? 'the GPUStack export has no guidellm report in "raw_metrics"' : 'no guidellm "benchmarks" list found',
      {
        line: document.lines.get(base) ?? 1,
        expected: 'a guidellm report: {"metadata": {"guidellm_version": …}, "benchmarks": [ … ]}',
        found: quoteFound(JSON.stringify(report ?? null)),
        ...(exported
          ? {
              hint: "the flat *_mean/*_p95 columns alone are not read; re-export after raw_metrics is filled (hack/perf/fill_benchmark_raw_metrics.py) or use the runner's {id}.json",
            }
          : {}),
      },
    );
    return { runs: [], diagnostics: diagnostics.items };
  }

  const benchmarks = (report as { benchmarks: JsonValue[] }).benchmarks;
  if (benchmarks.length === 0) {
    diagnostics.error('E_NO_RESULT', 'the guidellm report lists no benchmark', {
      line: document.lines.get(`${base}/benchmarks`),
      expected: 'at least one entry in "benchmarks"',
      found: '[]',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  const labels = uniqueLabels(benchmarks.map((b) => (benchmarks.length === 1 ? null : strategyLabel(b))));
  const source: JsonSource = { document, text, diagnostics };
  const runs: ParsedRun[] = [];
  benchmarks.forEach((benchmark, blockIndex) => {
    const entry = `${base}/benchmarks/${blockIndex}`;
    const span = jsonValueSpan(parsed.source, document, entry);
    if (!isObject(benchmark)) {
      diagnostics.error('E_SCHEMA', `benchmark #${blockIndex + 1} is not an object`, {
        line: span.startLine,
        expected: 'a guidellm generative_benchmark object',
        found: quoteFound(span.text),
      });
      return;
    }
    const read = readBenchmark(source, entry);
    if (!read) return;
    if (Object.keys(read.metrics).length === 0) {
      diagnostics.error('E_NO_RESULT', `benchmark #${blockIndex + 1} has no summary metrics`, {
        line: span.startLine,
        expected: '"metrics": {"request_totals": …, "tokens_per_second": …}',
        found: quoteFound(span.text),
      });
      return;
    }
    runs.push({
      source: {
        file: options.file,
        format,
        blockIndex,
        blockLabel: labels[blockIndex]!,
        startLine: span.startLine,
        endLine: span.endLine,
      },
      metrics: read.metrics,
      raw: excerpt(source, entry, read.used),
    });
  });
  return { runs, diagnostics: diagnostics.items };
}

/** `synchronous`, `concurrent@8`, `throughput`, `constant@4.00`, `poisson@2.50`; null without a strategy. */
function strategyLabel(benchmark: JsonValue): string | null {
  const strategy = isObject(benchmark) && isObject(benchmark.config) ? benchmark.config.strategy : undefined;
  if (!isObject(strategy) || typeof strategy.type_ !== 'string') return null;
  if (typeof strategy.rate === 'number' && Number.isFinite(strategy.rate))
    return `${strategy.type_}@${strategy.rate.toFixed(2)}`;
  if (typeof strategy.streams === 'number') return `${strategy.type_}@${strategy.streams}`;
  return strategy.type_;
}

function readBenchmark(
  source: JsonSource,
  entry: string,
): { metrics: Record<string, MetricValue>; used: string[] } | undefined {
  const { document, diagnostics } = source;
  const metrics: Record<string, MetricValue> = {};
  const used: string[] = ['/config/strategy/type_'];
  const errorsBefore = diagnostics.items.filter((d) => d.severity === 'error').length;
  const read = (pointer: string, unit: Unit) => {
    const number = jsonNumber(source, `${entry}${pointer}`, unit);
    if (number) used.push(pointer);
    return number;
  };
  const put = (key: string, unit: Unit, n: JsonNumber, seconds = false) => {
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
  } else if (errored ?? incomplete) {
    put('requests_failed', 'count', (errored ?? incomplete)!);
  }

  for (const family of DISTRIBUTIONS) {
    const summary = atPointer(document.value, `${entry}/metrics/${family.name}/successful`);
    // guidellm fills a status with no request with zeros: a 0 ms TTFT would be a lie.
    if (!isObject(summary) || summary.count === 0) continue;
    const unit: Unit = family.seconds ? 's' : 'ms';
    const at = `/metrics/${family.name}/successful`;
    for (const [name, stat] of Object.entries(STATS)) {
      const n = read(`${at}/${name}`, unit);
      if (n) put(`${family.id}.${stat}`, 'ms', n, family.seconds);
    }
    const percentiles = summary.percentiles;
    if (!isObject(percentiles)) continue;
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
      if (n) put(`${family.id}.${stat}`, 'ms', n, family.seconds);
    }
  }

  const errorsAfter = diagnostics.items.filter((d) => d.severity === 'error').length;
  return errorsAfter > errorsBefore ? undefined : { metrics, used };
}

/**
 * The benchmark entry cut down to the values read, pretty-printed with numbers as written: a
 * report's entry runs to tens of kB (every status, pdfs, scheduler state), too much for a page.
 */
function excerpt(source: JsonSource, entry: string, used: readonly string[]): string {
  const wanted = new Set(used.map((p) => `${entry}${p}`));
  const tokens: string[] = [];
  const root: { [key: string]: unknown } = {};
  // lines lists pointers in document order, so the excerpt keeps the report's key order.
  for (const pointer of source.document.lines.keys()) {
    if (!wanted.has(pointer)) continue;
    const path = pointer
      .slice(entry.length + 1)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as { [key: string]: unknown };
    const value = atPointer(source.document.value, pointer);
    tokens.push(source.document.numberTexts.get(pointer) ?? JSON.stringify(value));
    node[path[path.length - 1]!] = `\u0000${tokens.length - 1}`;
  }
  return JSON.stringify(root, null, 4).replace(/"\\u0000(\d+)"/g, (_, i: string) => tokens[Number(i)]!);
}
