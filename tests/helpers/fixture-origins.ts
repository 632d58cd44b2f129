// Where each parser fixture comes from, read from its folder's README, so that the real-fixtures
// property (tests/unit/real-fixtures.property.test.ts) knows which inputs are real and can prove it
// left no folder out. Every folder under tests/fixtures/<format>/ is exactly one of:
// - real: its README names the repository, the path and the 40-digit commit of the file;
// - derived: its README says `Derived from:` — a real file passed through something else (a
//   serializer, a converter): it must pass check too, but it is not a file found in the wild;
// - composed: a parser test case written by hand, a case folder with no README, or one whose README
//   says `Composed:`.
// Anything else is uncovered: a README that names part of an origin, a real folder with no input*
// file for the property to read, a folder deeper than tests/fixtures/<format>/<case>/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type FixtureKind = 'real' | 'derived' | 'composed';

export interface FixtureFolder {
  /** The folder, relative to the root given, with `/` separators. */
  readonly folder: string;
  readonly kind: FixtureKind | 'uncovered';
  /** Its input* files (the files the property reads), relative to the root. */
  readonly inputs: readonly string[];
  /** Why a folder is uncovered. */
  readonly why?: string;
}

/** The three lines of a real file's origin. */
const ORIGIN = [
  /^[-*]?\s*Repository:\s*`?[\w.-]+\/[\w.-]+`?/im,
  /^[-*]?\s*Path:\s*\S/im,
  /^[-*]?\s*Commit:\s*`?[0-9a-f]{40}`?/im,
];
const DERIVED = /^[-*]?\s*Derived from:\s*\S/im;
const COMPOSED = /^[-*]?\s*Composed:\s*\S/im;

/**
 * Every folder under `<root>/tests/fixtures/<format>/` for the formats given, with its kind. The
 * format folder itself may hold a README and shared files (a schema); its case folders are classed.
 */
export function classifyFixtureFolders(root: string, formats: readonly string[]): FixtureFolder[] {
  const folders: FixtureFolder[] = [];
  for (const format of formats) {
    const base = join(root, 'tests/fixtures', format);
    for (const entry of safeEntries(base)) if (entry.isDirectory()) walk(root, join(base, entry.name), 2, folders);
  }
  return folders.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
}

function walk(root: string, dir: string, depth: number, out: FixtureFolder[]): void {
  const entries = safeEntries(dir);
  const folder = relative(join(root, 'tests/fixtures'), dir).split('\\').join('/');
  const inputs = entries
    .filter((entry) => entry.isFile() && entry.name.startsWith('input'))
    .map((entry) => relative(root, join(dir, entry.name)).split('\\').join('/'))
    .sort();
  for (const entry of entries) if (entry.isDirectory()) walk(root, join(dir, entry.name), depth + 1, out);
  if (!entries.some((entry) => entry.isFile())) return;
  if (depth > 2) {
    out.push({ folder, kind: 'uncovered', inputs, why: 'a folder below tests/fixtures/<format>/<case>/' });
    return;
  }
  out.push(
    classify(
      folder,
      inputs,
      entries.some((entry) => entry.name === 'README.md') ? readFileSync(join(dir, 'README.md'), 'utf8') : undefined,
    ),
  );
}

function classify(folder: string, inputs: readonly string[], readme: string | undefined): FixtureFolder {
  if (readme === undefined || COMPOSED.test(readme)) return { folder, kind: 'composed', inputs };
  if (DERIVED.test(readme)) return { folder, kind: 'derived', inputs };
  const named = ORIGIN.filter((line) => line.test(readme)).length;
  if (named === ORIGIN.length && inputs.length > 0) return { folder, kind: 'real', inputs };
  if (named === ORIGIN.length) return { folder, kind: 'uncovered', inputs, why: 'a real folder with no input* file' };
  return {
    folder,
    kind: 'uncovered',
    inputs,
    why: `its README names ${named} of repository, path and 40-digit commit, and says neither "Derived from:" nor "Composed:"`,
  };
}

function safeEntries(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}
