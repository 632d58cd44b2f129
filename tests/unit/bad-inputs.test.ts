// A corpus of bad inputs: tests/fixtures/bad-guides/<case>/ holds only what differs from base/
// (a `<file>.delete` marker removes a file) and expected.txt, the exact report `npm run check`
// prints for it (UPDATE_GOLDEN=bad-guides rewrites them). Each case must fail with precisely that report and produce no guide.
import { globSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, sortDiagnostics } from '../../src/lib/diagnostics/diagnostics.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { expectGolden } from '../helpers/golden.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';

const root = join(import.meta.dirname, '../fixtures/bad-guides');
const id = 'tiny/h100';

function filesOf(dir: string): Map<string, string> {
  return new Map(
    globSync('**/*', { cwd: dir, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'expected.txt')
      .map((e) => {
        const path = relative(dir, join(e.parentPath, e.name));
        return [path, readFileSync(join(dir, path), 'utf8')] as const;
      }),
  );
}

function report(caseName: string) {
  const files = filesOf(join(root, 'base'));
  for (const [path, text] of filesOf(join(root, caseName))) {
    if (path.endsWith('.delete')) files.delete(path.slice(0, -'.delete'.length));
    else files.set(path, text);
  }
  const raw = [...files]
    .filter(([path]) => path.startsWith('raw/'))
    .map(([path, text]) => ({ path: path.slice(4), file: `data/raw/${id}/${path.slice(4)}`, text }));
  // As `npm run check` does: ingest reads the raw files alone.
  const ingested = ingestGuide(raw);
  const text = (name: string) =>
    files.has(name) ? { file: `content/guides/${id}/${name}`, text: files.get(name)! } : undefined;
  const ingestFailed = ingested.diagnostics.some((d) => d.severity === 'error');
  const built = ingestFailed
    ? undefined
    : buildGuide({
        id,
        yaml: text('guide.yaml'),
        runs: ingested.runs,
        prose: { en: text('en.md'), zh: text('zh.md') },
        // The build's today, fixed: a date after it is refused.
        today: '2026-12-04',
      });
  const diagnostics = sortDiagnostics([...ingested.diagnostics, ...(built?.diagnostics ?? [])]);
  return { guide: built?.guide, text: `${diagnostics.map(formatDiagnostic).join('\n')}\n` };
}

describe('the base of the bad-input corpus is itself valid', () => {
  it('builds without a diagnostic', () => {
    const result = report('base');
    expect(result.text).toBe('\n');
    expect(result.guide?.steps[0]?.winner).toBe('sglang');
  });
});

describe('bad inputs fail with a precise report', () => {
  for (const name of readdirSync(root)
    .filter((n) => n !== 'base')
    .sort()) {
    it(name, () => {
      const result = report(name);
      expect(result.guide).toBeUndefined();
      expect(result.text).toMatch(/error E_/);
      expectGolden(join(root, name, 'expected.txt'), result.text, 'bad-guides');
    });
  }
});
