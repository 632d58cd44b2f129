// A guide as an author has it before measuring: `npm run new`, then every FILL-IN replaced. Shared
// by the tests of the author's scripts (new, plan, record, run-plan), each in its own scratch
// repository (PERFLAB_ROOT).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from '../guide-from-disk.ts';

/**
 * A scratch repository removed after the test file, and `run`: one of perflab's scripts on it,
 * from the repository's folder, its output as text.
 */
export function scratchRepo(prefix: string): {
  root: string;
  run: (script: string, ...args: string[]) => SpawnSyncReturns<string>;
} {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [join(repoRoot, 'scripts', script), ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: root },
    });
  return { root, run };
}

/** What an author writes in place of the scaffold's FILL-INs. */
export type FillIns = {
  /** the tuning step's id and the flag its "after" variant adds */
  tuning: { id: string; flag: string };
  /** each engine's version, by engine id */
  versions: Readonly<Record<string, string>>;
  /** hardware.name and label's vendor ("NVIDIA"); otherwise the FILL-IN is only removed */
  vendor?: string;
  /** anything else, on each file's text before the FILL-INs left are removed */
  more?: (text: string) => string;
};

/** Every FILL-IN of a scaffolded guide's guide.yaml, en.md and zh.md replaced as `fills` says, or removed. */
export function fillIn(root: string, model: string, hardware: string, fills: FillIns): void {
  const dir = join(root, 'content/guides', model, hardware);
  for (const name of ['guide.yaml', 'en.md', 'zh.md']) {
    const path = join(dir, name);
    let text = readFileSync(path, 'utf8')
      .replaceAll('FILL-IN/', 'Qwen/')
      .replace(
        /(\{ id: ([\w-]+), name: [^,{}]+, version: )FILL-IN( \})/g,
        (whole, head: string, id: string, tail: string) => {
          const version = fills.versions[id];
          return version === undefined ? whole : `${head}${version}${tail}`;
        },
      )
      .replaceAll('fill-in-tuning', fills.tuning.id)
      .replaceAll('--fill-in=value', fills.tuning.flag);
    if (fills.vendor !== undefined)
      text = text
        .replace('name: FILL-IN ', `name: ${fills.vendor} `)
        .replace('label: FILL-IN ', `label: ${fills.vendor} `);
    text = (fills.more ?? ((t: string) => t))(text)
      .replaceAll(/ ?[(（]FILL-IN[)）]/g, '')
      .replaceAll(/FILL-IN ?/g, '');
    writeFileSync(path, text);
  }
}

/** `npm run new` in `root`, filled in with what the stand-in GPU box reports (NVIDIA H100, vLLM 0.11.0, SGLang 0.5.3). */
export function scaffoldedGuide(root: string, model: string, hardware: string, gpus: number): void {
  const made = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/new-guide.ts'), model, hardware, '--gpus', String(gpus)],
    { cwd: root, encoding: 'utf8', env: { ...process.env, PERFLAB_ROOT: root } },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  fillIn(root, model, hardware, {
    tuning: { id: 'mem-fraction', flag: '--mem-fraction-static=0.85' },
    versions: { vllm: 'v0.11.0', sglang: 'v0.5.3' },
    vendor: 'NVIDIA',
  });
}
