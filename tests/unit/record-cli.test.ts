// npm run record against a stand-in GPU box (tests/helpers/gpu-box): a real server process on
// 127.0.0.1, nvidia-smi and the benchmark clients on PATH. A result reaches data/raw only when its
// run succeeded, with its record beside it; a failed, killed or interrupted run, or a full disk,
// leaves data/raw as it was.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordFileSchema } from '../../src/lib/schema/record.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { devicesOf, freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';

const root = mkdtempSync(join(tmpdir(), 'perflab-record-'));
const box = gpuBox();
const GUIDE = 'qwen3-8b/h100';
const raw = join(root, 'data/raw', GUIDE);
let port = 0;
let server: ChildProcess | undefined;

const record = (args: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/record.ts'), GUIDE, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), ...extra }),
  });
const rawFiles = () => (existsSync(raw) ? readdirSync(raw, { recursive: true, encoding: 'utf8' }).sort() : []);

async function healthy(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} never became healthy`);
}

beforeAll(async () => {
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  port = await freePort();
  // The author started the baseline's server by hand, as the plan says, on a free port.
  server = spawn(
    join(box.bin, 'vllm'),
    ['serve', 'Qwen/qwen3-8b', '--tensor-parallel-size=2', '--port', String(port)],
    {
      env: box.env(),
      stdio: 'ignore',
    },
  );
  await healthy(`http://127.0.0.1:${port}/health`);
}, 30_000);
afterAll(() => {
  server?.kill('SIGTERM');
  box.remove();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run record', () => {
  it('streams the run, then files the result and what it ran on beside it', () => {
    const result = record(['engine/vllm.txt', '--port', String(port)]);
    expect(result.status, result.stderr).toBe(0);
    // The output reached the terminal as it ran, and the file holds what the tool printed.
    expect(result.stdout).toContain('============ Serving Benchmark Result ============');
    const text = readFileSync(join(raw, 'engine/vllm.txt'), 'utf8');
    expect(text).toContain('Successful requests:                     1000');
    expect(text).toContain(result.stdout.trim().split('\n').at(-1) ?? '');
    expect(result.stderr).toMatch(
      /record: engine\/vllm\.txt: recorded data\/raw\/qwen3-8b\/h100\/engine\/vllm\.txt and data\/raw\/qwen3-8b\/h100\/engine\/vllm\.txt\.record\.json/,
    );

    const saved = RecordFileSchema.parse(JSON.parse(readFileSync(join(raw, 'engine/vllm.txt.record.json'), 'utf8')));
    const [entry] = saved.results;
    expect(entry?.block).toBeNull();
    expect(entry?.accelerators).toEqual({
      kind: 'gpu',
      tool: 'nvidia-smi',
      driver: '570.124.06',
      devices: devicesOf('NVIDIA H100 80GB HBM3', 81559, ['00000000:18:00.0', '00000000:28:00.0']),
    });
    expect(entry?.engine).toEqual({ id: 'vllm', version: '0.11.0', source: `GET http://127.0.0.1:${port}/version` });
    expect(entry?.serving).toEqual({
      command: `vllm serve Qwen/qwen3-8b --tensor-parallel-size=2 --port ${port}`,
      startedBy: 'planned',
    });
    expect(entry?.benchmark.command).toBe(
      `vllm bench serve --model Qwen/qwen3-8b --dataset-name random --random-input-len 1024 --random-output-len 128 --ignore-eos --seed 42 --request-rate inf --num-prompts 1000 --port ${port}`,
    );
    expect(Date.parse(entry?.ended ?? '') >= Date.parse(entry?.started ?? '')).toBe(true);

    // ingest reads the result, not its record
    const ingest = spawnSync(process.execPath, [join(repoRoot, 'scripts/ingest.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache') },
    });
    expect(ingest.status, ingest.stderr).toBe(0);
    expect(readdirSync(join(root, 'data/runs', GUIDE), { recursive: true }).sort()).toEqual([
      'engine',
      'engine/vllm.json',
    ]);
  });

  it('never measures a result again without --force', () => {
    const before = statSync(join(raw, 'engine/vllm.txt')).mtimeMs;
    const again = record(['engine/vllm.txt', '--port', String(port)]);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('data/raw/qwen3-8b/h100/engine/vllm.txt is already there: not measured again');
    expect(again.stdout).toBe('');
    expect(statSync(join(raw, 'engine/vllm.txt')).mtimeMs).toBe(before);
    const forced = record([
      'engine/vllm.txt',
      '--port',
      String(port),
      '--force',
      '--serving-command',
      'vllm serve Qwen/qwen3-8b -tp 2',
    ]);
    expect(forced.status, forced.stderr).toBe(0);
    const saved = RecordFileSchema.parse(JSON.parse(readFileSync(join(raw, 'engine/vllm.txt.record.json'), 'utf8')));
    expect(saved.results.map((r) => r.serving)).toEqual([
      { command: 'vllm serve Qwen/qwen3-8b -tp 2', startedBy: 'author' },
    ]);
  });

  it('a benchmark killed half way, or one with no server to ask, writes nothing to data/raw and keeps its log', () => {
    const before = rawFiles();
    const killed = record(['cases/second-workload/baseline.txt', '--port', String(port)], { STANDIN_BENCH_DIE: '1' });
    expect(killed.status).toBe(1);
    expect(killed.stderr).toMatch(
      /record: cases\/second-workload\/baseline\.txt: killed by SIGKILL; nothing written to data\/raw \(its output: data\/\.record-logs\/qwen3-8b\/h100\/cases\/second-workload\/baseline\.txt\.[0-9TZ-]+\.log\)/,
    );
    const log = /\(its output: (\S+)\)/.exec(killed.stderr)?.[1] ?? '';
    expect(readFileSync(join(root, log), 'utf8')).toContain('50%|');
    const noServer = record(['tuning/after.txt', '--port', String(port + 1)]);
    expect(noServer.status).toBe(1);
    expect(noServer.stderr).toContain('Cannot connect to host');
    expect(noServer.stderr).toMatch(/record: tuning\/after\.txt: exited with 1; nothing written to data\/raw/);
    expect(rawFiles()).toEqual(before);
  });

  it('an interrupted run (Ctrl-C) stops the benchmark and writes nothing to data/raw', async () => {
    const before = rawFiles();
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'scripts/record.ts'), GUIDE, 'cases/second-workload/baseline.txt', '--port', String(port)],
      { cwd: root, env: box.env({ PERFLAB_ROOT: root, STANDIN_BENCH_MS: '4000' }), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('25%|') && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((done) => child.once('close', done));
    expect(code).toBe(130);
    expect(stderr).toMatch(/record: cases\/second-workload\/baseline\.txt: interrupted; nothing written to data\/raw/);
    expect(rawFiles()).toEqual(before);
  }, 30_000);

  it('a disk that fills while the result is saved leaves data/raw as it was', () => {
    // No full disk without root: a file-size limit (ulimit -f, 64 KiB) makes every write past it
    // fail the way a full disk does (EFBIG where a full disk says ENOSPC), in the log as it grows
    // and in the result as it is saved.
    const before = rawFiles();
    const full = spawnSync(
      'bash',
      [
        '-c',
        `ulimit -f 64; exec '${process.execPath}' '${join(repoRoot, 'scripts/record.ts')}' ${GUIDE} cases/second-workload/baseline.txt --port ${port}`,
      ],
      { cwd: root, encoding: 'utf8', env: box.env({ PERFLAB_ROOT: root, STANDIN_BENCH_NOISE: '4000' }) },
    );
    expect(full.status, full.stderr).toBe(1);
    expect(full.stderr).toMatch(
      /record: the log data\/\.record-logs\/\S+ cannot be written \(EFBIG\); the run goes on/,
    );
    expect(full.stderr).toMatch(
      /record: cases\/second-workload\/baseline\.txt: could not be saved: EFBIG \(is the disk full\?\); nothing written to data\/raw/,
    );
    expect(rawFiles()).toEqual(before);
  });

  it('refuses what it cannot run, before running anything', () => {
    const unknown = record(['nothing.txt']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      'nothing.txt is not a measurement of the plan; one of: engine/vllm.txt, engine/sglang.txt',
    );
    const outside = record(['../escape.txt', '--', 'vllm', 'bench', 'serve']);
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('../escape.txt is not a raw file of the guide');
    expect(record([]).status).toBe(2);
  });
});
