import type { Diagnostic } from '../schema/diagnostic.ts';

export type { Diagnostic };

/** Collects the problems of one file so a caller can report all of them at once. */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  error(code: string, message: string, at: Partial<Omit<Diagnostic, 'severity' | 'code' | 'file' | 'message'>> = {}) {
    this.items.push({ severity: 'error', code, file: this.file, message, ...at });
  }

  warning(code: string, message: string, at: Partial<Omit<Diagnostic, 'severity' | 'code' | 'file' | 'message'>> = {}) {
    this.items.push({ severity: 'warning', code, file: this.file, message, ...at });
  }

  /** How many errors so far: take it before reading a value, compare after, to tell whether that value failed. */
  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Escapes control characters and shortens a found value for a one-line message. */
export function quoteFound(text: string, max = 120): string {
  const escaped = text.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return JSON.stringify(escaped.length > max ? `${escaped.slice(0, max)}…` : escaped);
}

/** `file:line:col: error CODE: message` plus indented expected/found/hint lines. */
export function formatDiagnostic(d: Diagnostic): string {
  const place = [d.file, d.line, d.line !== undefined ? d.column : undefined].filter((p) => p !== undefined).join(':');
  const lines = [`${place}: ${d.severity} ${d.code}: ${d.message}`];
  if (d.expected !== undefined) lines.push(`  expected: ${d.expected}`);
  if (d.found !== undefined) lines.push(`  found: ${d.found}`);
  if (d.hint !== undefined) lines.push(`  hint: ${d.hint}`);
  return lines.join('\n');
}

/** Errors first, then by file and line, so reports are stable. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.code.localeCompare(b.code),
  );
}
