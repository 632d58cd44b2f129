// Every command answers --help (and -h) with what it does and how to call it, exit 0, and does
// nothing else: check does not check, bench does not build, new does not scaffold, the comment
// script asks no API. Each runs in an empty scratch root, which must stay empty.
import { spawnSync } from 'node:child_process';
import { globSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const root = mkdtempSync(join(tmpdir(), 'perflab-help-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { ...process.env, PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache') };
// npm as a user runs it: not under .ci/run's timing script shell, where `npm run build` (a script
// npm test names) would be a row of its own in CI's table.
const asUserTypes = Object.fromEntries(
  Object.entries(env).filter(([key]) => !['npm_config_script_shell', 'CI_FIRST_SCRIPT', 'CI_SUBSTAGES'].includes(key)),
);
const scripts = globSync('scripts/*.ts', { cwd: repoRoot }).sort();
const packageScripts = z
  .object({ scripts: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))).scripts;

describe('--help', () => {
  it('finds the scripts', () => {
    expect(scripts).toContain('scripts/check.ts');
    expect(scripts.length).toBeGreaterThanOrEqual(11);
  });

  it.each(scripts)('%s prints its usage and exits 0 without running', (script) => {
    for (const flag of ['--help', '-h']) {
      const result = spawnSync(process.execPath, [join(repoRoot, script), flag], { cwd: root, env, encoding: 'utf8' });
      expect(result.status, `${flag}: ${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/^usage: /);
      expect(result.stdout.split('\n').length).toBeGreaterThan(2);
      expect(result.stderr).toBe('');
      expect(readdirSync(root)).toEqual([]);
    }
  });

  it('through npm, as the README writes the commands', () => {
    // test and lint answer at once: neither runs a stage first (each would take minutes).
    for (const name of ['check', 'new', 'bench', 'bench:site', 'diff', 'setup:browser', 'build', 'test', 'lint']) {
      const result = spawnSync('npm', ['run', '-s', name, '--', '--help'], {
        cwd: repoRoot,
        env: asUserTypes,
        encoding: 'utf8',
      });
      expect(result.status, `${name}: ${result.stderr}`).toBe(0);
      expect(result.stdout, name).toMatch(name === 'test' ? /^usage: npm test / : /^usage: npm run /);
    }
    expect(readdirSync(root)).toEqual([]);
  });

  it("npm test runs package.json's config.testStages, its arguments after the last command, and stops at a failure", () => {
    const test = (stages: string, ...args: string[]) =>
      spawnSync(process.execPath, [join(repoRoot, 'scripts/test.ts'), ...args], {
        cwd: root,
        env: { ...env, npm_package_config_testStages: stages },
        encoding: 'utf8',
      });
    const passed = test('echo one && echo two', '-t', 'a b');
    expect([passed.status, passed.stdout]).toEqual([0, 'one\ntwo -t a b\n']);
    // Each stage's name as it starts and its time when it ends, on stderr, then a summary.
    expect(passed.stderr).toMatch(
      /^npm test: \[1\/2\] echo one\nnpm test: \[1\/2\] passed in \d+\.\d s \(\d+\.\d s so far\)\nnpm test: \[2\/2\] echo two\n/,
    );
    expect(passed.stderr).toMatch(
      /\nnpm test: passed in \d+\.\d s:\nnpm test: +\d+\.\d s {2}passed {2}\[1\/2\] echo one\n/,
    );
    const failed = test('echo one && exit 3 && echo never');
    expect([failed.status, failed.stdout]).toEqual([3, 'one\n']);
    expect(failed.stderr).toContain('npm test: [2/3] FAILED (exit 3) in ');
    expect(failed.stderr).toMatch(/not run {2}\[3\/3\] echo never\n$/);
    expect(packageScripts['test']).toBe('node scripts/test.ts');
    expect(packageScripts['lint']).toBe('node scripts/lint.ts');
    expect(readdirSync(root)).toEqual([]);
  });

  it("the README's command table names every option each command's usage names", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const rows = readme.split('\n').filter((line) => line.startsWith('| `npm run '));
    let checked = 0;
    for (const script of scripts) {
      const help = spawnSync(process.execPath, [join(repoRoot, script), '--help'], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      // The usage: its first line and the lines that go on with it ("      [--yes] [--dry-run]").
      const [first = '', ...rest] = help.stdout.split('\n');
      const usage = [
        first,
        ...rest.slice(
          0,
          rest.findIndex((line) => !/^ {5,}\[/.test(line)),
        ),
      ].join(' ');
      const name = /^usage: npm run (\S+) --/.exec(first)?.[1];
      if (name === undefined) continue;
      const row = rows.find((line) => line.startsWith(`| \`npm run ${name} -- `));
      if (row === undefined) continue;
      const command = row.split('` |')[0] ?? '';
      for (const option of usage.match(/(?<=[\s[])--[a-z][\w-]*/g) ?? []) expect(command, script).toContain(option);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('the benchmark says what it measures: the site build, not an LLM server', () => {
    expect(packageScripts['bench:site']).toBe('node scripts/bench-site.ts');
    expect(packageScripts['bench']).toBe(packageScripts['bench:site']);
    const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/bench-site.ts'), '--help'], {
      encoding: 'utf8',
    });
    expect(result.stdout).toContain('The site-build benchmark');
    expect(result.stdout).toContain('not an LLM server');
  });
});
