// The review report of a pull request as this checkout's perflab computes it (the default branch's,
// in the trusted comment job) from the pull request's data/ and content/ at its head commit, laid
// over the checkout as data (pull-request-data.ts). scripts/pr-review.ts writes it to a file;
// scripts/pr-comment.ts posts it, and nothing else, as the comment.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { leftOutSection, notBuildingReport } from '../lib/review/pull-request-report.ts';
import { repoRoot } from './fs-policy.ts';
import { hasCommit, layPullRequestData, localChanges } from './pull-request-data.ts';

/** A review that could not be computed: the commit is not to be had, or the checkout has work of its own. */
export class PullRequestReviewError extends Error {}

const scripts = join(import.meta.dirname, '../../scripts');

/**
 * Fetches `sha` from `origin` when git does not have it yet (the comment job's checkout is the
 * default branch only). With `token`, it is sent as checkout sends it, in an environment setting
 * for this one command: never written to the checkout's config, never on a command line.
 */
export function fetchCommit(sha: string, token?: string): void {
  if (hasCommit(sha)) return;
  const auth = token
    ? {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.extraHeader',
        GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`,
      }
    : {};
  try {
    execFileSync('git', ['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', sha], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...auth },
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new PullRequestReviewError(`git fetch origin ${sha} failed: ${stderr.slice(0, 400)}`);
  }
  if (!hasCommit(sha)) throw new PullRequestReviewError(`git fetch origin ${sha} brought no such commit`);
}

/**
 * Lays the pull request's data/ and content/ at `headSha` over this checkout and returns the report
 * `npm run diff -- HEAD` writes from them (or, when they do not build, a notice with the errors),
 * with what was left out of the data named. `say` hears the progress.
 */
export function reviewPullRequest(headSha: string, say: (line: string) => void = () => {}): string {
  if (!hasCommit(headSha))
    throw new PullRequestReviewError(`git has no commit ${headSha}: fetch it first (git fetch origin ${headSha})`);
  const changes = localChanges();
  if (changes)
    throw new PullRequestReviewError(`data/ or content/ has changes of its own, which this would replace:\n${changes}`);
  const { written, leftOut } = layPullRequestData(headSha);
  say(`${written} files of ${headSha.slice(0, 12)} under data/ and content/`);
  const diff = spawnSync(process.execPath, [join(scripts, 'diff.ts'), 'HEAD'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  if (diff.status === 0) return diff.stdout + leftOutSection(leftOut);
  say(`the pull request's data does not build:\n${diff.stderr.trimEnd()}`);
  return notBuildingReport(headSha, diff.stderr.trimEnd().split('\n')) + leftOutSection(leftOut);
}
