// .ci/run times its stages (.ci/stages.sh) and npm test's scripts (.ci/npm-script-shell): a line
// after each stage, a table at the end, a failed stage named with its time and its exit status
// kept. Run here on a scratch package whose scripts sleep and spin, as .ci/run runs npm test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-ci-stages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const spin = `node -e "const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);"`;
const scripts = {
  // As npm test runs typecheck, lint and build, then vitest.
  outer: 'npm run first && npm run -s second && sleep 0.1',
  first: 'sleep 0.3 && npm run -s other',
  second: spin,
  // Run by a script, not named by the outer one (as a test runs `npm run check -- --help`).
  other: 'true',
  // As npm test runs its type check, lint and unit tests side by side.
  beside: `node ${join(repoRoot, 'scripts/side-by-side.ts')} napA napB && sleep 0.1`,
  napA: 'sleep 2',
  napB: 'sleep 2',
};
let run: { status: number | null; out: string };

beforeAll(() => {
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, scripts }));
  writeFileSync(
    join(scratch, 'run.sh'),
    `set -euo pipefail
source "${repoRoot}/.ci/stages.sh"
ci_init
stage 'quick' true
stage 'npm outer' env npm_config_script_shell="${repoRoot}/.ci/npm-script-shell" npm run -s outer
stage 'npm beside' env npm_config_script_shell="${repoRoot}/.ci/npm-script-shell" npm run -s beside
fails() { sleep 0.2; (exit 3); echo 'not reached'; }
stage 'failing' fails
stage 'never' echo 'not reached either'
`,
  );
  const result = spawnSync('bash', [join(scratch, 'run.sh')], { cwd: scratch, encoding: 'utf8' });
  run = { status: result.status, out: result.stdout + result.stderr };
}, 60_000);

/** A table row's name, wall and CPU seconds, and note. */
function row(name: string): { wall: number; cpu: number; note: string } | undefined {
  const table = run.out.slice(run.out.indexOf('ci: stage '));
  const line = table.split('\n').find((l) => l.startsWith(`ci: ${name} `) && /\d\.\d/.test(l.slice(4 + name.length)));
  const match = /^ci: .{32} +(\d+\.\d) +(\d+\.\d)(?: {2}(.*))?$/.exec(line ?? '');
  return match ? { wall: Number(match[1]), cpu: Number(match[2]), note: match[3] ?? '' } : undefined;
}

describe('.ci/stages.sh', () => {
  it('exits with the failed command’s status and runs nothing after it', () => {
    expect(run.status, run.out).toBe(3);
    expect(run.out).not.toContain('not reached');
    expect(row('never')).toBeUndefined();
  });

  it('prints each stage’s time after it, and the failed stage named with its time', () => {
    expect(run.out).toMatch(/^ci: quick \d+\.\d s \(cpu \d+\.\d s\)$/m);
    expect(run.out).toMatch(/^ci: npm outer \d+\.\d s \(cpu \d+\.\d s\)$/m);
    const failed = /^ci: failing FAILED \(exit 3\) after (\d+\.\d) s \(cpu \d+\.\d s\)$/m.exec(run.out);
    expect(failed, run.out).not.toBeNull();
    expect(Number(failed![1])).toBeGreaterThanOrEqual(0.2);
  });

  it('ends with a table of every stage run, the failed one marked, and the total', () => {
    expect(row('quick')?.note).toBe('');
    expect(row('failing')).toMatchObject({ note: 'FAILED (exit 3)' });
    expect(row('failing')!.wall).toBeGreaterThanOrEqual(0.2);
    expect(row('total')?.note).toBe('FAILED (exit 3)');
    expect(row('total')!.wall).toBeGreaterThanOrEqual(row('npm outer')!.wall + row('failing')!.wall - 0.2);
  });

  it('times the scripts the outer npm script names, each under it, and the rest on a row of its own', () => {
    expect(run.out).toMatch(/^ci: {3}first \d+\.\d s \(cpu \d+\.\d s\)$/m);
    expect(row('  first')!.wall).toBeGreaterThanOrEqual(0.3);
    // CPU is what the stage's processes spent, not the time they waited: second spins 0.3 s.
    expect(row('  second')!.cpu).toBeGreaterThanOrEqual(0.3);
    expect(row('  first')!.cpu).toBeLessThan(row('  second')!.cpu);
    expect(row('  sleep 0.1')).toBeDefined();
    const table = run.out.slice(run.out.indexOf('ci: stage ')).split('\n');
    const names = table.map((line) => line.slice(4, 36).trimEnd());
    // Scripts run side by side are rows in the order they ended.
    expect([...names.slice(1, 7), ...names.slice(7, 9).sort(), ...names.slice(9, 11)]).toEqual([
      'quick',
      'npm outer',
      '  first',
      '  second',
      '  sleep 0.1',
      'npm beside',
      '  napA',
      '  napB',
      '  sleep 0.1',
      'failing',
    ]);
    // A script only run by another (other, by first) is not a row.
    expect(run.out).not.toMatch(/ci: +other/);
  });

  it('times each script run side by side, and counts the wall time they share once', () => {
    const rows = run.out.slice(run.out.indexOf('ci: npm beside ', run.out.indexOf('ci: stage ')));
    const [stage, napA, napB, rest] = rows
      .split('\n')
      .slice(0, 4)
      .map((line) => Number(/^ci: .{32} +(\d+\.\d)/.exec(line)?.[1]));
    expect(napA).toBeGreaterThanOrEqual(2);
    expect(napB).toBeGreaterThanOrEqual(2);
    // The naps overlap by all but the time npm takes to start one after the other (well under
    // 1.5 s): counted apart, the rest would be what the stage took less both naps.
    expect(rest).toBeGreaterThan(stage! - napA! - napB! + 0.5);
    expect(rest).toBeGreaterThanOrEqual(0.1);
    // Each figure is cut to a tenth of a second on its own: allow one tenth between them.
    expect(rest).toBeLessThanOrEqual(stage! - 2 + 0.1);
    expect(run.out).toMatch(/^side-by-side: npm run napA passed in \d+\.\d s$/m);
  });
});

describe('.ci/run', () => {
  const ciRun = readFileSync(join(repoRoot, '.ci/run'), 'utf8');

  it('runs every command of its own as a stage', () => {
    const topLevel = ciRun
      .split('\n')
      .filter((line) => /^[a-z]/.test(line) && !/^(set|cd|export|source|ci_init|echo)\b|^\w+\(\) \{$/.test(line));
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    for (const line of topLevel) expect(line).toMatch(/^stage '[^']+' \S/);
  });

  it('times npm test’s scripts with the script shell it runs npm test under', () => {
    expect(ciRun).toMatch(/^stage '[^']+' env npm_config_script_shell="\$PWD\/\.ci\/npm-script-shell" npm test$/m);
  });
});
