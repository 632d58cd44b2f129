// A clone holds everything its documents point to: every link of the README, CONTRIBUTING and
// docs/ resolves inside the repository, every source path they name exists, and nothing points
// outside the repository but the published pages some tests read when they are there.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const documents = [
  'README.md',
  'CONTRIBUTING.md',
  'tests/fixtures/samples/README.md',
  ...globSync('docs/**/*.md', { cwd: repoRoot }),
].sort();
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
/** The one place outside the repository a document may name: optional data, skipped without it. */
const OUTSIDE_ALLOWED = /^\.\.\/shared\/corpus(\/pages)?\/?$/;

describe('what the documents point to is in the repository', () => {
  it('reads the documents, docs/formats.md among them', () => expect(documents).toContain('docs/formats.md'));

  for (const document of documents) {
    it(`${document}: every link resolves inside the repository`, () => {
      const broken = [...read(document).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
        .filter((target) => {
          const path = normalize(join(dirname(document), target));
          return path.startsWith('..') || !existsSync(join(repoRoot, path));
        });
      expect(broken).toEqual([]);
    });

    it(`${document}: every source path it names exists, and nothing outside the repository but the corpus`, () => {
      const named = [...read(document).matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
      const outside = named.filter((t) => t.startsWith('../') && !OUTSIDE_ALLOWED.test(t));
      const missing = named
        .filter((t) => /^(src|tests|docs|scripts|\.github|\.ci)\//.test(t) && !/[<*{…]/.test(t))
        .map((t) => t.replace(/[:#].*$/, ''))
        .filter((t) => !existsSync(join(repoRoot, t)));
      expect({ outside, missing }).toEqual({ outside: [], missing: [] });
    });
  }
});
