import { quoteFound, type Diagnostic, type DiagnosticList } from '../diagnostics/diagnostics.ts';
import type { MetricId, Unit } from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { atPointer, type JsonDocument, type JsonParseResult, type JsonValue } from './json-text.ts';

/**
 * Reading metrics out of parsed JSON documents, shared by the JSON parsers: numbers at a JSON
 * pointer with their text and line (NaN, Infinity, strings and negatives refused by name), JSON
 * syntax errors as diagnostics, and where a value sits in the file.
 */

export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type JsonMetricSpec = { id: MetricId; unit: Unit; max?: number; integer?: boolean };

export function reportJsonError(
  error: Extract<JsonParseResult, { ok: false }>,
  diagnostics: DiagnosticList,
  expected: string,
): void {
  const atEnd = error.found === '""';
  diagnostics.error('E_JSON', `invalid JSON: ${error.message}`, {
    line: error.line,
    column: error.column,
    expected,
    found: atEnd ? 'end of file' : error.found,
    ...(atEnd
      ? { hint: 'the file ends inside a JSON value: it was cut off (killed run, partial copy or upload)' }
      : {}),
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
export function jsonNumber(
  source: JsonSource,
  pointer: string,
  unit: Unit,
  stringHint?: string,
): JsonNumber | undefined {
  const { document } = source;
  const value = atPointer(document.value, pointer);
  if (value === undefined || value === null) return undefined;
  const line = document.lines.get(pointer)!;
  const printed = document.numberTexts.get(pointer);
  if (typeof value === 'number' && printed !== undefined && Number.isFinite(value) && value >= 0)
    return { value, printed, line };

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
  const hint =
    typeof value === 'number' && !Number.isFinite(value)
      ? "Python's json module writes NaN/Infinity when a statistic had no samples (e.g. no successful request)"
      : typeof value === 'string'
        ? stringHint
        : undefined;
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
  const key = pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
  const quoted = JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const matches = [...lineText.matchAll(new RegExp(`${quoted}\\s*:\\s*`, 'g'))];
  return matches.length === 1 ? matches[0]!.index + matches[0]![0].length + 1 : undefined;
}

/** The text and lines of the value at `pointer` of a parsed document, as written in the file. */
export function jsonValueSpan(
  source: string,
  document: JsonDocument,
  pointer: string,
): { startLine: number; endLine: number; text: string } {
  const span = document.spans.get(pointer)!;
  return {
    startLine: span.startLine,
    endLine: span.endLine,
    text: source.slice(span.start, span.end).replace(/\r\n/g, '\n'),
  };
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

export function errorCount(diagnostics: DiagnosticList): number {
  return diagnostics.items.filter((d) => d.severity === 'error').length;
}

export function jsonError(json: Extract<JsonParseResult, { ok: false }>, file: string): Diagnostic {
  return {
    severity: 'error',
    code: 'E_JSON',
    file,
    line: json.line,
    column: json.column,
    message: `invalid JSON: ${json.message}`,
    expected: 'valid JSON',
    found: json.found,
  };
}

/**
 * The number at `pointer` as a metric (its text as written, its line), or undefined when it is
 * absent or refused (NaN, Infinity, a string, negative, out of range: E_BAD_NUMBER).
 */
export function readJsonMetric(
  doc: JsonDocument,
  pointer: string,
  spec: JsonMetricSpec,
  diagnostics: DiagnosticList,
): MetricValue | undefined {
  const value = atPointer(doc.value, pointer);
  if (value === undefined) return undefined;
  const printed = doc.numberTexts.get(pointer);
  const line = doc.lines.get(pointer)!;
  if (
    typeof value === 'number' &&
    printed !== undefined &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= (spec.max ?? Infinity) &&
    (!spec.integer || Number.isInteger(value))
  ) {
    return { value, unit: spec.unit, printed, line };
  }
  const expected =
    spec.max === 1 ? 'a fraction from 0 to 1' : spec.integer ? 'a whole number ≥ 0' : `a number ≥ 0 in ${spec.unit}`;
  diagnostics.error('E_BAD_NUMBER', `${pointer} expects ${expected}`, {
    line,
    expected: spec.max === 1 ? `${expected}, e.g. 0.975` : expected,
    found: typeof value === 'string' ? `the string ${quoteFound(value)}` : quoteFound(printed ?? JSON.stringify(value)),
  });
  return undefined;
}
