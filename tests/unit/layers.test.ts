// The layers a newcomer reads from the folder names (README, "Layout"): scripts/ are thin command
// lines over src/pipeline and src/bench, nothing under src/ imports scripts/, src/lib touches no
// disk or process, and src/pipeline is the only layer that reads and writes the site's files: the
// Astro loaders in src/content read through what they are given, and lib/view computes nothing.
// Inside src/lib each folder has a rank, and no file of src/ imports itself round a circle.
import { globSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const files = (pattern: string) => globSync(pattern, { cwd: repoRoot }).sort();
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
/** Every module a file imports, statically or dynamically, as written. */
const importsOf = (text: string) =>
  [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? '');

/**
 * The folders of src/lib from the ground up (README, "Layout"); `.` is the files of src/lib itself.
 * A file imports only from its own folder or from one of a lower rank, so no arrow runs back up.
 */
const LIB_RANKS: Record<string, number> = {
  // helpers that know nothing of benchmarks: text, order, hashes, dates, locales, JSON with lines
  '.': 0,
  // diagnostics and their catalogue; serving commands as words; the bench's pure figures
  diagnostics: 1,
  serving: 1,
  bench: 1,
  // the zod schemas of every input and output
  schema: 2,
  // numbers and names as a page writes them; guide.yaml and prose read; records; Benchmark Reports
  format: 3,
  'guide-source': 3,
  record: 3,
  'benchmark-report': 3,
  // raw files read; the measurement plan; chart specs
  parse: 4,
  plan: 4,
  chart: 4,
  // a guide's raw folder into runs
  ingest: 5,
  // runs and guide.yaml into the computed guide; the published JSON contract
  compute: 6,
  api: 6,
  // what a page shows
  view: 7,
  // the tools over it all: the review report, the migration of published pages
  review: 8,
  import: 8,
};

/** Every file of src/ with what it imports of src/ (relative imports, resolved; type imports too). */
function importGraph(paths: readonly string[], textOf: (path: string) => string): Map<string, string[]> {
  const known = new Set(paths);
  return new Map(
    paths.map((path) => [
      path,
      importsOf(textOf(path))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => posix.join(dirname(path), spec))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The files that import each other round a circle: each strongly connected group of two or more (Tarjan). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** `src/lib/compute/steps.ts` → `compute`; a file of src/lib itself → `.` */
const libFolder = (path: string) => {
  const parts = path.slice('src/lib/'.length).split('/');
  return parts.length > 1 ? parts[0]! : '.';
};

/**
 * The imports of `paths` that a rule forbids, each as `<file> imports <module>`: `forbidden` is
 * asked of every module a file names, relative ones resolved against the file (`src/…`).
 */
function forbiddenImports(
  paths: readonly string[],
  textOf: (path: string) => string,
  forbidden: (module: string) => boolean,
): string[] {
  return paths.flatMap((path) =>
    importsOf(textOf(path))
      .map((spec) => (spec.startsWith('.') ? posix.join(dirname(path), spec) : spec))
      .filter(forbidden)
      .map((module) => `${path} imports ${module}`),
  );
}

/** src/content reads and renders: no file I/O of its own, and nothing of the pipeline (README, "Layout"). */
const contentRule = (module: string) => /^node:fs(\/|$)/.test(module) || module.startsWith('src/pipeline/');
/**
 * An .astro file lays out a view: what a page computes or writes as a number comes from lib/view.
 * The one exception is compute/renames.ts, which lists a renamed guide's former routes (getStaticPaths).
 */
const astroRule = (module: string) =>
  module.startsWith('src/lib/format/') ||
  (module.startsWith('src/lib/compute/') && module !== 'src/lib/compute/renames.ts');
/** lib/view shows what compute wrote: it computes nothing again (compute's choices are in data/). */
const viewRule = (module: string) => module.startsWith('src/lib/compute/');

describe('layers', () => {
  it('finds the imports it checks (the reader below is not blind)', () => {
    expect(importsOf(read('scripts/ingest.ts'))).toEqual(['../src/pipeline/ingest.ts', '../src/pipeline/cli-help.ts']);
    expect(importsOf(read('src/pipeline/ingest.ts'))).toContain('./ingest-one.ts');
  });

  it('scripts/ are thin: none over 80 lines', () => {
    const long = files('scripts/*.ts').filter((path) => read(path).split('\n').length > 80);
    expect(long).toEqual([]);
  });

  it('nothing under src/ imports scripts/', () => {
    const offenders = files('src/**/*.{ts,astro,mjs}').filter((path) =>
      importsOf(read(path)).some((spec) => /(^|\/)scripts\//.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('src/lib is pure: no file system, processes, threads or network', () => {
    const impure = /^node:(fs|child_process|worker_threads|net|http|https|os)(\/|$)/;
    const offenders = files('src/lib/**/*.ts').flatMap((path) =>
      importsOf(read(path))
        .filter((spec) => impure.test(spec) || /(^|\/)(pipeline|bench)\//.test(spec))
        .map((spec) => `${path} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('.astro files lay out: they read no files', () => {
    const offenders = files('src/**/*.astro').filter((path) =>
      importsOf(read(path)).some((spec) => /^node:fs/.test(spec) || /(^|\/)pipeline\//.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('.astro files lay out: they import nothing that computes or formats (lib/compute, lib/format)', () => {
    const pages = files('src/**/*.astro');
    expect(pages).toContain('src/pages/[lang]/guides/[...guide].astro');
    expect(forbiddenImports(pages, read, astroRule)).toEqual([]);
    const planted = "import { newestEngines } from '../../../lib/format/engine-age.ts';";
    expect(forbiddenImports(['src/pages/[lang]/guides/x.astro'], () => planted, astroRule)).toEqual([
      'src/pages/[lang]/guides/x.astro imports src/lib/format/engine-age.ts',
    ]);
  });

  it('src/content imports neither node:fs nor src/pipeline', () => {
    const content = files('src/content/**/*.ts');
    expect(content).toContain('src/content/guide-loader.ts');
    expect(forbiddenImports(content, read, contentRule)).toEqual([]);
  });

  it('lib/view imports nothing from lib/compute', () => {
    const view = files('src/lib/view/**/*.ts');
    expect(view).toContain('src/lib/view/guide-view.ts');
    expect(forbiddenImports(view, read, viewRule)).toEqual([]);
  });

  it('finds a planted import of node:fs, of src/pipeline and of lib/compute', () => {
    const planted: Record<string, string> = {
      'src/content/a.ts': "import { readFileSync } from 'node:fs';\nimport { z } from 'zod';",
      'src/content/b.ts':
        "import type { X } from '../lib/schema/x.ts';\nconst m = await import('../pipeline/refresh.ts');",
      'src/content/c.ts': "import { existsSync } from 'node:fs/promises';",
      'src/lib/view/d.ts': "import { compare } from '../compute/compare.ts';\nimport { a } from './e.ts';",
    };
    const text = (path: string) => planted[path] ?? '';
    expect(forbiddenImports(Object.keys(planted).slice(0, 3), text, contentRule)).toEqual([
      'src/content/a.ts imports node:fs',
      'src/content/b.ts imports src/pipeline/refresh.ts',
      'src/content/c.ts imports node:fs/promises',
    ]);
    expect(forbiddenImports(['src/lib/view/d.ts'], text, viewRule)).toEqual([
      'src/lib/view/d.ts imports src/lib/compute/compare.ts',
    ]);
  });

  it('every folder of src/lib has a rank, and every rank a folder', () => {
    const folders = [...new Set(files('src/lib/**/*.ts').map(libFolder))].sort();
    expect(Object.keys(LIB_RANKS).sort()).toEqual(folders);
  });

  it('a folder of src/lib imports only from itself and from lower ranks', () => {
    const graph = importGraph(files('src/lib/**/*.ts'), read);
    expect(graph.get('src/lib/compute/steps.ts')).toContain('src/lib/compute/step-summary.ts');
    const upward = [...graph].flatMap(([from, targets]) =>
      targets
        .filter((to) => libFolder(to) !== libFolder(from) && LIB_RANKS[libFolder(to)]! >= LIB_RANKS[libFolder(from)]!)
        .map(
          (to) =>
            `${from} (${libFolder(from)}, rank ${LIB_RANKS[libFolder(from)]}) imports ${to} (rank ${LIB_RANKS[libFolder(to)]})`,
        ),
    );
    expect(upward).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const planted = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(circles(planted)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    const typeOnly = importGraph(['x/a.ts', 'x/b.ts'], (path) =>
      path === 'x/a.ts' ? "import type { B } from './b.ts';" : "import {\n  a,\n} from '../x/a.ts';",
    );
    expect(circles(typeOnly)).toEqual([['x/a.ts', 'x/b.ts']]);
  });

  it('no file of src/ imports itself round a circle, type imports included', () => {
    const graph = importGraph(files('src/**/*.{ts,mjs,astro}'), read);
    expect(graph.get('src/pipeline/ingest.ts')).toContain('src/pipeline/ingest-one.ts');
    expect(circles(graph)).toEqual([]);
  });
});
