import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { MetricId, Unit } from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { parseJsonDocuments, pointerEscape, type JsonDocument, type JsonValue } from './json-text.ts';
import type { ParsedRun, ParseResult } from './types.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';

/**
 * Parser for the `--output-file` JSONL of SGLang's `python -m sglang.bench_serving`
 * (shared/formats.md §2.4): the file is opened in append mode, one `json.dumps(result)` line per
 * run. Each line is read on its own so one damaged line does not hide the others.
 */

type KeySpec = { id: MetricId; unit: Unit };

// Values are already in canonical units: `*_ms` keys in ms, `duration` in s.
const SCALAR_KEYS: Record<string, KeySpec> = {
  request_rate: { id: 'request_rate_configured', unit: 'req/s' },
  max_concurrency: { id: 'max_concurrency', unit: 'count' },
  completed: { id: 'requests_successful', unit: 'count' },
  duration: { id: 'duration', unit: 's' },
  total_input_tokens: { id: 'input_tokens_total', unit: 'tok' },
  total_output_tokens: { id: 'output_tokens_total', unit: 'tok' },
  total_output_tokens_retokenized: { id: 'output_tokens_total_retokenized', unit: 'tok' },
  request_throughput: { id: 'request_throughput', unit: 'req/s' },
  input_throughput: { id: 'input_token_throughput', unit: 'tok/s' },
  output_throughput: { id: 'output_token_throughput', unit: 'tok/s' },
  total_throughput: { id: 'total_token_throughput', unit: 'tok/s' },
  max_output_tokens_per_s: { id: 'peak_output_token_throughput', unit: 'tok/s' },
  max_concurrent_requests: { id: 'peak_concurrent_requests', unit: 'count' },
  concurrency: { id: 'mean_concurrency', unit: 'count' },
  accept_length: { id: 'spec_accept_length', unit: 'tok' },
};

/** `p99_ttft_ms` → statistic, family. */
const DISTRIBUTION_KEY = /^(mean|median|std|min|max|p(\d+))_(e2e_latency|ttft|tpot|itl)_ms$/;

// Run arguments, totals without a canonical id, and `--output-details` arrays: not metrics.
const NOT_METRICS = new Set([
  'tag',
  'backend',
  'dataset_name',
  'sharegpt_output_len',
  'random_input_len',
  'random_output_len',
  'random_range_ratio',
  'server_info',
  'total_input_text_tokens',
  'total_input_vision_tokens',
  'cache_report',
  'input_lens',
  'output_lens',
  'ttfts',
  'itls',
  'generated_texts',
  'errors',
]);

const DETECT_KEY = /"(total_output_tokens_retokenized|total_throughput)"\s*:/;

export function detect(text: string): boolean {
  return sourceLines(text).some((l) => l.text.trimStart().startsWith('{') && DETECT_KEY.test(l.text));
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text).filter((l) => l.text.trim() !== '');
  if (lines.length === 0) {
    diagnostics.error('E_NO_RESULT', 'no JSON line found', {
      line: 1,
      expected: 'one JSON object per line, as written by --output-file',
      found: 'an empty file',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }

  const runs: ParsedRun[] = [];
  lines.forEach((line, blockIndex) => {
    const document = readLine(line, diagnostics);
    if (!document) return;
    const record = document.value as { [key: string]: JsonValue };
    const metrics = readMetrics(record, document, line, diagnostics);
    if (!metrics) return;
    runs.push({
      source: {
        file: options.file,
        format: 'sglang-jsonl',
        blockIndex,
        blockLabel: typeof record.tag === 'string' && record.tag.trim() !== '' ? record.tag.trim() : null,
        startLine: line.line,
        endLine: line.line,
      },
      metrics,
      raw: line.raw,
    });
  });
  return { runs, diagnostics: diagnostics.items };
}

/** One line as one JSON object, or undefined after reporting why it is not. */
function readLine(line: SourceLine, diagnostics: DiagnosticList): JsonDocument | undefined {
  let parsed: ReturnType<typeof parseJsonDocuments>;
  try {
    parsed = parseJsonDocuments(line.raw);
  } catch (cause) {
    // json-text hands string bodies to JSON.parse, which throws on raw control characters.
    diagnostics.error('E_JSON', `line is not valid JSON: ${(cause as Error).message}`, {
      line: line.line,
      expected: 'one JSON object per line',
      found: quoteFound(line.raw),
    });
    return undefined;
  }
  if (!parsed.ok) {
    diagnostics.error('E_JSON', `line is not valid JSON: ${parsed.message}`, {
      line: line.line,
      column: parsed.column,
      expected: 'one JSON object per line',
      found: parsed.found,
    });
    return undefined;
  }
  const [document, ...more] = parsed.documents;
  if (more.length > 0) {
    diagnostics.error('E_JSON', 'several JSON documents on one line', {
      line: line.line,
      expected: 'one JSON object per line',
      found: quoteFound(line.raw),
    });
    return undefined;
  }
  const value = document!.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    diagnostics.error('E_SCHEMA', 'a result line must be a JSON object', {
      line: line.line,
      expected: 'an object like {"backend": "sglang", "duration": …}',
      found: quoteFound(line.raw),
    });
    return undefined;
  }
  return document;
}

function readMetrics(
  record: { [key: string]: JsonValue },
  document: JsonDocument,
  line: SourceLine,
  diagnostics: DiagnosticList,
): Record<string, MetricValue> | undefined {
  const metrics: Record<string, MetricValue> = {};
  const errorsBefore = diagnostics.items.filter((d) => d.severity === 'error').length;

  for (const [name, value] of Object.entries(record)) {
    if (NOT_METRICS.has(name) || value === null) continue;
    const distribution = DISTRIBUTION_KEY.exec(name);
    const scalar = SCALAR_KEYS[name];
    let key: string;
    let unit: Unit;
    if (scalar) {
      key = scalar.id;
      unit = scalar.unit;
    } else if (distribution) {
      key = `${distribution[3]}.${distribution[1]}`;
      unit = 'ms';
    } else {
      // Numbers under a new key may be a renamed metric; strings and objects are arguments.
      if (typeof value === 'number') {
        diagnostics.warning('W_UNKNOWN_KEY', `unknown numeric key "${name}"; skipped`, {
          line: line.line,
          column: valueColumn(line, name),
          expected: 'a key such as "total_throughput" or "p99_ttft_ms"',
          found: quoteFound(name),
        });
      }
      continue;
    }
    const pointer = `/${pointerEscape(name)}`;
    const printed = document.numberTexts.get(pointer);
    // `--request-rate inf` (the default) and `trace` mean no configured rate.
    if (name === 'request_rate' && (value === 'trace' || value === Infinity)) continue;
    const at = { line: document.lines.get(pointer)! - 1 + line.line, column: valueColumn(line, name) };
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || printed === undefined) {
      const problem =
        typeof value !== 'number'
          ? 'not a number'
          : Number.isNaN(value)
            ? 'not a number (NaN)'
            : !Number.isFinite(value)
              ? 'infinite value'
              : 'cannot be negative';
      diagnostics.error('E_BAD_NUMBER', `"${name}" expects a number (${unit}); ${problem}`, {
        ...at,
        expected: `a finite number ≥ 0 in ${unit}`,
        found: quoteFound(printed ?? JSON.stringify(value)),
      });
      continue;
    }
    metrics[key] = { value, unit, printed, line: at.line };
  }

  const errorsAfter = diagnostics.items.filter((d) => d.severity === 'error').length;
  return errorsAfter > errorsBefore ? undefined : metrics;
}

/** Column of a top-level key's value when the key occurs once on the line (nested objects may repeat it). */
function valueColumn(line: SourceLine, name: string): number | undefined {
  const pattern = new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:\\s*`, 'g');
  const matches = [...line.raw.matchAll(pattern)];
  return matches.length === 1 ? matches[0]!.index + matches[0]![0].length + 1 : undefined;
}
