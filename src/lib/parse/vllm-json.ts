import { DiagnosticList, quoteFound } from '../diagnostics.ts';
import type { MetricId, Unit } from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { atPointer, parseJsonDocuments, pointerEscape, type JsonDocument, type JsonParseResult, type JsonValue } from './json-text.ts';
import type { ParsedRun, ParseResult } from './types.ts';

/**
 * Parser for `vllm bench serve --save-result` JSON (shared/formats.md §2.2): one object per run,
 * several newline-separated objects with `--append-result`. Summaries are already in ms and s; the
 * per-request arrays (`latencies`, `ttfts`, …) are not metrics and are ignored. The sibling
 * `{stem}.pytorch.json` list is recognised and skipped with a warning.
 *
 * Also exports the JSON helpers guidellm-json.ts shares (number checks, value spans, labels).
 */

type KeySpec = { id: MetricId; unit: Unit };

const SCALAR_KEYS: Record<string, KeySpec> = {
  completed: { id: 'requests_successful', unit: 'count' },
  failed: { id: 'requests_failed', unit: 'count' },
  max_concurrency: { id: 'max_concurrency', unit: 'count' },
  request_rate: { id: 'request_rate_configured', unit: 'req/s' },
  duration: { id: 'duration', unit: 's' },
  total_input_tokens: { id: 'input_tokens_total', unit: 'tok' },
  total_output_tokens: { id: 'output_tokens_total', unit: 'tok' },
  request_throughput: { id: 'request_throughput', unit: 'req/s' },
  request_goodput: { id: 'request_goodput', unit: 'req/s' },
  output_throughput: { id: 'output_token_throughput', unit: 'tok/s' },
  total_token_throughput: { id: 'total_token_throughput', unit: 'tok/s' },
  max_output_tokens_per_s: { id: 'peak_output_token_throughput', unit: 'tok/s' },
  max_concurrent_requests: { id: 'peak_concurrent_requests', unit: 'count' },
  spec_decode_acceptance_rate: { id: 'spec_acceptance_rate', unit: 'percent' },
  spec_decode_acceptance_length: { id: 'spec_accept_length', unit: 'tok' },
};

/** `mean_ttft_ms`, `p99.9_itl_ms` → statistic, percentile, family. */
const SUMMARY_KEY = /^(mean|median|std|min|max|p(\d+(?:\.\d+)?))_([a-z0-9_]+)_ms$/;

const FAMILIES: Record<string, MetricId> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2e_latency', client_queue_time: 'client_queue_time' };

const METADATA_HINT = 'vLLM writes `--metadata k=v` pairs as top-level strings; one may sit under a result key the run did not compute';

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The PyTorch OSS benchmark-format list vLLM writes beside the result as `{stem}.pytorch.json`. */
function isPytorchRecords(value: JsonValue): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((r) => isObject(r) && isObject(r.benchmark) && isObject(r.metric) && Array.isArray(r.metric.benchmark_values));
}

function isVllmResult(value: JsonValue): boolean {
  return isObject(value) && 'num_prompts' in value && 'total_token_throughput' in value;
}

export function detect(text: string): boolean {
  const parsed = safeParseJson(text);
  if (parsed.ok) return isVllmResult(parsed.documents[0]!.value) || isPytorchRecords(parsed.documents[0]!.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return /^\s*\{/.test(text.replace(/^\uFEFF/, '')) && /"num_prompts"\s*:/.test(text) && /"total_token_throughput"\s*:/.test(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = safeParseJson(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, 'a `vllm bench serve --save-result` JSON object');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const documents = parsed.documents;
  if (isPytorchRecords(documents[0]!.value)) {
    const sibling = options.file.endsWith('.pytorch.json') ? `${options.file.slice(0, -'.pytorch.json'.length).split('/').pop()}.json` : 'the `{stem}.json` beside it';
    // formats.md §2.2: recognise and skip it; the result is in the sibling file.
    diagnostics.warning('W_SKIPPED_FILE', 'this is the PyTorch OSS benchmark-format list vLLM writes beside a --save-result file, not a result; skipped', {
      line: documents[0]!.line,
      expected: 'the `vllm bench serve --save-result` JSON object',
      found: `a list of ${(documents[0]!.value as JsonValue[]).length} {benchmark, model, metric} records`,
      hint: `use ${sibling} instead: it holds the same run with every metric`,
    });
    return { runs: [], diagnostics: diagnostics.items };
  }

  const labels = uniqueLabels(documents.map((d) => (isObject(d.value) && typeof d.value.label === 'string' && d.value.label.trim() !== '' ? d.value.label.trim() : null)));
  const runs: ParsedRun[] = [];
  documents.forEach((document, blockIndex) => {
    const span = jsonValueSpan(text, blockIndex, '');
    if (!isObject(document.value)) {
      diagnostics.error('E_SCHEMA', `JSON document #${blockIndex + 1} is not a result object`, {
        line: document.line,
        expected: 'an object like {"date": …, "num_prompts": …, "duration": …}',
        found: quoteFound(span.text),
      });
      return;
    }
    const metrics = readMetrics({ document, text, diagnostics });
    if (!metrics) return;
    if (Object.keys(metrics).length === 0) {
      diagnostics.error('E_NO_RESULT', `JSON document #${blockIndex + 1} holds no benchmark result`, {
        line: document.line,
        expected: 'keys such as "completed", "duration", "total_token_throughput", "mean_ttft_ms"',
        found: quoteFound(span.text),
      });
      return;
    }
    runs.push({
      source: { file: options.file, format: 'vllm-json', blockIndex, blockLabel: labels[blockIndex]!, startLine: span.startLine, endLine: span.endLine },
      metrics,
      raw: span.text,
    });
  });
  return { runs, diagnostics: diagnostics.items };
}

function readMetrics(source: JsonSource): Record<string, MetricValue> | undefined {
  const { document, diagnostics } = source;
  const record = document.value as { [key: string]: JsonValue };
  const metrics: Record<string, MetricValue> = {};
  const errorsBefore = diagnostics.items.filter((d) => d.severity === 'error').length;
  const unknownFamilies = new Set<string>();

  for (const name of Object.keys(record)) {
    const pointer = `/${pointerEscape(name)}`;
    // `--request-rate inf` (the default) is written as the string "inf": no configured rate.
    if (name === 'request_rate' && typeof record[name] === 'string' && /^inf$/i.test(record[name])) continue;
    const scalar = SCALAR_KEYS[name];
    const summary = SUMMARY_KEY.exec(name);
    let key: string;
    let unit: Unit;
    if (scalar) {
      key = scalar.id;
      unit = scalar.unit;
    } else if (summary) {
      const family = FAMILIES[summary[3]!];
      if (!family) {
        if (!unknownFamilies.has(summary[3]!)) {
          unknownFamilies.add(summary[3]!);
          diagnostics.warning('W_UNKNOWN_KEY', `no canonical metric for the vLLM latency family "${summary[3]}"; its statistics are skipped`, {
            line: document.lines.get(pointer),
            expected: `one of ${Object.keys(FAMILIES).join(', ')}`,
            found: quoteFound(name),
          });
        }
        continue;
      }
      key = `${family}.${summary[2] !== undefined ? `p${summary[2].replace('.', '_')}` : summary[1]}`;
      unit = 'ms';
    } else {
      continue;
    }
    const number = jsonNumber(source, pointer, unit, METADATA_HINT);
    if (number) metrics[key] = { value: number.value, unit, printed: number.printed, line: number.line };
  }

  const errorsAfter = diagnostics.items.filter((d) => d.severity === 'error').length;
  return errorsAfter > errorsBefore ? undefined : metrics;
}

// ---- shared JSON helpers ---------------------------------------------------------------------

/** parseJsonDocuments, with the JSON.parse error it can throw on raw control characters in a string turned into a result. */
export function safeParseJson(text: string): JsonParseResult {
  try {
    return parseJsonDocuments(text);
  } catch (cause) {
    return { ok: false, line: 1, column: 1, message: (cause as Error).message, found: 'a string with a raw control character' };
  }
}

export function reportJsonError(error: Extract<JsonParseResult, { ok: false }>, diagnostics: DiagnosticList, expected: string): void {
  const atEnd = error.found === '""';
  diagnostics.error('E_JSON', `invalid JSON: ${error.message}`, {
    line: error.line,
    column: error.column,
    expected,
    found: atEnd ? 'end of file' : error.found,
    ...(atEnd ? { hint: 'the file ends inside a JSON value: it was cut off (killed run, partial copy or upload)' } : {}),
  });
}

export type JsonNumber = { value: number; printed: string; line: number };

/** One parsed document with the file text it came from (for columns) and the file's diagnostics. */
export type JsonSource = { document: JsonDocument; text: string; diagnostics: DiagnosticList };

/**
 * The number at `pointer`, or undefined when it is absent or null (null is "not measured"). Anything
 * else that is not a finite number ≥ 0 — NaN/Infinity as Python writes them, a string, a negative
 * value — is an E_BAD_NUMBER error naming the pointer.
 */
export function jsonNumber(source: JsonSource, pointer: string, unit: Unit, stringHint?: string): JsonNumber | undefined {
  const { document } = source;
  const value = atPointer(document.value, pointer);
  if (value === undefined || value === null) return undefined;
  const line = document.lines.get(pointer)!;
  const printed = document.numberTexts.get(pointer);
  if (typeof value === 'number' && printed !== undefined && Number.isFinite(value) && value >= 0) return { value, printed, line };

  const problem =
    typeof value === 'string'
      ? 'found a string'
      : typeof value !== 'number'
        ? `found ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}`
        : Number.isNaN(value)
          ? 'not a number (NaN)'
          : !Number.isFinite(value)
            ? 'infinite value'
            : 'cannot be negative';
  const hint = typeof value === 'number' && !Number.isFinite(value) ? "Python's json module writes NaN/Infinity when a statistic had no samples (e.g. no successful request)" : typeof value === 'string' ? stringHint : undefined;
  source.diagnostics.error('E_BAD_NUMBER', `${pointer} expects a number (${unit}); ${problem}`, {
    line,
    column: valueColumn(source.text, line, pointer),
    expected: `a finite number ≥ 0 in ${unit}`,
    found: quoteFound(printed ?? JSON.stringify(value)),
    ...(hint ? { hint } : {}),
  });
  return undefined;
}

/** Column of the value after the pointer's last key, when that key occurs once on its line. */
function valueColumn(text: string, line: number, pointer: string): number | undefined {
  const lineText = text.replace(/^\uFEFF/, '').split('\n')[line - 1] ?? '';
  const key = pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  const quoted = JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const matches = [...lineText.matchAll(new RegExp(`${quoted}\\s*:\\s*`, 'g'))];
  return matches.length === 1 ? matches[0]!.index + matches[0]![0].length + 1 : undefined;
}

/** Seconds → ms without binary noise: 553.4 s is 553400 ms, not 553399.99999999994; exponents count. */
export function toMilliseconds(seconds: number, printed: string): number {
  const match = /^-?\d+(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(printed);
  const decimals = (match?.[1]?.length ?? 0) - Number(match?.[2] ?? 0);
  return Number((seconds * 1000).toFixed(Math.min(100, Math.max(0, decimals - 3))));
}

/** Offset just past the JSON value (or bare NaN/Infinity token) that starts at `i`; `s` is valid JSON. */
function skipValue(s: string, i: number): number {
  if (s[i] === '"') {
    for (i++; s[i] !== '"'; i++) if (s[i] === '\\') i++;
    return i + 1;
  }
  if (s[i] !== '{' && s[i] !== '[') {
    while (i < s.length && !/[\s,:\]}{["]/.test(s[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '"') i = skipValue(s, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return i;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i]!)) i++;
  return i;
}

/**
 * Where the value at `pointer` of the `documentIndex`-th document starts and ends (1-based lines)
 * and its text with normalized line endings. `text` must have parsed.
 */
export function jsonValueSpan(text: string, documentIndex: number, pointer: string): { startLine: number; endLine: number; text: string } {
  const s = text.replace(/^\uFEFF/, '');
  let i = skipSpace(s, 0);
  for (let d = 0; d < documentIndex; d++) i = skipSpace(s, skipValue(s, i));
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const isArray = s[i] === '[';
    i = skipSpace(s, i + 1);
    for (let index = 0; ; index++) {
      if (!isArray) {
        const keyEnd = skipValue(s, i);
        const key = JSON.parse(s.slice(i, keyEnd)) as string;
        i = skipSpace(s, skipSpace(s, keyEnd) + 1);
        if (key === segment) break;
      } else if (String(index) === segment) break;
      i = skipSpace(s, skipSpace(s, skipValue(s, i)) + 1);
    }
  }
  const end = skipValue(s, i);
  const lineAt = (offset: number) => s.slice(0, offset).split('\n').length;
  return { startLine: lineAt(i), endLine: lineAt(end - 1), text: s.slice(i, end).replace(/\r\n/g, '\n') };
}

/** Block labels as given, a repeated label suffixed ` #2`, ` #3`, … so every run keeps its own id. */
export function uniqueLabels(labels: readonly (string | null)[]): (string | null)[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    if (label === null) return null;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} #${n}`;
  });
}
