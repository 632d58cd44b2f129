// The trusted review job's view of a pull request: its data/ and content/ at the head commit the
// run built, laid over this checkout of the default branch, so that the default branch's perflab
// (never the pull request's code) computes the review report from the pull request's data.
// Everything is read from git's objects as data: only regular files under data/ and content/ on
// plain paths are written; a link, a submodule or an odd path is left out and named.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from './fs-policy.ts';

/** The folders a pull request's data lives in; everything else stays the default branch's. */
export const PULL_REQUEST_FOLDERS = ['data', 'content'] as const;

/**
 * Files of data/ that are the default branch's trust, not the pull request's data: the keys whose
 * record signatures check accepts (a pull request that lists its own key would vouch for itself).
 */
export const KEPT_FROM_DEFAULT_BRANCH = ['data/allowed-signers'] as const;

export type LeftOut = { path: string; reason: string };

const git = (args: string[], input?: Buffer) =>
  execFileSync('git', args, { cwd: repoRoot, maxBuffer: 1024 * 2 ** 20, ...(input ? { input } : {}) });

/** A path git's tree names that is a plain relative path under one of the folders. */
export function plainPath(path: string): boolean {
  const parts = path.split('/');
  return (
    (PULL_REQUEST_FOLDERS as readonly string[]).includes(parts[0] ?? '') &&
    parts.length > 1 &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git') &&
    !/[\p{Cc}\\]/u.test(path)
  );
}

/** Entries of `git ls-tree -r -z` output: mode, type, object and path. */
export function treeEntries(listing: string): { mode: string; type: string; object: string; path: string }[] {
  return listing
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const tab = entry.indexOf('\t');
      const [mode = '', type = '', object = ''] = entry.slice(0, tab).split(' ');
      return { mode, type, object, path: entry.slice(tab + 1) };
    });
}

/** The blobs of `git cat-file --batch` output, in the order asked: one process, read once. */
export function batchBlobs(output: Buffer, count: number): Buffer[] {
  const blobs: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = output.indexOf(0x0a, at);
    const header = output.subarray(at, end).toString('latin1').split(' ');
    if (header[1] !== 'blob') throw new Error(`git cat-file: expected a blob, found "${header.join(' ')}"`);
    const size = Number(header[2]);
    blobs.push(output.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return blobs;
}

/**
 * Replaces this checkout's data/ and content/ with the pull request's at `headSha` (a commit git
 * already has), keeping KEPT_FROM_DEFAULT_BRANCH. Returns what was left out.
 */
export function layPullRequestData(headSha: string): { written: number; leftOut: LeftOut[] } {
  const kept = KEPT_FROM_DEFAULT_BRANCH.filter((path) => existsSync(join(repoRoot, path))).map(
    (path) => [path, readFileSync(join(repoRoot, path))] as const,
  );
  const entries = treeEntries(
    git(['ls-tree', '-r', '-z', '--full-tree', headSha, '--', ...PULL_REQUEST_FOLDERS]).toString('utf8'),
  );
  const leftOut: LeftOut[] = [];
  const files = entries.filter((entry) => {
    const reason =
      entry.type !== 'blob'
        ? `a ${entry.type === 'commit' ? 'submodule' : entry.type}, not a file`
        : entry.mode === '120000'
          ? 'a symbolic link, not a file'
          : !plainPath(entry.path)
            ? 'not a plain path under data/ or content/'
            : (KEPT_FROM_DEFAULT_BRANCH as readonly string[]).includes(entry.path)
              ? "the default branch's list of trusted signers is kept"
              : undefined;
    // A kept file the pull request leaves as it is needs no word.
    const unchanged = kept.some(([path]) => path === entry.path) && entry.object === objectAt('HEAD', entry.path);
    if (reason && !unchanged) leftOut.push({ path: entry.path, reason });
    return reason === undefined;
  });
  const blobs =
    files.length === 0
      ? []
      : batchBlobs(git(['cat-file', '--batch'], Buffer.from(files.map((f) => `${f.object}\n`).join(''))), files.length);
  for (const name of PULL_REQUEST_FOLDERS) rmSync(join(repoRoot, name), { recursive: true, force: true });
  files.forEach((file, i) => {
    const path = join(repoRoot, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, blobs[i] ?? Buffer.alloc(0), { flag: 'wx' });
  });
  for (const [path, text] of kept) {
    mkdirSync(dirname(join(repoRoot, path)), { recursive: true });
    writeFileSync(join(repoRoot, path), text);
  }
  return { written: files.length, leftOut };
}

/** The object a commit holds at `path`, or undefined. */
function objectAt(commit: string, path: string): string | undefined {
  try {
    return git(['rev-parse', `${commit}:${path}`])
      .toString('utf8')
      .trim();
  } catch {
    return undefined;
  }
}

/** Whether the checkout has changes of its own under data/ or content/ (a developer's work, not to be replaced). */
export function localChanges(): string {
  return git(['status', '--porcelain', '--', ...PULL_REQUEST_FOLDERS]).toString('utf8');
}

/** Whether git has the commit (the workflow fetches it first). */
export function hasCommit(sha: string): boolean {
  try {
    git(['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}
