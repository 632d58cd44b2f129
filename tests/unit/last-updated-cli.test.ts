// scripts/last-updated.ts on real clones: the full history gives each guide the date its raw files
// last changed; a shallow clone (actions/checkout's default depth of 1) gives no dates and says
// why, rather than the date of the one commit fetched for every guide.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const temp = mkdtempSync(join(tmpdir(), 'perflab-last-updated-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function commit(repo: string, file: string, date: string) {
  mkdirSync(join(repo, file, '..'), { recursive: true });
  writeFileSync(join(repo, file), date);
  const env = { ...process.env, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` };
  execFileSync('git', ['add', '.'], { cwd: repo, env });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', file], {
    cwd: repo,
    env,
  });
}

function lastUpdated(repo: string) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts/last-updated.ts')], {
    encoding: 'utf8',
    env: { ...process.env, PERFLAB_ROOT: repo },
  });
  const dates = JSON.parse(
    readFileSync(join(repo, 'node_modules/.cache/perflab/last-updated.json'), 'utf8'),
  ) as unknown;
  return { status: run.status, stderr: run.stderr, dates };
}

describe('last-updated', () => {
  const full = join(temp, 'full');
  mkdirSync(full);
  execFileSync('git', ['init', '-q'], { cwd: full });
  commit(full, 'data/raw/m/a100/run.txt', '2026-01-05');
  commit(full, 'data/raw/m/h100/run.txt', '2026-02-07');
  commit(full, 'README.md', '2026-03-09');

  it('the full history: each guide’s newest raw change, quietly', () => {
    const result = lastUpdated(full);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.dates).toEqual({ 'm/a100': '2026-01-05', 'm/h100': '2026-02-07' });
  });

  it('a shallow clone: no dates, and a warning naming the fix', () => {
    const shallow = join(temp, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${full}`, shallow]);
    const result = lastUpdated(shallow);
    expect(result.status).toBe(0);
    expect(result.dates).toEqual({});
    expect(result.stderr).toContain('this clone is shallow');
    expect(result.stderr).toContain('fetch-depth: 0');
  });
});
