// `astro build` of the repository's site for a scratch site (PERFLAB_ROOT), as the build tests run it.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './guide-from-disk.ts';

/**
 * Builds the site into `outDir` (outside the repository), each build from a working folder of its
 * own. Astro puts a build's server chunks in `<cwd>/.astro/.prerender/` when `outDir` is not below
 * the working directory, and deletes them at the end: two scratch builds run from the repository at
 * once (build test files run side by side) deleted each other's chunks (ENOENT on
 * .astro/.prerender/chunks/jsx-runtime_….mjs). The folder is inside the repository, whose
 * node_modules the chunks import from.
 */
export function astroBuild(outDir: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const parent = join(repoRoot, 'node_modules/.cache/scratch-builds');
  mkdirSync(parent, { recursive: true });
  const cwd = mkdtempSync(join(parent, 'build-'));
  try {
    return spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', repoRoot, '--outDir', outDir],
      { cwd, env, encoding: 'utf8' },
    );
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
