import { quoteFound, type DiagnosticList } from '../diagnostics/diagnostics.ts';
import type { Unit } from '../schema/metric.ts';
import { atPointer, type JsonDocument, type JsonParseResult, type JsonValue } from '../json-text.ts';

/**
 * Reading metrics out of parsed JSON documents, shared by the JSON parsers: numbers at a JSON
 * pointer with their text and line (NaN, Infinity, strings and negatives refused by name), JSON
 * syntax errors as diagnostics, and where a value sits in the file.
 */

export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How the number at a pointer must look: its unit, and optionally a maximum or whole numbers. */
export type NumberSpec = {
  unit: Unit;
  max?: number;
  integer?: boolean;
  /** null means "not measured" here (vLLM, guidellm); elsewhere null is refused like any non-number */
  nullable?: boolean;
  /** why a string may stand where the number belongs, when the tool is known to write one */
  stringHint?: string;
};

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
    hint: atEnd ? 'the file ends inside a JSON value: it was cut off (killed run, partial copy or upload)' : undefined,
  });
}

export type JsonNumber = { value: number; printed: string; line: number };

/**
 * One parsed document with the file text it came from (for columns) and the file's diagnostics.
 * `lineOffset` places a document parsed from one line of a larger file (JSONL) at that line.
 */
export type JsonSource = { document: JsonDocument; text: string; diagnostics: DiagnosticList; lineOffset?: number };

/**
 * The number at `pointer` with its text as written and its line, or undefined when it is absent
 * (or null, where `spec.nullable`). Anything else that is not a finite number ≥ 0 within the
 * spec — NaN/Infinity as Python writes them, a string, a negative or out-of-range value — is an
 * E_BAD_NUMBER error at the value's line and column.
 */
export function jsonNumber(source: JsonSource, pointer: string, spec: NumberSpec): JsonNumber | undefined {
  const { document } = source;
  const value = atPointer(document.value, pointer);
  if (value === undefined || (value === null && spec.nullable)) return undefined;
  const documentLine = document.lines.get(pointer) ?? 1;
  const line = documentLine + (source.lineOffset ?? 0);
  const printed = document.numberTexts.get(pointer);
  const problem = numberProblem(value, spec);
  if (problem === undefined && typeof value === 'number' && printed !== undefined) return { value, printed, line };

  const fraction = spec.max === 1;
  const wanted = fraction ? 'a fraction from 0 to 1' : spec.integer ? 'a whole number ≥ 0' : `a number (${spec.unit})`;
  source.diagnostics.error('E_BAD_NUMBER', `${pointer} expects ${wanted}; ${problem ?? 'not a number'}`, {
    line,
    column: valueColumn(source.text, documentLine, pointer),
    expected: fraction
      ? 'a number from 0 to 1, e.g. 0.975'
      : spec.integer
        ? 'a whole number ≥ 0'
        : `a finite number ≥ 0 in ${spec.unit}`,
    found: typeof value === 'string' ? `the string ${quoteFound(value)}` : quoteFound(printed ?? JSON.stringify(value)),
    hint:
      typeof value === 'number' && !Number.isFinite(value)
        ? "Python's json module writes NaN/Infinity when a statistic had no samples (e.g. no successful request)"
        : typeof value === 'string'
          ? spec.stringHint
          : undefined,
  });
  return undefined;
}

/** Why `value` is not a number the spec allows, or undefined when it is one. */
function numberProblem(value: JsonValue, spec: NumberSpec): string | undefined {
  if (typeof value === 'string') return 'found a string';
  if (typeof value !== 'number')
    return `found ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}`;
  if (Number.isNaN(value)) return 'not a number (NaN)';
  if (!Number.isFinite(value)) return 'infinite value';
  if (value < 0) return 'cannot be negative';
  if (spec.max !== undefined && value > spec.max) return `above ${spec.max}`;
  if (spec.integer && !Number.isInteger(value)) return 'not a whole number';
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
  const [only] = matches;
  return matches.length === 1 && only ? only.index + only[0].length + 1 : undefined;
}

/** The text and lines of the value at `pointer` of a parsed document, as written in the file. */
export function jsonValueSpan(
  source: string,
  document: JsonDocument,
  pointer: string,
): { startLine: number; endLine: number; text: string } {
  const span = document.spans.get(pointer) ?? { start: 0, end: 0, startLine: document.line, endLine: document.line };
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
