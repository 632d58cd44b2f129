// When each guide's raw files last changed, from git (src/lib/last-updated.ts reads the log).
import { execFileSync } from 'node:child_process';
import { GIT_LOG_ARGS, lastUpdatedByGuide, type LastUpdated } from '../lib/last-updated.ts';

/**
 * The dates of the checkout at `root`, as of `today`; none outside a git checkout or without git.
 * In a shallow clone (actions/checkout's default depth of 1) the oldest commit fetched seems to add
 * every file, so every guide would read as changed that day: no dates, and `shallow` says why.
 */
export function gitLastUpdated(root: string, today: string): LastUpdated & { shallow: boolean } {
  const git = (args: readonly string[]) =>
    execFileSync('git', [...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  let log = '';
  let shallow = false;
  try {
    shallow = git(['rev-parse', '--is-shallow-repository']).trim() === 'true';
    if (!shallow) log = git(GIT_LOG_ARGS);
  } catch {
    // not a git checkout, or no git: no dates
  }
  return { ...lastUpdatedByGuide(log, today), shallow };
}
