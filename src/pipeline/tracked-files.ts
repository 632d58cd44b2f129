// Which files below a folder git tracks: what a pull request can put there. Outside a git checkout,
// or without git, none is.
import { execFileSync } from 'node:child_process';
import { repoPath, repoRoot } from './fs-policy.ts';

/** The tracked files below `dir` (an absolute path inside the repository), from the repository root. */
export function trackedBelow(dir: string): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--', repoPath(dir)], {
      cwd: repoRoot,
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
