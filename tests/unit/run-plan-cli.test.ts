// npm run run-plan on a stand-in GPU box: from a scaffolded guide.yaml to raw files and their
// records for every variant, unattended; killed half way, it goes on where it stopped; a server
// that dies at start or never becomes healthy fails its measurements with the reason.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordFileSchema } from '../../src/lib/schema/record.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';
import { listening } from '../../src/pipeline/server-process.ts';

const box = gpuBox();
const roots: string[] = [];
afterAll(() => {
  box.remove();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
const GUIDE = 'qwen3-8b/h100';
const RESULTS = [
  'cases/second-workload/baseline.txt',
  'cases/second-workload/optimized.txt',
  'engine/sglang.txt',
  'engine/vllm.txt',
  'gsm8k/after.txt',
  'gsm8k/before.txt',
  'tuning/after.txt',
];

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'perflab-run-plan-'));
  roots.push(root);
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  return root;
}
const envOf = (root: string, extra: NodeJS.ProcessEnv = {}) =>
  box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), PERFLAB_TODAY: '2026-12-31', ...extra });
const script = (root: string, name: string, args: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: envOf(root, extra),
  });
/** Raw results (not records) under the guide's raw folder. */
const results = (root: string) => {
  const dir = join(root, 'data/raw', GUIDE);
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((p) => p.endsWith('.txt'))
        .sort()
    : [];
};

describe('npm run run-plan', () => {
  it('measures a scaffolded guide from end to end: every result with its record, then check passes', async () => {
    const root = scratch();
    const port = await freePort();
    const run = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--health-timeout', '20', '--yes']);
    expect(run.status, run.stderr).toBe(0);
    expect(results(root)).toEqual(RESULTS);
    for (const file of RESULTS) {
      const record = RecordFileSchema.parse(
        JSON.parse(readFileSync(join(root, 'data/raw', GUIDE, `${file}.record.json`), 'utf8')),
      );
      expect(record.results[0]?.serving?.startedBy, file).toBe('run-plan');
      expect(record.results[0]?.accelerators?.devices, file).toHaveLength(2);
    }
    const lines = run.stderr.split('\n');
    // n of N, the time since the start, what runs now; then the summary
    expect(lines).toContain(
      `run-plan: server 1 of 3: starting vllm serve Qwen/qwen3-8b --tensor-parallel-size=2 --port ${port} (log: ${
        lines.find((l) => l.includes('server 1 of 3: starting'))?.match(/\(log: (\S+)\)/)?.[1] ?? ''
      })`,
    );
    expect(
      lines.filter((l) => /^run-plan: \[\d\/7\] \d+:\d\d \S+: recording \(server \d of 3\)$/.test(l)),
    ).toHaveLength(7);
    expect(run.stderr).toContain('run-plan: qwen3-8b/h100: 7 measurement(s) in ');
    expect(run.stderr).toMatch(/7 recorded, 0 already there, 0 failed, 0 that cannot run as planned/);
    // no server is left behind
    expect(await listening('127.0.0.1', port)).toBe(false);

    const check = script(root, 'check.ts', []);
    expect(check.stderr.split('\n').filter((l) => / error /.test(l))).toEqual([]);
    expect(check.status, check.stderr).toBe(0);

    // check holds guide.yaml to what was recorded, each difference at the line to change
    const yamlPath = join(root, 'content/guides', GUIDE, 'guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part)) + 1;
    const errors = (edited: string) => {
      writeFileSync(yamlPath, edited);
      const result = script(root, 'check.ts', []);
      writeFileSync(yamlPath, yaml);
      expect(result.status).toBe(1);
      return result.stderr.split('\n').filter((l) => / error E_RECORDED/.test(l));
    };
    const newer = yaml.replace('version: v0.11.0', 'version: v0.12.0');
    expect(errors(newer)).toEqual([
      `content/guides/${GUIDE}/guide.yaml:${lineOf(newer, 'v0.12.0')}:29: error E_RECORDED_ENGINE: vLLM v0.12.0, but the records of cases/second-workload/baseline.txt and 1 other result say vLLM 0.11.0 (GET http://127.0.0.1:${port}/version)`,
    ]);
    const bigger = yaml.replace(/gpus: 2 /, 'gpus: 4 ');
    expect(errors(bigger)).toEqual([
      `content/guides/${GUIDE}/guide.yaml:${lineOf(bigger, 'gpus: 4')}:3: error E_RECORDED_MACHINE: hardware.gpus is 4, but the records of cases/second-workload/baseline.txt and 6 other results say the machine has 2 GPUs (nvidia-smi: 2 × NVIDIA H100 80GB HBM3)`,
    ]);
    const drifted = yaml.replace(
      'args: [--tp-size=2, --mem-fraction-static=0.85], result: tuning/after.txt',
      'args: [--tp-size=2, --mem-fraction-static=0.9], result: tuning/after.txt',
    );
    expect(errors(drifted)).toEqual([
      `content/guides/${GUIDE}/guide.yaml:${lineOf(drifted, 'static=0.9')}:9: error E_RECORDED_FLAGS: step mem-fraction, variant after: tuning/after.txt was not run as guide.yaml configures it: guide.yaml sets --mem-fraction-static 0.9, it ran with --mem-fraction-static 0.85`,
      // the GSM8K check's "after" ran on that variant's server too
      `content/guides/${GUIDE}/guide.yaml:${lineOf(drifted, 'result: gsm8k/after.txt')}:9: error E_RECORDED_FLAGS: accuracy gsm8k, after: gsm8k/after.txt was not run as guide.yaml configures it: guide.yaml sets --mem-fraction-static 0.9, it ran with --mem-fraction-static 0.85`,
    ]);
    const recordPath = join(root, 'data/raw', GUIDE, 'engine/vllm.txt.record.json');
    const record = readFileSync(recordPath, 'utf8');
    writeFileSync(recordPath, record.replace('--num-prompts 1000', '--num-prompts 500'));
    expect(errors(yaml)).toEqual([
      `data/raw/${GUIDE}/engine/vllm.txt:${lineOf(readFileSync(join(root, 'data/raw', GUIDE, 'engine/vllm.txt'), 'utf8'), 'Successful requests:')}: error E_RECORDED_WORKLOAD: the benchmark was asked for 500 requests (its command in vllm.txt.record.json), but the block counts 1000`,
    ]);
    writeFileSync(recordPath, record.replace('"perflabRecord": 1', '"perflabRecord": 2'));
    const broken = script(root, 'check.ts', []);
    expect(broken.stderr).toMatch(
      /data\/raw\/qwen3-8b\/h100\/engine\/vllm\.txt\.record\.json:2: error E_RECORD: not a record npm run record writes: perflabRecord: not an allowed value/,
    );
    writeFileSync(recordPath, record);

    // a second run finds everything there and starts no server
    const again = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--yes']);
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain('starting');
    expect(again.stderr).toMatch(/0 recorded, 7 already there/);
  }, 120_000);

  it('killed half way (kill -9), goes on where it stopped, and stops the server it left running', async () => {
    const root = scratch();
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'scripts/run-plan.ts'), GUIDE, '--port', String(port), '--health-timeout', '20', '--yes'],
      { cwd: root, env: envOf(root, { STANDIN_BENCH_MS: '600' }), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // killed while the second server is up, between two of its measurements
      if ((stderr.match(/: recorded data\/raw/g) ?? []).length >= 3 && !child.killed) child.kill('SIGKILL');
    });
    await new Promise((done) => child.once('close', done));
    const first = results(root);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.length).toBeLessThan(7);
    const stamps = new Map(first.map((f) => [f, statSync(join(root, 'data/raw', GUIDE, f)).mtimeMs]));

    const resumed = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--health-timeout', '20', '--yes']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/run-plan: stopping the server the last run left running \(pid \d+\): /);
    expect(resumed.stderr).toContain(`${first.length} already there`);
    expect(results(root)).toEqual(RESULTS);
    for (const [file, mtime] of stamps) expect(statSync(join(root, 'data/raw', GUIDE, file)).mtimeMs, file).toBe(mtime);
  }, 120_000);

  it('a server that dies at start, or never becomes healthy, fails its measurements with why; the rest go on', async () => {
    const root = scratch();
    const port = await freePort();
    const crash = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--health-timeout', '20', '--yes'], {
      STANDIN_CRASH_FLAG: '--mem-fraction-static',
    });
    expect(crash.status).toBe(1);
    expect(results(root)).toEqual(
      RESULTS.filter(
        (f) => !['gsm8k/after.txt', 'tuning/after.txt', 'cases/second-workload/optimized.txt'].includes(f),
      ),
    );
    expect(crash.stderr).toMatch(/4 recorded, 0 already there, 3 failed/);
    expect(crash.stderr).toMatch(
      / {2}failed {4}tuning\/after\.txt: the server exited with 1 before it was healthy \(log: data\/\.record-logs\/qwen3-8b\/h100\/servers\/\S+-sglang\.log\)/,
    );
    expect(crash.stderr).toContain(
      'status: failed and its reason in content/guides/qwen3-8b/h100/guide.yaml:51 (step mem-fraction, variant after)',
    );
    const log = /failed {4}tuning\/after\.txt: .*\(log: (\S+)\)/.exec(crash.stderr)?.[1] ?? '';
    expect(readFileSync(join(root, log), 'utf8')).toContain('CUDA error: out of memory');
    const state = JSON.parse(readFileSync(join(root, 'data/.record-logs', GUIDE, 'run-state.json'), 'utf8')) as {
      failed: Record<string, { reason: string }>;
    };
    expect(Object.keys(state.failed).sort()).toEqual([
      'cases/second-workload/optimized.txt',
      'gsm8k/after.txt',
      'tuning/after.txt',
    ]);

    const never = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--health-timeout', '2', '--yes'], {
      STANDIN_NEVER_HEALTHY: '1',
    });
    expect(never.status).toBe(1);
    expect(never.stderr).toContain(
      `failed    tuning/after.txt: the server was not healthy after 2 s (GET http://127.0.0.1:${port}/health)`,
    );
    expect(never.stderr).toMatch(/0 recorded, 4 already there, 3 failed/);
  }, 120_000);
});

describe('a result already in data/raw is never measured again', () => {
  it('a GSM8K result naming one block of an existing lm-evaluation-harness file ({file, block}) is there: plan, record and run-plan leave it', async () => {
    const root = scratch();
    const yamlPath = join(root, 'content/guides', GUIDE, 'guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    expect(yaml).toContain('result: gsm8k/before.txt');
    writeFileSync(
      yamlPath,
      yaml.replace('result: gsm8k/before.txt', 'result: { file: gsm8k/before.json, block: strict-match }'),
    );
    // lm-evaluation-harness labels its blocks by filter (strict-match, flexible-extract): no "# label" line
    const rawFile = join(root, 'data/raw', GUIDE, 'gsm8k/before.json');
    mkdirSync(join(rawFile, '..'), { recursive: true });
    const text = readFileSync(join(repoRoot, 'tests/fixtures/lm-eval-json/glm-5.2-results/input.json'), 'utf8');
    writeFileSync(rawFile, text);

    const plan = script(root, 'plan.ts', [GUIDE]);
    expect(plan.stdout).toContain('  [~] gsm8k/before.json#strict-match   (accuracy gsm8k, before)');
    const record = script(root, 'record.ts', [GUIDE, 'gsm8k/before.json#strict-match']);
    expect(record.stderr).toContain('gsm8k/before.json (block strict-match) is already there: not measured again');

    const port = await freePort();
    const run = script(root, 'run-plan.ts', [GUIDE, '--port', String(port), '--health-timeout', '20', '--yes']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\] \d+:\d\d gsm8k\/before\.json#strict-match: already there/);
    expect(run.stderr).toMatch(/6 recorded, 1 already there, 0 failed/);
    expect(readFileSync(rawFile, 'utf8')).toBe(text);
    expect(script(root, 'check.ts', []).stderr).not.toContain('E_DUPLICATE');
  }, 120_000);
});
