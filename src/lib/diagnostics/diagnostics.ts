import { byCodeUnit } from '../code-unit-order.ts';
import { codeInfo, type DiagnosticCode, type ErrorCode, type WarningCode } from './codes.ts';

export type { DiagnosticCode, ErrorCode, WarningCode };

/** Where a problem is and what was expected and found there; every field is optional. */
export type DiagnosticDetail = {
  line?: number | undefined;
  column?: number | undefined;
  expected?: string | undefined;
  found?: string | undefined;
  hint?: string | undefined;
};

type DiagnosticBase = { file: string; message: string } & DiagnosticDetail;

/**
 * One problem found in an input file, rendered compiler-style as `file:line:col: severity CODE: …`.
 * The severity is the one the code has in the catalogue (codes.ts).
 */
export type Diagnostic =
  | (DiagnosticBase & { severity: 'error'; code: ErrorCode })
  | (DiagnosticBase & { severity: 'warning'; code: WarningCode });

/** An error at `file`, with only the details that are known (no `undefined` fields). */
export function errorAt(code: ErrorCode, file: string, message: string, detail: DiagnosticDetail = {}): Diagnostic {
  return { severity: 'error', code, file, message, ...definedOnly(detail) };
}

export function warningAt(code: WarningCode, file: string, message: string, detail: DiagnosticDetail = {}): Diagnostic {
  return { severity: 'warning', code, file, message, ...definedOnly(detail) };
}

const DETAIL_KEYS = ['line', 'column', 'expected', 'found', 'hint'] as const;

/** The detail fields that are set, and no others (a spread diagnostic brings its code and severity). */
function definedOnly(detail: DiagnosticDetail): DiagnosticDetail {
  const out: DiagnosticDetail = {};
  for (const key of DETAIL_KEYS) if (detail[key] !== undefined) Object.assign(out, { [key]: detail[key] });
  return out;
}

/** Collects the problems of one file so a caller can report all of them at once. */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  error(code: ErrorCode, message: string, detail: DiagnosticDetail = {}): void {
    this.items.push(errorAt(code, this.file, message, detail));
  }

  warning(code: WarningCode, message: string, detail: DiagnosticDetail = {}): void {
    this.items.push(warningAt(code, this.file, message, detail));
  }

  get hasErrors(): boolean {
    return hasErrors(this.items);
  }

  /**
   * Runs `read` and returns what it read, or undefined when it reported an error: a value read
   * while reporting an error is not to be used, even if `read` returned one.
   */
  unlessErrors<T>(read: () => T): T | undefined {
    const before = errorCount(this.items);
    const value = read();
    return errorCount(this.items) > before ? undefined : value;
  }
}

function errorCount(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.filter((d) => d.severity === 'error').length;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Escapes control characters and shortens a found value for a one-line message. */
export function quoteFound(text: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
  const escaped = text.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return JSON.stringify(escaped.length > max ? `${escaped.slice(0, max)}…` : escaped);
}

/**
 * Control characters (C0, DEL, C1), Unicode line breaks and direction overrides: what could start a
 * line or a terminal sequence, or show a message in another order than it is written.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether `text` holds any of those (a file name that must not be printed as it is). */
export function hasControls(text: string): boolean {
  return text.search(CONTROLS) !== -1;
}

/**
 * `text` with each of those written as an escape (`\x0a`, `\x1b`, `\u202e`): printed to a terminal
 * it is one line, shown in its own order, and it sets no colour, title or clipboard (OSC 52).
 */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/**
 * `file:line:col: error CODE: message` plus indented expected/found/hint lines. Without a hint of
 * its own, a diagnostic shows its code's default hint from the catalogue. Every part is
 * terminalText: a file name or quoted value with a line break cannot forge another diagnostic.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place = [d.file, d.line, d.line !== undefined ? d.column : undefined].filter((p) => p !== undefined).join(':');
  const lines = [`${place}: ${d.severity} ${d.code}: ${d.message}`];
  if (d.expected !== undefined) lines.push(`  expected: ${d.expected}`);
  if (d.found !== undefined) lines.push(`  found: ${d.found}`);
  lines.push(`  hint: ${d.hint ?? codeInfo(d.code).hint}`);
  return lines.map(terminalText).join('\n');
}

/** By file, line, column and code, so reports are stable. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      byCodeUnit(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      byCodeUnit(a.code, b.code),
  );
}
