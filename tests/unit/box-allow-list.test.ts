// What the GPU box runs, tried as a hostile pull request would (issue 39): each attack is a
// guide.yaml command (or a file of the pull request) that made record run the pull request's own
// code, or write outside the repository, with check at exit 0. Against the stand-in GPU box
// (tests/helpers/gpu-box) and a stand-in vLLM server on 127.0.0.1; each attack leaves a marker file
// when its code runs. Now none runs, record says why, and check names the guide.yaml line.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordFileSchema } from '../../src/lib/schema/record.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';

const GUIDE = 'qwen3-8b/h100';
const box = gpuBox();
// The machine's own Python, for the attacks that need a real interpreter to run a file.
const realPython = mkdtempSync(join(tmpdir(), 'perflab-real-python-'));
const marks = mkdtempSync(join(tmpdir(), 'perflab-marks-'));
const roots: string[] = [];
let port = 0;
let server: ChildProcess | undefined;

beforeAll(async () => {
  symlinkSync(
    spawnSync('sh', ['-c', 'command -v python3.11 || command -v python3'], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin' },
    }).stdout.trim(),
    join(realPython, 'python3'),
  );
  port = await freePort();
  server = spawn(join(box.bin, 'vllm'), ['serve', 'Qwen/qwen3-8b', '--port', String(port)], {
    env: box.env(),
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}, 30_000);
afterAll(() => {
  server?.kill('SIGTERM');
  box.remove();
  for (const dir of [realPython, marks, ...roots]) rmSync(dir, { recursive: true, force: true });
});

/** A scaffolded guide whose engine step (or vLLM variant) the pull request changed as `edit` says. */
function scratch(edit: (yaml: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'perflab-box-'));
  roots.push(root);
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  const path = join(root, 'content/guides', GUIDE, 'guide.yaml');
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return root;
}

/** The second comparison case measured with `command` instead of its profile (its baseline: vLLM's server). */
const caseBenchmark = (command: string) => (yaml: string) =>
  yaml.replace('      profile: second-workload\n', `      benchmark: ${command}\n`);
const MEASUREMENT = 'cases/second-workload/baseline.txt';

/** A file of the pull request, executable, that leaves `mark` when it runs (and prints `print`). */
function prFile(root: string, path: string, mark: string, print = '', python = false): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(
    file,
    python
      ? `open(${JSON.stringify(join(marks, mark))}, 'w').write('ran')\n`
      : `#!/bin/sh\necho ran > '${join(marks, mark)}'\nprintf '%s\\n' '${print}'\n`,
  );
  chmodSync(file, 0o755);
}

const ran = (mark: string) => existsSync(join(marks, mark));

function script(root: string, name: string, args: readonly string[], path?: string) {
  return spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: box.env({
      PERFLAB_ROOT: root,
      PERFLAB_PIPELINE_CACHE: join(root, '.cache'),
      ...(path ? { PATH: path } : {}),
    }),
  });
}

const lineOf = (root: string, part: string) =>
  readFileSync(join(root, 'content/guides', GUIDE, 'guide.yaml'), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(part)) + 1;

/** check's E_COMMAND_NOT_ALLOWED errors, as `line:col: message`. */
function refusedByCheck(root: string): string[] {
  const check = script(root, 'check.ts', []);
  expect(check.status).toBe(1);
  return check.stderr
    .split('\n')
    .filter((l) => l.includes('error E_COMMAND_NOT_ALLOWED'))
    .map((l) => l.replace(`content/guides/${GUIDE}/guide.yaml:`, '').replace(/ error E_COMMAND_NOT_ALLOWED: /, ' '));
}

describe('the GPU box runs nothing a pull request wrote', () => {
  it('a PATH prefix in the benchmark command that finds the PR’s own vllm (.tools/vllm)', () => {
    const root = scratch(
      caseBenchmark(
        `PATH=data/raw/qwen3-8b/h100/.tools:/usr/bin:/bin vllm bench serve --model Qwen/qwen3-8b --port ${port}`,
      ),
    );
    prFile(root, 'data/raw/qwen3-8b/h100/.tools/vllm', 'path-prefix');
    const record = script(root, 'record.ts', [GUIDE, MEASUREMENT, '--port', String(port)]);
    expect(ran('path-prefix')).toBe(false);
    expect(record.status).toBe(2);
    expect(record.stderr).toContain(
      'the benchmark command sets PATH, which changes which program or code runs: perflab runs the program from your own PATH with your own environment',
    );
    expect(refusedByCheck(root)).toEqual([
      `${lineOf(root, 'benchmark: PATH=')}:18: the benchmark command sets PATH, which changes which program or code runs: perflab runs the program from your own PATH with your own environment`,
    ]);
  });

  it('python3 running a script of the pull request (data/raw/…/benchmark_serving.py)', () => {
    const root = scratch(
      caseBenchmark(`python3 data/raw/qwen3-8b/h100/.bench/benchmark_serving.py --model Qwen/qwen3-8b --port ${port}`),
    );
    prFile(root, 'data/raw/qwen3-8b/h100/.bench/benchmark_serving.py', 'python-script', '', true);
    const plan = script(root, 'plan.ts', [GUIDE, '--json'], `${realPython}:${box.bin}:/usr/bin:/bin`);
    // plan no longer takes it for vLLM's benchmark tool
    const planned = (JSON.parse(plan.stdout) as { measurements: { id: string; benchmark?: { tool: string } }[] })
      .measurements;
    expect(planned.find((m) => m.id === MEASUREMENT)?.benchmark?.tool).toBe('other');
    const record = script(
      root,
      'record.ts',
      [GUIDE, MEASUREMENT, '--port', String(port)],
      `${realPython}:${box.bin}:/usr/bin:/bin`,
    );
    expect(ran('python-script')).toBe(false);
    expect(record.status).toBe(2);
    expect(record.stderr).toContain(
      'the benchmark command runs `python3 data/raw/qwen3-8b/h100/.bench/benchmark_serving.py`, which runs a script or code rather than a module perflab knows',
    );
    expect(refusedByCheck(root)).toHaveLength(1);
    expect(refusedByCheck(root)[0]).toMatch(new RegExp(`^${lineOf(root, 'benchmark: python3')}:18: `));
  });

  it("awk 'BEGIN{system(…)}' and curl -o are no benchmark tools", () => {
    const awk = scratch(caseBenchmark(`awk 'BEGIN{system("touch ${join(marks, 'awk')}")}'`));
    const curl = scratch(caseBenchmark(`curl -s -o ${join(marks, 'curl')} http://127.0.0.1:${port}/v1/models`));
    for (const [root, mark, program] of [
      [awk, 'awk', 'awk'],
      [curl, 'curl', 'curl'],
    ] as const) {
      const record = script(root, 'record.ts', [GUIDE, MEASUREMENT, '--port', String(port)]);
      expect(ran(mark), program).toBe(false);
      expect(record.status).toBe(2);
      expect(record.stderr).toContain(`the benchmark command runs \`${program}\`, a program perflab does not run`);
      expect(refusedByCheck(root)).toEqual([
        `${lineOf(root, `benchmark: ${program}`)}:18: the benchmark command runs \`${program}\`, a program perflab does not run: a benchmark command runs one of vllm bench serve, python3 -m sglang.bench_serving, python3 -m sglang.test.few_shot_gsm8k, guidellm benchmark, lm_eval, lm-eval, python3 -m lm_eval, aiperf profile, genai-perf profile`,
      ]);
    }
  });

  it("the serving command's environment never reaches nvidia-smi, even when the author types the benchmark", () => {
    const root = scratch((yaml) =>
      yaml.replace(
        '{ id: vllm, label: vLLM, engine: vllm, args: [--tensor-parallel-size=2], result: engine/vllm.txt }',
        '{ id: vllm, label: vLLM, engine: vllm, command: "PATH=data/raw/qwen3-8b/h100/.tools:/usr/bin:/bin vllm serve Qwen/qwen3-8b --tensor-parallel-size=2", result: engine/vllm.txt }',
      ),
    );
    prFile(
      root,
      'data/raw/qwen3-8b/h100/.tools/nvidia-smi',
      'nvidia-smi',
      'index, name, memory.total [MiB], driver_version, pci.bus_id\n0, NVIDIA H200, 143771 MiB, 999.99-forged, 00000000:18:00.0',
    );
    const record = script(root, 'record.ts', [
      GUIDE,
      'engine/vllm.txt',
      '--port',
      String(port),
      '--',
      'vllm',
      'bench',
      'serve',
      '--model',
      'Qwen/qwen3-8b',
      '--port',
      String(port),
    ]);
    expect(record.status, record.stderr).toBe(0);
    expect(ran('nvidia-smi')).toBe(false);
    const saved = RecordFileSchema.parse(
      JSON.parse(readFileSync(join(root, 'data/raw', GUIDE, 'engine/vllm.txt.record.json'), 'utf8')),
    );
    expect(saved.results[0]?.accelerators?.driver).toBe('570.124.06');
    expect(refusedByCheck(root)).toEqual([
      `${lineOf(root, 'command: "PATH=')}:58: the serving command sets PATH, which changes which program or code runs: perflab runs the program from your own PATH with your own environment`,
    ]);
  });

  it('a program of the repository first on PATH (npm run puts node_modules/.bin there) is passed over', () => {
    const root = scratch((yaml) => yaml);
    prFile(root, 'node_modules/.bin/vllm', 'node-modules-bin');
    const record = script(
      root,
      'record.ts',
      [GUIDE, MEASUREMENT, '--port', String(port)],
      `${join(root, 'node_modules/.bin')}:${box.bin}:/usr/bin:/bin`,
    );
    expect(ran('node-modules-bin')).toBe(false);
    expect(record.status, record.stderr).toBe(0);
    expect(record.stdout).toContain('============ Serving Benchmark Result ============');
  });

  it('python3 -m runs no module of the repository: the tools run in a working folder outside it', () => {
    const root = scratch(caseBenchmark(`python3 -m sglang.bench_serving --model Qwen/qwen3-8b --port ${port}`));
    writeFileSync(join(root, '__init__.py'), '');
    mkdirSync(join(root, 'sglang'));
    writeFileSync(join(root, 'sglang/__init__.py'), '');
    prFile(root, 'sglang/bench_serving.py', 'module', '', true);
    const record = script(
      root,
      'record.ts',
      [GUIDE, MEASUREMENT, '--port', String(port)],
      `${realPython}:${box.bin}:/usr/bin:/bin`,
    );
    expect(ran('module')).toBe(false);
    // the machine's Python has no SGLang: the run fails, and nothing of the pull request ran
    expect(record.status).toBe(1);
    expect(record.stderr).toContain("No module named 'sglang'");
  });

  it('flags that load code or write where they say, and paths that climb, are refused at their line', () => {
    const root = scratch((yaml) =>
      caseBenchmark(`vllm bench serve --model Qwen/qwen3-8b --result-dir /etc --dataset-path ../../x.json`)(
        yaml.replace(
          'args: [--tensor-parallel-size=2], result: engine/vllm.txt',
          'args: [--tensor-parallel-size=2, --tool-parser-plugin=data/raw/qwen3-8b/h100/p.py], result: engine/vllm.txt',
        ),
      ),
    );
    const record = script(root, 'record.ts', [GUIDE, MEASUREMENT, '--port', String(port)]);
    expect(record.status).toBe(2);
    const line = lineOf(root, 'benchmark: vllm');
    expect(refusedByCheck(root)).toEqual([
      `${lineOf(root, '--tool-parser-plugin')}:81: the serving command gives --tool-parser-plugin, which imports a Python file as code`,
      `${line}:57: the benchmark command gives --result-dir, which writes the result where it says`,
      `${line}:90: the benchmark command names ../../x.json, a path that climbs out of the working folder (..)`,
    ]);
  });
});
