// Which files below a folder git tracks: what a pull request can put there. Outside a git checkout,
// or without git, none is.
import { execFileSync } from 'node:child_process';
import { repoPath, repoRoot } from './fs-policy.ts';
import { programEnvironment, resolveProgram } from './programs.ts';

/** The tracked files below `dir` (an absolute path inside the repository), from the repository root. */
export function trackedBelow(dir: string): string[] {
  // git from the author's PATH, never a program of the repository's (src/pipeline/programs.ts).
  const git = resolveProgram('git');
  if ('problem' in git) return [];
  try {
    return execFileSync(git.path, ['ls-files', '-z', '--', repoPath(dir)], {
      cwd: repoRoot,
      env: programEnvironment(),
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter((path) => path !== '');
  } catch {
    return [];
  }
}
