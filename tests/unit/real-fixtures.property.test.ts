// Property: every real file of every format perflab claims passes its checks with no error, however
// the terminal or the copy around it carried it (CRLF line ends, a byte-order mark, trailing
// spaces). A real file is a raw result the repository's guides publish (data/raw) or a fixture
// folder whose README names where it comes from (`Repository:`, `Path:`, `Commit:` with the
// 40-digit commit): the folders are read from disk, so a new format's real fixtures join the
// property as they land. A check that refuses an unedited real file is a check fitted to other
// files (issue 33): a relation the tool's definition does not make exact.
import fc from 'fast-check';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { parseRawFile } from '../../src/lib/parse/index.ts';
import type { ParserModule } from '../../src/lib/parse/types.ts';
import { FormatIdSchema } from '../../src/lib/schema/run.ts';

const repo = join(import.meta.dirname, '../..');

/** A fixture folder's README that gives its origin: a repository, a path in it and a commit. */
const ORIGIN = [
  /^[-*]?\s*Repository:\s*`?[\w.-]+\/[\w.-]+`?/im,
  /^[-*]?\s*Path:\s*\S/im,
  /^[-*]?\s*Commit:\s*`?[0-9a-f]{40}`?/im,
];

const realFixtures = globSync('tests/fixtures/*/*/README.md', { cwd: repo })
  .filter((readme) => ORIGIN.every((line) => line.test(readFileSync(join(repo, readme), 'utf8'))))
  .flatMap((readme) => globSync(`${dirname(readme)}/input*`, { cwd: repo }))
  .sort();
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

  it('each is read by a reader perflab has, into at least one run, as it was written', () => {
    for (const path of [...realFixtures, ...published]) {
      const result = parseRawFile(read(path), { file: path });
      expect(result.runs.length, path).toBeGreaterThan(0);
      expect(errors(path, read(path)), path).toEqual([]);
    }
  });

  it('each real fixture is read as the format its folder is named after, or by the reader of that name', async () => {
    const ids: ReadonlySet<string> = new Set(FormatIdSchema.options);
    for (const path of realFixtures) {
      const folder = path.split('/')[2] ?? '';
      const module = join(repo, 'src/lib/parse', `${folder}.ts`);
      expect(ids.has(folder) || existsSync(module), `${path}: no format or reader is called ${folder}`).toBe(true);
      const { runs } = parseRawFile(read(path), { file: path });
      if (ids.has(folder)) for (const run of runs) expect(run.source.format, path).toBe(folder);
      else expect(((await import(module)) as ParserModule).detect(read(path)), path).toBe(true);
    }
  });

  it('each with a byte-order mark, CRLF line ends and trailing spaces all at once', () => {
    for (const path of [...realFixtures, ...published])
      expect(errors(path, carry(read(path), { crlf: true, bom: true, trailing: ' ' })), path).toEqual([]);
  });

  it('and however it was carried: CRLF, a byte-order mark, trailing spaces', () => {
    const files = [...realFixtures, ...published];
    fc.assert(
      fc.property(fc.constantFrom(...files), carried, (path, how) => {
        // JSON keeps its own whitespace: trailing spaces after a value are whitespace to it too.
        expect(errors(path, carry(read(path), how)), path).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
