// What run-plan signals, tried as a hostile pull request or a box without an engine would: every
// test runs the real CLI with process.kill replaced by a guard (tests/helpers/gpu-box/kill-guard.ts)
// that logs each call and sends a signal only to a process run-plan itself started, so nothing is
// ever signalled for real that the test did not start. The log says what run-plan tried.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';
import { identityOf } from '../../src/pipeline/server-process.ts';

const GUIDE = 'qwen3-8b/h100';
const guard = join(repoRoot, 'tests/helpers/gpu-box/kill-guard.ts');
// No engine is installed: every server fails to start, at once.
const box = gpuBox({ engines: false });
const roots: string[] = [];
let bystander: ChildProcess | undefined;
beforeAll(() => {
  // Only the box's bin on PATH (no python3 of the machine's), and git for the tracked-file check.
  symlinkSync(spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim(), join(box.bin, 'git'));
  // A process run-plan did not start, as a hostile run state would name it.
  bystander = spawn('sleep', ['300'], { stdio: 'ignore' });
});
afterAll(() => {
  bystander?.kill('SIGKILL');
  box.remove();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'perflab-run-plan-signals-'));
  roots.push(root);
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  return root;
}

type KillCall = { pid: number; signal: string | number; sent: boolean };

/** run-plan on `root`, with a run state written first (when given); what it printed and every kill it tried. */
async function runPlan(root: string, state?: unknown) {
  const stateDir = join(root, 'data/.record-logs', GUIDE);
  if (state !== undefined) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, 'run-state.json'), JSON.stringify(state));
  }
  const killLog = join(root, 'kills.jsonl');
  const port = await freePort();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      guard,
      join(repoRoot, 'scripts/run-plan.ts'),
      GUIDE,
      '--port',
      String(port),
      '--health-timeout',
      '5',
      '--yes',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: box.env({
        PERFLAB_ROOT: root,
        PERFLAB_PIPELINE_CACHE: join(root, '.cache'),
        KILL_GUARD_LOG: killLog,
        PATH: box.bin,
      }),
    },
  );
  const kills = existsSync(killLog)
    ? readFileSync(killLog, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as KillCall)
    : [];
  return { run, kills };
}

const began = new Date().toISOString();

describe('run-plan signals only a process it started', () => {
  it('an engine that is not installed is a failed variant with its reason, and nothing is signalled', async () => {
    const root = scratch();
    const { run, kills } = await runPlan(root);
    expect(run.status, run.stderr).toBe(1);
    // (the bug: pid `child.pid ?? -1`, then kill(-(-1)): SIGTERM and SIGKILL to init, in a loop)
    expect(kills).toEqual([]);
    expect(run.stderr).toMatch(
      / {2}failed {4}engine\/vllm\.txt: the server could not start: vllm is not installed \(not found on PATH\) \(log: data\/\.record-logs\/qwen3-8b\/h100\/servers\/\S+-vllm\.log\)/,
    );
    expect(run.stderr).toContain(
      'failed    engine/sglang.txt: the server could not start: python3 is not installed (not found on PATH)',
    );
    expect(run.stderr).toMatch(/0 recorded, 0 already there, 7 failed/);
    const state = JSON.parse(readFileSync(join(root, 'data/.record-logs', GUIDE, 'run-state.json'), 'utf8')) as {
      server: unknown;
    };
    expect(state.server).toBeNull();
  });

  it('a run state naming pid 1 and any program (program: "") signals nothing', async () => {
    const { run, kills } = await runPlan(scratch(), {
      guide: GUIDE,
      began,
      server: { pid: 1, program: '', command: 'vllm serve' },
      failed: {},
    });
    expect(kills).toEqual([]);
    expect(run.stderr).toContain(
      'run-plan: data/.record-logs/qwen3-8b/h100/run-state.json is not a run state this perflab writes: not read, and no process is stopped',
    );
  });

  it('a run state naming another process, by its program or with a forged start time, signals nothing', async () => {
    const pid = bystander?.pid ?? 0;
    const old = await runPlan(scratch(), {
      guide: GUIDE,
      began,
      server: { pid, program: 'sleep', command: 'sleep 300' },
      failed: {},
    });
    expect(old.kills).toEqual([]);
    const identity = identityOf(pid);
    expect(identity).toBeDefined();
    for (const forged of [
      { ...identity, startTime: String(Number(identity?.startTime) + 1) },
      { ...identity, bootId: '00000000-0000-4000-8000-000000000000' },
      { ...identity, executable: '/usr/bin/vllm' },
      { ...identity, pid: 1 },
    ]) {
      const { run, kills } = await runPlan(scratch(), {
        guide: GUIDE,
        began,
        server: { identity: forged, command: 'vllm serve' },
        failed: {},
      });
      expect(kills, JSON.stringify(forged)).toEqual([]);
      expect(run.stderr).toMatch(/nothing stopped|no process is stopped/);
    }
    expect(bystander?.exitCode).toBeNull();
  });

  it('a committed run state is never read: run-plan refuses, and check names the file', async () => {
    const root = scratch();
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    const state = {
      guide: GUIDE,
      began,
      server: { identity: identityOf(bystander?.pid ?? 0), command: 'sleep 300' },
      failed: {},
    };
    mkdirSync(join(root, 'data/.record-logs', GUIDE), { recursive: true });
    writeFileSync(join(root, 'data/.record-logs', GUIDE, 'run-state.json'), JSON.stringify(state));
    writeFileSync(join(root, '.gitignore'), 'data/.record-logs/\n');
    expect(git('add', '-f', 'data/.record-logs').status).toBe(0);
    const { run, kills } = await runPlan(root);
    expect(run.status).toBe(2);
    expect(kills).toEqual([]);
    expect(run.stderr).toContain(
      'run-plan: data/.record-logs/qwen3-8b/h100/run-state.json in data/.record-logs are tracked by git: run state is never read from a committed file; nothing run',
    );
    const check = spawnSync(process.execPath, [join(repoRoot, 'scripts/check.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache') },
    });
    expect(check.stderr).toContain(
      'data/.record-logs/qwen3-8b/h100/run-state.json:1: error E_TRACKED_RUN_STATE: data/.record-logs/qwen3-8b/h100/run-state.json is tracked by git: data/.record-logs is never committed',
    );
  });
});
