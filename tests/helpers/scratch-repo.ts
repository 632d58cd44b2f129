// A scratch copy of the repository's data and content (package.json beside them, node_modules
// linked) in which the pipeline's CLIs run as they would in a clone, with their own cache folder.
// The CLIs are the repository's own, pointed at the copy by PERFLAB_ROOT: a copy of src/ under a
// new path each time would miss Node's compile cache, compiling every module again in every run
// (and filling the cache with entries never read again).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { repoRoot } from './guide-from-disk.ts';

export type ScratchRepo = {
  root: string;
  cache: string;
  /** Runs the repository's scripts/<script> on the copy with `args`; the environment adds to this process's. */
  run: (script: string, env?: NodeJS.ProcessEnv, args?: readonly string[]) => SpawnSyncReturns<string>;
  /** Every file of data/runs, data/guides, data/prose and data/compare, by path from the root. */
  snapshot: () => Map<string, string>;
  remove: () => void;
};

/**
 * `models`: copy only these models' guides (every folder of data/ and content/guides named after
 * them), for a test whose CLIs go over every guide many times and whose checks are about a few:
 * each run then costs those guides, not the whole repository's.
 */
export function scratchRepo(prefix: string, models?: readonly string[]): ScratchRepo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  if (models === undefined)
    for (const dir of ['data', 'content']) cpSync(join(repoRoot, dir), join(root, dir), { recursive: true });
  else
    for (const dir of ['data/raw', 'data/runs', 'data/guides', 'data/prose', 'content/guides'])
      for (const model of models) cpSync(join(repoRoot, dir, model), join(root, dir, model), { recursive: true });
  // The stated defaults every guide's decision figures use (prices, the noise default).
  if (models !== undefined) cpSync(join(repoRoot, 'content/defaults.yaml'), join(root, 'content/defaults.yaml'));
  cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  cpSync(join(repoRoot, 'package-lock.json'), join(root, 'package-lock.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  const cache = join(root, '.cache');
  return {
    root,
    cache,
    run: (script, env = {}, args = []) =>
      spawnSync(process.execPath, [join(repoRoot, 'scripts', script), ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: cache, ...env },
      }),
    snapshot: () =>
      new Map(
        ['data/runs', 'data/guides', 'data/prose', 'data/compare'].flatMap((dir) =>
          listFiles(join(root, dir)).map((path) => [relative(root, path), readFileSync(path, 'utf8')] as const),
        ),
      ),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
