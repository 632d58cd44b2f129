// Property: every real file of every format perflab claims passes its checks with no error, however
// the terminal or the copy around it carried it (CRLF line ends, a byte-order mark, trailing
// spaces). A real file is a raw result the repository's guides publish (data/raw) or a fixture
// folder whose README names where it comes from (`Repository:`, `Path:`, `Commit:` with the
// 40-digit commit): the folders are read from disk, so a new format's real fixtures join the
// property as they land. A check that refuses an unedited real file is a check fitted to other
// files (issue 33): a relation the tool's definition does not make exact. A derived fixture (a real
// report through another serializer, its README says `Derived from:`) must pass too, but is not
// counted as real; tests/helpers/fixture-origins.ts classes every fixture folder, and this test
// fails on one it cannot class.
import fc from 'fast-check';
import { cpSync, existsSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { PARSERS, parseRawFile } from '../../src/lib/parse/index.ts';
import type { ParserModule } from '../../src/lib/parse/types.ts';
import { FormatIdSchema } from '../../src/lib/schema/run.ts';
import { classifyFixtureFolders } from '../helpers/fixture-origins.ts';

const repo = join(import.meta.dirname, '../..');

/** Every fixture folder of a format perflab reads: named after a format id or after a reader. */
const formats = [...new Set([...FormatIdSchema.options, ...Object.keys(PARSERS)])].sort();
const folders = classifyFixtureFolders(repo, formats);
const realFixtures = folders.filter((f) => f.kind === 'real').flatMap((f) => f.inputs);
const derivedFixtures = folders.filter((f) => f.kind === 'derived').flatMap((f) => f.inputs);
const published = globSync('data/raw/**/*.{txt,log,json,jsonl}', { cwd: repo }).sort();

const read = (path: string) => readFileSync(join(repo, path), 'utf8');

/** Every error a file gets: from its reader (the parser's own consistency checks) and from plausibility. */
function errors(path: string, text: string): string[] {
  const result = parseRawFile(text, { file: path });
  return [...result.diagnostics, ...result.runs.flatMap((run) => checkRunPlausibility(run))]
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.file}:${d.line}: ${d.code}: ${d.message}`);
}

/** What carrying a file through a terminal, an editor or a web page does to it, numbers untouched. */
const carried = fc.record({ crlf: fc.boolean(), bom: fc.boolean(), trailing: fc.constantFrom('', ' ', '   ', '\t') });
function carry(text: string, how: { crlf: boolean; bom: boolean; trailing: string }): string {
  // A CRLF file is split at CRLF: the spaces go before the line end, as an editor adds them, not after its CR.
  const lines = text.split(/\r?\n/).map((line) => (line === '' ? line : `${line}${how.trailing}`));
  return `${how.bom ? '\uFEFF' : ''}${lines.join(how.crlf ? '\r\n' : '\n')}`;
}

describe('every real file of every claimed format passes check with no error', () => {
  it('there are real fixtures (a README naming their origin) and published raw files', () => {
    expect(realFixtures.length).toBeGreaterThan(0);
    expect(published.length).toBeGreaterThan(150);
    expect(existsSync(join(repo, 'tests/fixtures/guidellm-json/synchronous-warmup-cooldown/input.json'))).toBe(true);
    expect(realFixtures).toContain('tests/fixtures/guidellm-json/synchronous-warmup-cooldown/input.json');
  });

  it('every fixture folder is real, derived or composed, and a derived one is not counted as real', () => {
    expect(folders.filter((f) => f.kind === 'uncovered')).toEqual([]);
    expect(derivedFixtures).toContain('tests/fixtures/guidellm-yaml/synchronous-warmup-cooldown/input.yaml');
    expect(realFixtures).not.toContain('tests/fixtures/guidellm-yaml/synchronous-warmup-cooldown/input.yaml');
  });

  it('a planted folder the property would miss is named: a part origin, no input file, one level too deep', () => {
    const root = mkdtempSync(join(tmpdir(), 'fixture-origins-'));
    try {
      cpSync(join(repo, 'tests/fixtures/guidellm-json'), join(root, 'tests/fixtures/guidellm-json'), {
        recursive: true,
      });
      const plant = (folder: string, files: Record<string, string>) => {
        mkdirSync(join(root, 'tests/fixtures', folder), { recursive: true });
        for (const [name, text] of Object.entries(files))
          writeFileSync(join(root, 'tests/fixtures', folder, name), text);
      };
      const origin = '- Repository: `a/b`\n- Path: `out.json`\n';
      plant('guidellm-json/no-commit', { 'README.md': origin, 'input.json': '{}' });
      plant('guidellm-json/named-otherwise', {
        'README.md': `${origin}- Commit: \`${'0'.repeat(40)}\`\n`,
        'report.json': '{}',
      });
      plant('guidellm-json/outer/inner', { 'README.md': '# composed', 'input.json': '{}' });
      const uncovered = classifyFixtureFolders(root, ['guidellm-json']).filter((f) => f.kind === 'uncovered');
      expect(uncovered.map((f) => f.folder)).toEqual([
        'guidellm-json/named-otherwise',
        'guidellm-json/no-commit',
        'guidellm-json/outer/inner',
      ]);
      expect(uncovered.map((f) => f.why)).toEqual([
        'a real folder with no input* file',
        'its README names 2 of repository, path and 40-digit commit, and says neither "Derived from:" nor "Composed:"',
        'a folder below tests/fixtures/<format>/<case>/',
      ]);
      const real = classifyFixtureFolders(root, ['guidellm-json']).filter((f) => f.kind === 'real');
      expect(real.map((f) => f.folder)).toEqual(['guidellm-json/synchronous-warmup-cooldown']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('each is read by a reader perflab has, into at least one run, as it was written', () => {
    for (const path of [...realFixtures, ...derivedFixtures, ...published]) {
      const result = parseRawFile(read(path), { file: path });
      expect(result.runs.length, path).toBeGreaterThan(0);
      expect(errors(path, read(path)), path).toEqual([]);
    }
  });

  it('each real fixture is read as the format its folder is named after, or by the reader of that name', async () => {
    const ids: ReadonlySet<string> = new Set(FormatIdSchema.options);
    for (const path of [...realFixtures, ...derivedFixtures]) {
      const folder = path.split('/')[2] ?? '';
      const module = join(repo, 'src/lib/parse', `${folder}.ts`);
      expect(ids.has(folder) || existsSync(module), `${path}: no format or reader is called ${folder}`).toBe(true);
      const { runs } = parseRawFile(read(path), { file: path });
      if (ids.has(folder)) for (const run of runs) expect(run.source.format, path).toBe(folder);
      else expect(((await import(module)) as ParserModule).detect(read(path)), path).toBe(true);
    }
  });

  it('each with a byte-order mark, CRLF line ends and trailing spaces all at once', () => {
    for (const path of [...realFixtures, ...derivedFixtures, ...published])
      expect(errors(path, carry(read(path), { crlf: true, bom: true, trailing: ' ' })), path).toEqual([]);
  });

  it('and however it was carried: CRLF, a byte-order mark, trailing spaces', () => {
    const files = [...realFixtures, ...derivedFixtures, ...published];
    fc.assert(
      fc.property(fc.constantFrom(...files), carried, (path, how) => {
        // JSON keeps its own whitespace: trailing spaces after a value are whitespace to it too.
        expect(errors(path, carry(read(path), how)), path).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
