// The catalogue of diagnostic codes (src/lib/diagnostics/codes.ts) is complete and alive: every code
// is reported somewhere in src/ or scripts/, and every code is expected by some test or golden file,
// so a code nothing emits, or one whose report no test pins down, fails here.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGEABLE_CODES, DIAGNOSTIC_CODES, type DiagnosticCode } from '../../src/lib/diagnostics/codes.ts';
import { GUIDE_CODES } from '../../src/lib/diagnostics/codes-guide.ts';
import { RAW_INPUT_CODES } from '../../src/lib/diagnostics/codes-raw-input.ts';

const repo = join(import.meta.dirname, '../..');
const codes = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];
const read = (patterns: string[], exclude: string[] = []) =>
  patterns
    .flatMap((pattern) => globSync(pattern, { cwd: repo }))
    .filter((path) => !exclude.includes(path))
    .map((path) => readFileSync(join(repo, path), 'utf8'))
    .join('\n');

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
    const raw = Object.keys(RAW_INPUT_CODES);
    expect(Object.keys(GUIDE_CODES).filter((code) => raw.includes(code))).toEqual([]);
  });

  const catalogue = globSync('src/lib/diagnostics/codes*.ts', { cwd: repo });
  expect(catalogue.length).toBe(3);
  const source = read(['src/**/*.ts', 'scripts/**/*.ts'], catalogue);
  it('has no code that nothing reports', () => {
    const unused = codes.filter((code) => !source.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });

  const expectations = read(
    ['tests/**/*.test.ts', 'tests/fixtures/**/expected.txt', 'tests/fixtures/**/expected.json'],
    ['tests/unit/diagnostic-codes.test.ts'],
  );
  it('has no code that no test or golden file expects', () => {
    const untested = codes.filter((code) => !new RegExp(`\\b${code}\\b`).test(expectations));
    expect(untested).toEqual([]);
  });
});
