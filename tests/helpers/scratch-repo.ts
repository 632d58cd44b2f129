// A scratch copy of the repository (code, data and content; node_modules linked) in which the
// pipeline's CLIs run as they would in a clone, with their own cache folder.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { repoRoot } from './guide-from-disk.ts';

export type ScratchRepo = {
  root: string;
  cache: string;
  /** Runs scripts/<script> there with `args`; the environment adds to this process's. */
  run: (script: string, env?: NodeJS.ProcessEnv, args?: readonly string[]) => SpawnSyncReturns<string>;
  /** Every file of data/runs and data/guides, by path from the root. */
  snapshot: () => Map<string, string>;
  remove: () => void;
};

export function scratchRepo(prefix: string): ScratchRepo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const dir of ['src', 'scripts', 'data', 'content'])
    cpSync(join(repoRoot, dir), join(root, dir), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  cpSync(join(repoRoot, 'package-lock.json'), join(root, 'package-lock.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  const cache = join(root, '.cache');
  return {
    root,
    cache,
    run: (script, env = {}, args = []) =>
      spawnSync(process.execPath, [join(root, 'scripts', script), ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PERFLAB_PIPELINE_CACHE: cache, ...env },
      }),
    snapshot: () =>
      new Map(
        ['data/runs', 'data/guides'].flatMap((dir) =>
          listFiles(join(root, dir)).map((path) => [relative(root, path), readFileSync(path, 'utf8')] as const),
        ),
      ),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
