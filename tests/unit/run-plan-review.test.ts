// run-plan shows the author every command before it runs anything, exactly as it will run, and
// runs those that are not in the guide's plan at a trusted ref (the branch's upstream, or
// --trusted-ref) only when the author says so: at a terminal it asks, without one it refuses them
// unless given --yes. --dry-run shows the same and starts nothing. Each test is a real git
// repository in a temporary folder with the stand-in GPU box on PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';

const GUIDE = 'qwen3-8b/h100';
const box = gpuBox();
const roots: string[] = [];
afterAll(() => {
  box.remove();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const git = (root: string, ...args: string[]) => {
  const run = spawnSync('git', ['-c', 'user.email=author@example.com', '-c', 'user.name=author', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
};

/** A scaffolded guide committed on main, whose upstream is the branch `reviewed` at that commit. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), 'perflab-run-plan-review-'));
  roots.push(root);
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'the guide as reviewed');
  git(root, 'branch', 'reviewed');
  git(root, 'branch', '-q', '--set-upstream-to=reviewed');
  return root;
}

const yamlOf = (root: string) => join(root, 'content/guides', GUIDE, 'guide.yaml');
/** What a pull request does to the guide: the tuning variant's flag changed (its server and its three measurements). */
const change = (root: string, from: string, to: string) => {
  const text = readFileSync(yamlOf(root), 'utf8');
  expect(text).toContain(from);
  writeFileSync(yamlOf(root), text.replaceAll(from, to));
};

const env = (root: string) =>
  box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), PERFLAB_TODAY: '2026-12-31' });
const runPlan = (root: string, args: readonly string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/run-plan.ts'), GUIDE, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: env(root),
  });
/** run-plan at a terminal (util-linux script gives it one), answering `answer` to its question. */
const atTerminal = (root: string, args: readonly string[], answer: string) =>
  spawnSync(
    'script',
    ['-qec', [process.execPath, join(repoRoot, 'scripts/run-plan.ts'), GUIDE, ...args].join(' '), '/dev/null'],
    { cwd: root, encoding: 'utf8', env: env(root), input: answer },
  );

const newLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('NEW '));
const rawResults = (root: string) =>
  existsSync(join(root, 'data/raw', GUIDE)) ? readdirSync(join(root, 'data/raw', GUIDE), { recursive: true }) : [];

describe('run-plan: the author sees what will run', () => {
  it('lists every command as it will run, none NEW when the guide is as reviewed; --dry-run starts and writes nothing', async () => {
    const root = repository();
    const port = await freePort();
    const run = runPlan(root, ['--port', String(port), '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('NEW: not in the plan at reviewed');
    expect(run.stderr).toContain(
      `    server 3 of 3: python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2 --mem-fraction-static=0.85 --port ${port}\n`,
    );
    expect(run.stderr).toContain(
      `      gsm8k/after.txt: python3 -m sglang.test.few_shot_gsm8k --num-questions 200 --host http://127.0.0.1 --port ${port}\n`,
    );
    expect(newLines(run.stderr)).toEqual([]);
    expect(run.stderr).toContain(
      'run-plan: dry run: nothing was measured and nothing was written (no raw file, no record, no log, no run state); a real run would measure 7 of the 7 measurement(s) on 3 server(s)\n',
    );
    expect(run.stderr).not.toContain('starting');
    expect(rawResults(root)).toEqual([]);
    expect(existsSync(join(root, 'data/.record-logs'))).toBe(false);
  });

  it('a dry run says which program is not installed', async () => {
    const root = repository();
    const bare = gpuBox({ engines: false });
    try {
      const run = spawnSync(
        process.execPath,
        [join(repoRoot, 'scripts/run-plan.ts'), GUIDE, '--port', String(await freePort()), '--dry-run'],
        { cwd: root, encoding: 'utf8', env: { ...env(root), PATH: `${bare.bin}:/usr/bin:/bin` } },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('run-plan: would fail: vllm is not installed (not found on PATH) (server 1 of 3, ');
    } finally {
      bare.remove();
    }
  });

  it("a pull request's changed command is NEW, and without a terminal it is refused unless given --yes", async () => {
    const root = repository();
    change(root, '--mem-fraction-static=0.85', '--mem-fraction-static=0.9');
    const port = await freePort();
    const refused = runPlan(root, ['--port', String(port), '--health-timeout', '20']);
    expect(refused.status, refused.stderr).toBe(2);
    expect(newLines(refused.stderr)).toEqual([
      `NEW server 3 of 3: python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2 --mem-fraction-static=0.9 --port ${port}`,
    ]);
    expect(refused.stderr).toContain(
      'run-plan: 1 of the 10 command(s) (NEW above) are not in the plan at reviewed: nothing run. Without a terminal to ask, run-plan runs them only with --yes, once you have read them',
    );
    expect(rawResults(root)).toEqual([]);
    expect(existsSync(join(root, 'data/.record-logs'))).toBe(false);

    // Committed on the branch, it is still new against the upstream; --trusted-ref names another ref.
    git(root, 'commit', '-q', '-am', 'a pull request');
    expect(runPlan(root, ['--port', String(port)]).status).toBe(2);
    const againstHead = runPlan(root, ['--port', String(port), '--trusted-ref', 'HEAD', '--dry-run']);
    expect(againstHead.stderr).toContain('NEW: not in the plan at HEAD');
    expect(newLines(againstHead.stderr)).toEqual([]);
    expect(runPlan(root, ['--port', String(port), '--trusted-ref', '--yes']).status).toBe(2);
    expect(runPlan(root, ['--port', String(port), '--trusted-ref', 'no-such-ref']).stderr).toContain(
      'not compared with a trusted ref (no-such-ref is not a commit in this repository)',
    );

    const yes = runPlan(root, ['--port', String(port), '--health-timeout', '20', '--yes']);
    expect(yes.status, yes.stderr).toBe(0);
    expect(yes.stderr).toContain('are not in the plan at reviewed: run as --yes says');
    expect(yes.stderr).toMatch(/7 recorded, 0 already there, 0 failed/);
  }, 120_000);

  it('at a terminal it asks, and runs nothing unless the author answers yes', async () => {
    const root = repository();
    change(root, '--mem-fraction-static=0.85', '--mem-fraction-static=0.9');
    const port = await freePort();
    const no = atTerminal(root, ['--port', String(port), '--health-timeout', '20'], 'n\n');
    expect(no.stdout).toContain('are not in the plan at reviewed. Run them? [y/N]');
    expect(no.stdout).toContain('run-plan: nothing run');
    expect(rawResults(root)).toEqual([]);
    const yes = atTerminal(root, ['--port', String(port), '--health-timeout', '20'], 'y\n');
    expect(yes.stdout).toMatch(/7 recorded, 0 already there, 0 failed/);
    expect(rawResults(root).length).toBeGreaterThan(0);
  }, 120_000);

  it('a control character in a command is shown escaped, never sent to the terminal, and the command is what runs', async () => {
    const root = repository();
    // ESC [2J clears a terminal; U+202E turns the rest of the line around.
    change(
      root,
      '[--tp-size=2, --mem-fraction-static=0.85]',
      '[--tp-size=2, --mem-fraction-static=0.85, "--served-model-name=q\\e[2J\\u202eq"]',
    );
    const port = await freePort();
    const run = runPlan(root, ['--port', String(port), '--dry-run']);
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr).not.toContain('\u202e');
    expect(run.stderr).toContain(
      `NEW server 3 of 3: python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2 --mem-fraction-static=0.85 $'--served-model-name=q\\x1b[2J\\u202eq' --port ${port}`,
    );
    // bash reads the shown word back as the very word run-plan starts the server with
    const line = /NEW server 3 of 3: (.*)$/m.exec(run.stderr)?.[1] ?? '';
    const words = spawnSync('bash', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' }).stdout.split('\0');
    expect(words).toContain('--served-model-name=q\u001b[2J\u202eq');
  });

  it('with no upstream and no --trusted-ref, every command is NEW', async () => {
    const root = repository();
    git(root, 'branch', '--unset-upstream');
    const run = runPlan(root, ['--port', String(await freePort())]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('not compared with a trusted ref (the checked-out branch has no upstream');
    expect(newLines(run.stderr)).toHaveLength(10);
  });
});
