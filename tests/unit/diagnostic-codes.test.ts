// The catalogue of diagnostic codes (src/lib/diagnostics/codes.ts) is complete and alive: every code
// is expected to be produced by a golden file or a test assertion, so a code nothing emits, or one
// whose report no test pins down, fails here. A code's name merely standing in a test (an acknowledgement in a guide.yaml the test writes,
// a comment, the subject of an expect) does not count.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGEABLE_CODES, DIAGNOSTIC_CODES, type DiagnosticCode } from '../../src/lib/diagnostics/codes.ts';
import { GUIDE_CODES } from '../../src/lib/diagnostics/codes-guide.ts';
import { LAB_CODES } from '../../src/lib/diagnostics/codes-lab.ts';
import { RAW_INPUT_CODES } from '../../src/lib/diagnostics/codes-raw-input.ts';

const repo = join(import.meta.dirname, '../..');
const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

const CODE = /\b[EW]_[A-Z0-9_]+\b/g;

/** Codes of the diagnostics in a golden `expected*.txt` report: `file:line:col: error CODE: …` lines. */
function codesInReport(text: string): string[] {
  return [...text.matchAll(/^\S[^\n]*?: (?:error|warning) ([EW]_[A-Z0-9_]+): /gm)].map((m) => m[1]!);
}

/** Codes of the diagnostics in a golden `expected.json`: objects with a `code` and a `severity`. */
function codesInJson(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(codesInJson);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  const own = typeof object.code === 'string' && typeof object.severity === 'string' ? [object.code] : [];
  return [...own, ...Object.values(object).flatMap(codesInJson)];
}

/**
 * Codes a test asserts: named in the arguments of a matcher of `expect(…)` (`.toBe('E_X')`,
 * `.toContain(…)`, `.toEqual([{ code: 'E_X' }])`, `.toMatch(/E_X/)`), not negated by `.not`.
 */
function codesInAssertions(source: string, fileName = 'test.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      let subject: ts.Expression = node.expression.expression;
      let negated = false;
      while (ts.isPropertyAccessExpression(subject)) {
        if (subject.name.text === 'not') negated = true;
        subject = subject.expression;
      }
      const isExpect =
        ts.isCallExpression(subject) && ts.isIdentifier(subject.expression) && subject.expression.text === 'expect';
      if (isExpect && !negated)
        for (const argument of node.arguments) found.push(...(argument.getText(file).match(CODE) ?? []));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function expectedCodes(): Set<string> {
  const files = (pattern: string) =>
    globSync(pattern, { cwd: repo }).map((path) => ({ path, text: readFileSync(join(repo, path), 'utf8') }));
  return new Set([
    ...files('tests/fixtures/**/expected*.txt').flatMap(({ text }) => codesInReport(text)),
    ...files('tests/fixtures/**/expected.json').flatMap(({ text }) => codesInJson(JSON.parse(text))),
    ...files('tests/**/*.test.ts')
      .filter(({ path }) => !path.endsWith('diagnostic-codes.test.ts'))
      .flatMap(({ path, text }) => codesInAssertions(text, path)),
  ]);
}

describe('what counts as expecting a code', () => {
  it('a matcher’s argument, not the subject of expect, a negated matcher, or text elsewhere', () => {
    const source = `
      const yaml = 'acknowledge: [{ code: W_STORY_START }]'; // E_COMMENT
      expect(codes).toContain('E_ONE');
      expect(report).toMatch(/error E_TWO:/);
      expect(diagnostics).toEqual([expect.objectContaining({ code: 'W_THREE' })]);
      expect(output).not.toContain('E_NEGATED');
      expect(DIAGNOSTIC_CODES.E_SUBJECT.severity).toBe('error');
      expect.soft(x);
    `;
    expect(codesInAssertions(source)).toEqual(['E_ONE', 'E_TWO', 'W_THREE']);
  });

  it('a golden report’s diagnostic lines, not a code named inside a message', () => {
    const report =
      'guide.yaml:24:5: error E_STALE_ACKNOWLEDGEMENT: acknowledges W_PEAK_BELOW_MEAN on x.txt\n  expected: E_NOT\n';
    expect(codesInReport(report)).toEqual(['E_STALE_ACKNOWLEDGEMENT']);
    expect(
      codesInJson({ diagnostics: [{ code: 'E_BAD_NUMBER', severity: 'error' }], other: { code: 'E_NOT' } }),
    ).toEqual(['E_BAD_NUMBER']);
  });
});

describe('diagnostic code catalogue', () => {
  it('gives every code a severity matching its prefix, a one-line meaning and a hint', () => {
    for (const code of codes) {
      const info = DIAGNOSTIC_CODES[code];
      expect(info.severity, code).toBe(code.startsWith('E_') ? 'error' : 'warning');
      expect(info.meaning, code).toMatch(/^[^\n]{10,}$/);
      expect(info.hint, code).toMatch(/^[^\n]{10,}$/);
    }
  });

  it('lists only warnings a guide can acknowledge as acknowledgeable', () => {
    for (const code of ACKNOWLEDGEABLE_CODES) expect(DIAGNOSTIC_CODES[code].severity).toBe('warning');
  });

  it('defines each code in one part of the catalogue only', () => {
    const parts = [RAW_INPUT_CODES, GUIDE_CODES, LAB_CODES].map((part) => Object.keys(part));
    const all = parts.flat();
    expect(all.filter((code, i) => all.indexOf(code) !== i)).toEqual([]);
  });

  // A code some golden or assertion expects to be produced is one something reports: no search
  // of src/ for the code's name is needed (nor would one show that the code is reported).
  it('has no code that no golden file or test assertion expects to be produced', () => {
    const expected = expectedCodes();
    expect(codes.filter((code) => !expected.has(code))).toEqual([]);
  });
});
