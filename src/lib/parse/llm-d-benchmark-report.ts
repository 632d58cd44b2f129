import { DiagnosticList } from '../diagnostics/diagnostics.ts';
import { atPointer } from '../json-text.ts';
import { statKeyOf, type DistributionId, type MetricKey, type ScalarId } from '../schema/metric.ts';
import { parseYamlReport } from '../yaml-text.ts';
import { isJsonObject, jsonNumber, jsonValueSpan, type JsonSource } from './json-source.ts';
import { AGGREGATE, RATES, SLOTS, STATS, type Reading } from './llm-d-report-slots.ts';
import { value } from './nvidia-stats.ts';
import type { ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for the llm-d Benchmark Report v0.2 and v0.2.1 (llm-d/llm-d-benchmark,
 * llmdbenchmark/analysis/benchmark_report/schema_v0_2.py and schema_v0_2_1.py, their JSON Schemas
 * beside them), YAML as the `benchmark-report` converter writes it (`benchmark_report_v0.2,_<native
 * file>.yaml`) or the same report as JSON. One report, one run: its `results.request_performance.aggregate`.
 *
 * The report says which tool measured the run (`scenario.load.standardized.tool`) but not what its
 * figures mean: the converter copies each tool's own fields into the report's slots, and the tools
 * define them differently (guidellm's rates are means of per-interval rates, its TPOT includes the
 * TTFT). So the figures are read only for a tool whose converter mapping and definitions perflab
 * has read. That is inference-perf (kubernetes-sigs/inference-perf, inference_perf/reportgen/base.py,
 * summarize_requests and compute_request_latency_metrics; llm-d's import_inference_perf in
 * native_to_br0_2.py copies its `successes` summaries one for one):
 * - `request_rate`, `output_token_rate`, `total_token_rate` are its requests_per_sec,
 *   output_tokens_per_sec and total_tokens_per_sec: successful requests, and their tokens, over
 *   total_time = the last request's end − the first request's start. Totals / duration, as vLLM's:
 *   request_throughput, output_token_throughput, total_token_throughput.
 * - `time_to_first_token` is first token − start (ttft); `time_per_output_token` is (last token −
 *   first token) / (output tokens − 1), decode only (tpot); `request_latency` is end − start
 *   (e2e_latency).
 * - Not read: `inter_token_latency` (every gap between two output tokens, pooled; a chunk's
 *   tokens all get the chunk's time, so most gaps are 0: not vLLM's gap between chunks),
 *   `normalized_time_per_output_token` (request latency / output tokens), `input_length` and
 *   `output_length` (server-reported counts, while the token rates count the client's
 *   re-tokenization by default: two totals that differ, and perflab uses the rates'), and
 *   `scenario.load.standardized.rate_qps` (the converter writes the stage's requested rate, which a
 *   concurrency stage does not have as a rate).
 * - `requests.total` is every request of the stage and `failures` those with an error
 *   (load_summary.count, failures.count), so the successful ones are total − failures.
 *
 * A report from another tool is recognised and not read, with a warning that names the tool.
 */

export const knownAs = 'llm-d Benchmark Report v0.2 / v0.2.1 (YAML or JSON)';

const YAML_VERSION = /^version:[ \t]*(['"]?)0\.2(?:\.1)?\1[ \t]*\r?$/m;
const YAML_RESULTS = /^results:[ \t]*\r?$/m;
const JSON_VERSION = /"version"\s*:\s*"0\.2(?:\.1)?"/;
const JSON_RESULTS = /"request_performance"\s*:/;

export function detect(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*\{/.test(body)) return JSON_VERSION.test(body) && JSON_RESULTS.test(body);
  return YAML_VERSION.test(body) && YAML_RESULTS.test(body);
}

/** The tools whose converted figures perflab reads (see above). */
const READ_TOOLS: ReadonlySet<string> = new Set(['inference-perf']);

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const failed = () => ({ runs: [], diagnostics: diagnostics.items });
  const parsed = parseYamlReport(text);
  if (!parsed.ok) {
    diagnostics.error('E_RAW_YAML', `the Benchmark Report cannot be read: ${parsed.message}`, {
      line: parsed.line,
      column: parsed.column,
      expected: 'an llm-d Benchmark Report as yaml.dump or json.dump writes it: mappings, lists and plain values',
      found: parsed.found,
    });
    return failed();
  }
  const { document } = parsed;
  const aggregate = atPointer(document.value, AGGREGATE);
  if (!isJsonObject(aggregate)) {
    diagnostics.error('E_NO_RESULT', 'the Benchmark Report holds no results.request_performance.aggregate', {
      line: document.lines.get('/results') ?? document.line,
      expected: 'results: request_performance: aggregate: {requests, latency, throughput}',
      found: 'a report without them',
    });
    return failed();
  }
  const source: JsonSource = { document, text, diagnostics };
  const units = SLOTS.map((slot) => ({ slot, reading: unitOf(source, slot.pointer, slot.units) }));
  const tool = atPointer(document.value, '/scenario/load/standardized/tool');
  if (typeof tool !== 'string' || !READ_TOOLS.has(tool)) {
    const named = typeof tool === 'string' ? `"${tool}"` : 'no tool';
    diagnostics.warning(
      'W_SOURCE_TOOL_NOT_READ',
      `this Benchmark Report was converted from ${named}: perflab reads the reports of inference-perf runs only, since the converter copies each tool's own figures and the tools define them differently`,
      {
        line: document.lines.get('/scenario/load/standardized/tool') ?? document.lines.get(AGGREGATE),
        expected: 'scenario.load.standardized.tool: inference-perf',
        found: named,
      },
    );
    return failed();
  }
  const metrics: RunMetrics = {};
  for (const { slot, reading } of units)
    if (reading && slot.id) readSlot(source, slot.pointer, slot.id, reading, metrics);
  readRequests(source, metrics);
  if (diagnostics.items.some((d) => d.severity === 'error')) return failed();
  requestsWithinTheirTime(source, metrics);
  if (diagnostics.items.some((d) => d.severity === 'error')) return failed();
  const span = jsonValueSpan(parsed.source, document, '');
  const run = {
    source: {
      file: options.file,
      format: 'llm-d-benchmark-report' as const,
      blockIndex: 0,
      blockLabel: null,
      startLine: span.startLine,
      endLine: span.endLine,
    },
    metrics,
    raw: span.text,
  };
  return { runs: [run], diagnostics: diagnostics.items };
}

/** The reading of a slot's `units`, or an E_UNIT error where the schema's validator refuses it. */
function unitOf(source: JsonSource, pointer: string, allowed: Record<string, Reading>): Reading | undefined {
  const block = atPointer(source.document.value, pointer);
  if (!isJsonObject(block)) return undefined;
  const unit = block.units;
  const reading = typeof unit === 'string' ? allowed[unit] : undefined;
  if (reading) return reading;
  source.diagnostics.error('E_UNIT', `${pointer.slice(1).replaceAll('/', '.')} is in ${JSON.stringify(unit ?? null)}`, {
    line: source.document.lines.get(`${pointer}/units`) ?? source.document.lines.get(pointer),
    expected: `units: ${Object.keys(allowed).join(' or ')} (the Benchmark Report schema allows no other here)`,
    found: unit === undefined ? 'no units' : JSON.stringify(unit),
  });
  return undefined;
}

/** A rate is the block's `mean` (the converter writes the tool's one figure there); a latency, every statistic. */
function readSlot(
  source: JsonSource,
  pointer: string,
  id: DistributionId | ScalarId,
  reading: Reading,
  metrics: RunMetrics,
) {
  const block = atPointer(source.document.value, pointer);
  if (!isJsonObject(block)) return;
  if (RATES.has(id)) {
    const n = jsonNumber(source, `${pointer}/mean`, { unit: reading.unit });
    if (n) metrics[id as ScalarId] = value(n, reading);
    return;
  }
  for (const [name, stat] of Object.entries(STATS)) {
    const n = jsonNumber(source, `${pointer}/${name}`, { unit: reading.unit, nullable: true });
    if (n) metrics[statKeyOf(id as DistributionId, stat)] = value(n, reading);
  }
}

/** `requests.total` (every request sent) and `failures` (those with an error): the failed and the successful. */
function readRequests(source: JsonSource, metrics: RunMetrics): void {
  const at = `${AGGREGATE}/requests`;
  const total = jsonNumber(source, `${at}/total`, { unit: 'count', integer: true });
  const failures = jsonNumber(source, `${at}/failures`, { unit: 'count', integer: true, nullable: true });
  if (failures)
    metrics.requests_failed = { value: failures.value, unit: 'count', printed: failures.printed, line: failures.line };
  if (!total || !failures) return;
  if (failures.value > total.value) {
    source.diagnostics.error('E_BAD_NUMBER', `${failures.printed} failed requests of ${total.printed} sent`, {
      line: failures.line,
      expected: `failures at most requests.total (${total.printed}): the failed requests are among those sent`,
      found: failures.printed,
    });
    return;
  }
  const successful = total.value - failures.value;
  metrics.requests_successful = {
    value: successful,
    unit: 'count',
    printed: String(successful),
    line: Math.min(total.line, failures.line),
    derived: { formula: 'sent-minus-failed', lines: [total.line, failures.line] },
  };
}

/**
 * inference-perf's rates divide by total_time, from the first request's start to the last one's
 * end (summarize_requests), so successful / request_rate is that time and every successful
 * request lies in it: no latency of one is longer. The values are Python floats written in full,
 * so the only slack is the float64 rounding of that one division (a relative 1e-12).
 */
function requestsWithinTheirTime(source: JsonSource, metrics: RunMetrics): void {
  const n = metrics.requests_successful;
  const rate = metrics.request_throughput;
  if (!n || !rate || !(rate.value > 0) || n.value === 0) return;
  const seconds = n.value / rate.value;
  const limit = seconds * 1000 * (1 + 1e-12);
  for (const stat of ['max', 'p99_9', 'p99', 'mean'] as const)
    for (const family of ['e2e_latency', 'ttft'] as const) {
      const key: MetricKey = statKeyOf(family, stat);
      const latency = metrics[key];
      if (!latency || latency.value <= limit) continue;
      source.diagnostics.error(
        'E_LATENCY_BEYOND_DURATION',
        `${key} ${latency.printed} s is longer than the stage's time, ${n.value} successful requests / request rate ${rate.printed} = ${seconds.toFixed(2)} s, which inference-perf defines every request to lie in`,
        {
          line: latency.line,
          expected: `at most ${seconds.toFixed(2)} s`,
          found: `${(latency.value / 1000).toFixed(2)} s`,
        },
      );
      return;
    }
}
