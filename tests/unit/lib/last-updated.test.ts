// last-updated.ts: each guide's "Last updated" is the date of the newest commit that touched one
// of its raw files and is not later than today, read from `git log -z --format=%x1e%cs
// --name-only -- data/raw`; src/pipeline/last-updated.ts runs it on a real repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastUpdatedByGuide } from '../../../src/lib/last-updated.ts';
import { gitLastUpdated } from '../../../src/pipeline/last-updated.ts';

/** One commit as `git log -z` prints it: the record mark, its date, then each file NUL-ended. */
const commit = (date: string, ...files: string[]) => `\x1e${date}\0\n${files.map((f) => `${f}\0`).join('')}`;

describe('lastUpdatedByGuide', () => {
  it('keeps, for each guide, the first (newest) commit that touched one of its raw files', () => {
    const log = [
      commit('2026-12-03', 'data/raw/glm-5.2/h200/engine/vllm.txt'),
      commit('2026-11-20', 'data/raw/glm-4.x/h200/engine/sglang.txt', 'data/raw/glm-5.2/h200/kv-cache/fp8.txt'),
      commit('2026-10-01', 'data/raw/glm-4.x/a100/run.txt', 'data/raw/README.md'),
    ].join('');
    // In code-unit order of the ids; glm-5.2/h200 keeps 2026-12-03, not its older 2026-11-20
    expect(Object.entries(lastUpdatedByGuide(log, '2026-12-04').dates)).toEqual([
      ['glm-4.x/a100', '2026-10-01'],
      ['glm-4.x/h200', '2026-11-20'],
      ['glm-5.2/h200', '2026-12-03'],
    ]);
  });

  it('reads a file name in any script, or with quotes, as it is', () => {
    const log = commit('2026-12-01', 'data/raw/qwen3-8b/h100/cases/中文 "x".txt');
    expect(lastUpdatedByGuide(log, '2026-12-04').dates).toEqual({ 'qwen3-8b/h100': '2026-12-01' });
  });

  it('passes over a commit dated later than tomorrow, and one whose date does not exist', () => {
    const log = [
      commit('2099-01-01', 'data/raw/glm-5.2/h200/engine/vllm.txt'),
      commit('2026-12-05', 'data/raw/glm-4.x/h200/engine/vllm.txt'), // tomorrow: today somewhere east
      commit('2026-02-31', 'data/raw/glm-5.2/h200/engine/vllm.txt'),
      commit('2026-11-30', 'data/raw/glm-5.2/h200/engine/vllm.txt'),
    ].join('');
    expect(lastUpdatedByGuide(log, '2026-12-04')).toEqual({
      dates: { 'glm-4.x/h200': '2026-12-05', 'glm-5.2/h200': '2026-11-30' },
      future: [{ date: '2099-01-01', guides: ['glm-5.2/h200'] }],
    });
  });

  it('ignores what is not a dated commit, and files outside a guide’s folder', () => {
    expect(lastUpdatedByGuide('', '2026-12-04').dates).toEqual({});
    expect(
      lastUpdatedByGuide(
        `${commit('not a date', 'data/raw/a/b/c.txt')}${commit('2026-01-02', 'data/raw/top.txt')}`,
        '2026-12-04',
      ).dates,
    ).toEqual({});
  });
});

describe('gitLastUpdated on a repository', () => {
  const root = mkdtempSync(join(tmpdir(), 'perflab-last-updated-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const git = (args: string[], date = '2026-11-02T10:00:00Z') =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: root,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
  const add = (path: string, date: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${path}\n`);
    git(['add', '--', path]);
    git(['commit', '-q', '-m', path], date);
  };

  it('finds a raw file with a non-ASCII name, and passes over a commit dated 2099', () => {
    git(['init', '-q']);
    add('data/raw/glm-5.2/h200/engine/vllm.txt', '2026-10-01T10:00:00Z');
    add('data/raw/qwen3-8b/h100/测试/结果.txt', '2026-11-15T10:00:00Z');
    add('data/raw/glm-5.2/h200/engine/sglang.txt', '2099-01-01T10:00:00Z');
    expect(gitLastUpdated(root, '2026-12-04')).toEqual({
      shallow: false,
      dates: { 'glm-5.2/h200': '2026-10-01', 'qwen3-8b/h100': '2026-11-15' },
      future: [{ date: '2099-01-01', guides: ['glm-5.2/h200'] }],
    });
  });
});
