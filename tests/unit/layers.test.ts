// The layers a newcomer reads from the folder names (README, "Layout"): scripts/ are thin command
// lines over src/pipeline and src/bench, nothing under src/ imports scripts/, src/lib touches no
// disk or process, and src/pipeline is the only layer that reads and writes the site's files.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const files = (pattern: string) => globSync(pattern, { cwd: repoRoot }).sort();
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
/** Every module a file imports, statically or dynamically, as written. */
const importsOf = (text: string) =>
  [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? '');

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
});
