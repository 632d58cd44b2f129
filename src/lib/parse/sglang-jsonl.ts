import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { distributionKey, type ScalarId, type Unit } from '../schema/metric.ts';
import { parseJsonDocuments, pointerEscape, type JsonDocument } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonObject, type JsonSource } from './json-source.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';

/**
 * Parser for the `--output-file` JSONL of SGLang's `python -m sglang.bench_serving`
 * (docs/formats.md, sglang-jsonl): the file is opened in append mode, one `json.dumps(result)` line per
 * run. Each line is read on its own so one damaged line does not hide the others.
 */

type KeySpec = { id: ScalarId; unit: Unit };

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

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'SGLang `bench_serving --output-file` JSONL';

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
    const record = document.value;
    const source: JsonSource = { document, text: line.raw, diagnostics, lineOffset: line.line - 1 };
    const metrics = diagnostics.unlessErrors(() => readMetrics(record, source));
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
function readLine(line: SourceLine, diagnostics: DiagnosticList): (JsonDocument & { value: JsonObject }) | undefined {
  const parsed = parseJsonDocuments(line.raw);
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
  if (!document || more.length > 0) {
    diagnostics.error('E_JSON', 'several JSON documents on one line', {
      line: line.line,
      expected: 'one JSON object per line',
      found: quoteFound(line.raw),
    });
    return undefined;
  }
  const value = document.value;
  if (!isJsonObject(value)) {
    diagnostics.error('E_SCHEMA', 'a result line must be a JSON object', {
      line: line.line,
      expected: 'an object like {"backend": "sglang", "duration": …}',
      found: quoteFound(line.raw),
    });
    return undefined;
  }
  return { ...document, value };
}

function readMetrics(record: JsonObject, source: JsonSource): RunMetrics {
  const metrics: RunMetrics = {};
  for (const [name, value] of Object.entries(record)) {
    if (NOT_METRICS.has(name) || value === null) continue;
    // `--request-rate inf` (the default) and `trace` mean no configured rate.
    if (name === 'request_rate' && (value === 'trace' || value === Infinity)) continue;
    const distribution = DISTRIBUTION_KEY.exec(name);
    const scalar = SCALAR_KEYS[name];
    const key = scalar
      ? scalar.id
      : distribution
        ? distributionKey(distribution[3] ?? '', distribution[1] ?? '')
        : undefined;
    const unit = scalar ? scalar.unit : 'ms';
    if (key === undefined) {
      // Numbers under a new key may be a renamed metric; strings and objects are arguments.
      if (typeof value === 'number') {
        source.diagnostics.warning('W_UNKNOWN_KEY', `unknown numeric key "${name}"; skipped`, {
          line: (source.lineOffset ?? 0) + 1,
          column: valueColumn(source.text, name),
          expected: 'a key such as "total_throughput" or "p99_ttft_ms"',
          found: quoteFound(name),
        });
      }
      continue;
    }
    const number = jsonNumber(source, `/${pointerEscape(name)}`, { unit });
    if (number) metrics[key] = { ...number, unit };
  }
  return metrics;
}

/** Column of a top-level key's value when the key occurs once on the line (nested objects may repeat it). */
function valueColumn(text: string, name: string): number | undefined {
  const pattern = new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:\\s*`, 'g');
  const matches = [...text.matchAll(pattern)];
  const [only] = matches;
  return matches.length === 1 && only ? only.index + only[0].length + 1 : undefined;
}
