// Where the programs perflab runs on a GPU box come from, and where they run. Each program (an
// engine, a benchmark tool, nvidia-smi, ssh-keygen) is looked up by name on the author's PATH
// without its relative folders and without any folder inside the repository: `npm run` puts the
// checkout's node_modules/.bin first, and a pull request can put a program of any name there (a
// package's `bin`) or in a folder of its own. Each runs with that same PATH, in a working folder
// outside the repository, so a relative path in its arguments names nothing a pull request wrote.
import { accessSync, constants, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvironmentEntry } from '../lib/plan/command-words.ts';
import { repoRoot } from './fs-policy.ts';

const real = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

const codeRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository's folders, as the disk resolves them: the site's (PERFLAB_ROOT) and perflab's own checkout. */
export function repositoryRoots(): string[] {
  return [...new Set([repoRoot, codeRoot].map((root) => real(root) ?? root))];
}

const inside = (path: string, roots: readonly string[]) =>
  roots.some((root) => path === root || path.startsWith(`${root}/`));

/** The author's PATH without relative folders and without folders inside the repository. */
export function authorPath(env: NodeJS.ProcessEnv = process.env): string[] {
  const roots = repositoryRoots();
  return (env.PATH ?? '').split(delimiter).filter((dir) => {
    if (dir === '' || !isAbsolute(dir)) return false;
    const resolved = real(dir);
    return resolved !== undefined && !inside(resolved, roots);
  });
}

/** The file `name` runs from the author's PATH (as a shell would find it), or why there is none. */
export function resolveProgram(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): { path: string } | { problem: string } {
  if (name === '' || name.includes('/')) return { problem: `${name} is not a program name` };
  const roots = repositoryRoots();
  for (const dir of authorPath(env)) {
    const path = join(dir, name);
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, constants.X_OK);
    } catch {
      continue;
    }
    // A link from a folder of the PATH into the repository runs the repository's file.
    const resolved = real(path);
    if (resolved === undefined || inside(resolved, roots)) continue;
    return { path };
  }
  return { problem: `${name} is not installed (not found on PATH)` };
}

/**
 * The environment a program perflab starts gets: the author's own, its PATH without the
 * repository's folders, and the variables the command sets (already held to the allow-list).
 */
export function programEnvironment(
  set: readonly EnvironmentEntry[] = [],
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...env,
    PATH: authorPath(env).join(delimiter),
    ...Object.fromEntries(set.map((e) => [e.name, e.value])),
  };
}

/**
 * The working folder of the programs of one run, outside the repository: PERFLAB_WORKDIR when the
 * author sets it (an absolute folder of theirs, kept; where the datasets their commands name by a
 * relative path lie, such as ShareGPT_V3_unfiltered_cleaned_split.json), else a new temporary
 * folder, removed by `remove`. Or why the one given cannot be used.
 */
export function workingFolder(
  env: NodeJS.ProcessEnv = process.env,
): { path: string; remove: () => void } | { problem: string } {
  const roots = repositoryRoots();
  const given = env.PERFLAB_WORKDIR;
  if (given !== undefined && given !== '') {
    const resolved = isAbsolute(given) ? real(given) : undefined;
    if (resolved === undefined || !statSync(resolved).isDirectory())
      return { problem: `PERFLAB_WORKDIR=${given} is not an absolute path of a folder` };
    if (inside(resolved, roots)) return { problem: `PERFLAB_WORKDIR=${given} is inside the repository` };
    return { path: resolved, remove: () => undefined };
  }
  const base = real(tmpdir()) ?? tmpdir();
  const path = mkdtempSync(join(inside(base, roots) ? '/tmp' : base, 'perflab-work-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
