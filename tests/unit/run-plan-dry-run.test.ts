// run-plan --dry-run, as a new author rehearses a plan without a GPU (issue 39): it goes through
// the whole plan in the order a run would, says what this machine lacks (a program, a Python
// package, a free port), what the records would list and who would sign them, and that nothing was
// measured or written. It runs none of the plan's commands: the stand-in GPU box's shims log every
// call (STANDIN_CALLS), and only perflab's own probes (nvidia-smi, Python's find_spec) are there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';

const GUIDE = 'qwen3-8b/h100';
const box = gpuBox();
const bare = gpuBox({ engines: false, nvidia: false });
const temp: string[] = [];
afterAll(() => {
  box.remove();
  bare.remove();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};

/** A scaffolded guide, filled in (or, with `fillIns: false`, as npm run new wrote it). */
function guideRoot(fillIns = true): string {
  const root = folder('perflab-dry-run-');
  if (fillIns) scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  else {
    const made = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/new-guide.ts'), 'qwen3-8b', 'h100', '--gpus', '2'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PERFLAB_ROOT: root },
      },
    );
    if (made.status !== 0) throw new Error(made.stderr);
  }
  return root;
}

/** run-plan --dry-run on `root`, no git configuration of the machine's (its signing key) read. */
function dryRun(root: string, port: number, env: NodeJS.ProcessEnv) {
  const calls = join(folder('perflab-calls-'), 'calls.txt');
  writeFileSync(calls, '');
  const run = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/run-plan.ts'), GUIDE, '--port', String(port), '--dry-run'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), PERFLAB_TODAY: '2026-12-31' }),
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        PERFLAB_SIGNING_KEY: '',
        STANDIN_CALLS: calls,
        STANDIN_GPU_NAME: 'NVIDIA H100 80GB HBM3',
        ...env,
      },
    },
  );
  return { ...run, calls: readFileSync(calls, 'utf8').split('\n').filter(Boolean) };
}
const lines = (stderr: string) =>
  stderr.split('\n').filter((l) => l.startsWith('run-plan: ') && !l.startsWith('run-plan: the commands'));
const written = (root: string) => ({
  raw: existsSync(join(root, 'data/raw', GUIDE)) ? readdirSync(join(root, 'data/raw', GUIDE), { recursive: true }) : [],
  logs: existsSync(join(root, 'data/.record-logs')),
});

describe('run-plan --dry-run: a rehearsal that measures and writes nothing', () => {
  it('goes through the whole plan on a box that has everything, runs none of its commands and writes nothing', async () => {
    const root = guideRoot();
    const port = await freePort();
    const run = dryRun(root, port, {});
    expect(run.status, run.stderr).toBe(0);
    const said = lines(run.stderr);
    expect(said[0]).toBe(
      'run-plan: dry run: a rehearsal of the whole plan on this machine: nothing is started, measured or written',
    );
    expect(said).toContain(
      `run-plan: server 1 of 3 (vllm on 127.0.0.1:${port}): would start ${box.bin}/vllm, wait until it is healthy, then measure:`,
    );
    expect(said).toContain(
      `run-plan: server 3 of 3 (sglang on 127.0.0.1:${port}): would start ${box.bin}/python3 -m sglang.launch_server, wait until it is healthy, then measure:`,
    );
    expect(said).toContain(
      `run-plan:   gsm8k/after.txt: would run ${box.bin}/python3 -m sglang.test.few_shot_gsm8k → data/raw/${GUIDE}/gsm8k/after.txt and its record`,
    );
    expect(said).toContain(
      "run-plan: each record would list this machine's 2 × NVIDIA H100 80GB HBM3 (nvidia-smi, driver 570.124.06)",
    );
    expect(said).toContain(
      'run-plan: each record would be unsigned (no signing key: PERFLAB_SIGNING_KEY, or git config user.signingkey): shown as stated by the author, unsigned, never as recorded',
    );
    expect(said.at(-1)).toBe(
      'run-plan: dry run: nothing was measured and nothing was written (no raw file, no record, no log, no run state); a real run would measure 7 of the 7 measurement(s) on 3 server(s)',
    );
    expect(said.some((l) => l.includes('would fail'))).toBe(false);
    // "recorded" only where it says these would not be shown so.
    expect(said.filter((l) => /\brecorded\b/.test(l))).toEqual([said.find((l) => l.includes('would be unsigned'))]);
    // Only perflab's probes ran: the accelerators, and whether Python has sglang. No server, no benchmark.
    expect(
      run.calls.every((c) => c.startsWith('nvidia-smi --query-gpu=') || /^python3 -c .*find_spec.* sglang$/.test(c)),
      run.calls.join('\n'),
    ).toBe(true);
    expect(run.calls.some((c) => c.startsWith('nvidia-smi'))).toBe(true);
    expect(written(root)).toEqual({ raw: [], logs: false });
  });

  it('on a laptop without GPU or engines: each program missing is named with every measurement it would fail, and it exits 1', async () => {
    const root = guideRoot();
    const run = dryRun(root, await freePort(), { PATH: `${bare.bin}:/usr/bin:/bin` });
    expect(run.status, run.stderr).toBe(1);
    const said = lines(run.stderr);
    expect(said).toContain(
      'run-plan: would fail: vllm is not installed (not found on PATH) (server 1 of 3, engine/vllm.txt, cases/second-workload/baseline.txt, engine/sglang.txt, …)',
    );
    expect(
      said.some((l) => l.startsWith('run-plan: each record would list no accelerator: nvidia-smi is not installed')),
    ).toBe(true);
    expect(said.at(-1)).toMatch(
      /^run-plan: dry run: nothing was measured and nothing was written .*; fix the \d problem\(s\) above first$/,
    );
    expect(written(root)).toEqual({ raw: [], logs: false });
  });

  it('a guide still holding FILL-INs: each measurement that cannot run as planned is named, exit 1', async () => {
    const root = guideRoot(false);
    const port = await freePort();
    const run = dryRun(root, port, {});
    expect(run.status, run.stderr).toBe(1);
    const said = lines(run.stderr);
    expect(said.filter((l) => l.startsWith('run-plan: cannot run as planned: '))).toHaveLength(7);
    expect(said).toContain(
      `run-plan: cannot run as planned: engine/vllm.txt: the command still holds FILL-IN from npm run new: vllm serve FILL-IN/qwen3-8b --tensor-parallel-size=2 --port ${port}`,
    );
    expect(said.at(-1)).toContain(
      'a real run would measure 0 of the 7 measurement(s) on 0 server(s); fix the 1 problem(s) above first',
    );
    expect(run.calls).toEqual([]);
  });

  it('a port another process holds, and results already in data/raw, are said', async () => {
    const root = guideRoot();
    const holder = createServer();
    const port = await new Promise<number>((done) =>
      holder.listen(0, '127.0.0.1', () => done((holder.address() as { port: number }).port)),
    );
    try {
      // One result already there (as check would read it: its text does not matter to the plan).
      const raw = join(root, 'data/raw', GUIDE, 'engine');
      spawnSync('mkdir', ['-p', raw]);
      writeFileSync(join(raw, 'vllm.txt'), 'a result\n');
      const run = dryRun(root, port, {});
      expect(run.status, run.stderr).toBe(1);
      const said = lines(run.stderr);
      expect(said).toContain('run-plan: 1 already in data/raw, not measured again: engine/vllm.txt');
      expect(said).toContain(
        `run-plan: would fail: 127.0.0.1:${port} is in use by another process (stop it, or give --port) (server 1 of 3, server 2 of 3, server 3 of 3)`,
      );
      expect(said.at(-1)).toContain('a real run would measure 6 of the 7 measurement(s) on 3 server(s)');
      expect(readFileSync(join(raw, 'vllm.txt'), 'utf8')).toBe('a result\n');
    } finally {
      holder.close();
    }
  });

  it('says who would sign the records, and that a key data/allowed-signers does not list would fail check', async () => {
    const root = guideRoot();
    const keys = folder('perflab-dry-run-keys-');
    const key = join(keys, 'author');
    expect(spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'author', '-f', key]).status).toBe(0);
    const unlisted = dryRun(root, await freePort(), { PERFLAB_SIGNING_KEY: key });
    expect(unlisted.status, unlisted.stderr).toBe(1);
    expect(lines(unlisted.stderr)).toContain(
      `run-plan: each record would fail npm run check: the signing key ${key} is not in data/allowed-signers for namespace perflab-record (E_RECORD_SIGNATURE); add it in a pull request of its own (README, "Signed records")`,
    );
    // Listed for git's namespace only: still not a record signer.
    const publicKey = readFileSync(`${key}.pub`, 'utf8').trim();
    writeFileSync(join(root, 'data/allowed-signers'), `author@example.com namespaces="git" ${publicKey}\n`);
    expect(dryRun(root, await freePort(), { PERFLAB_SIGNING_KEY: key }).status).toBe(1);
    writeFileSync(
      join(root, 'data/allowed-signers'),
      `# signers\nother@example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKey\nauthor@example.com namespaces="git,perflab-record" ${publicKey}\n`,
    );
    const listed = dryRun(root, await freePort(), { PERFLAB_SIGNING_KEY: key });
    expect(listed.status, listed.stderr).toBe(0);
    expect(lines(listed.stderr)).toContain(
      `run-plan: each record would be signed by author@example.com (data/allowed-signers line 3, key ${key})`,
    );
    // The key was only read: nothing signed, nothing written.
    expect(written(root)).toEqual({ raw: [], logs: false });
  });
});
