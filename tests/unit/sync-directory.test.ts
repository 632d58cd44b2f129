// syncDirectory writes ingest's and compute's output: into a folder that did not exist (a cold
// ingest, which skips every lookup), and over one that did (only what changed, stale files and the
// folders they leave empty removed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFiles, syncDirectory } from '../../src/pipeline/fs-policy.ts';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-sync-'));
  scratch.push(dir);
  return dir;
}
const contents = (dir: string) =>
  Object.fromEntries(listFiles(dir).map((path) => [relative(dir, path), readFileSync(path, 'utf8')]));

const files = new Map([
  ['glm/h200/engine/vllm.json', '{"a":1}\n'],
  ['glm/h200/engine/sglang.json', '{"a":2}\n'],
  ['glm/h200/cases/long/baseline.json', '{"a":3}\n'],
  ['qwen/a100/gsm8k.json', '{"a":4}\n'],
]);

describe('syncDirectory', () => {
  it('into a folder that does not exist: every file, in its nested folders', () => {
    const target = join(folder(), 'data/runs');
    mkdirSync(join(target, '..'));
    expect(syncDirectory(target, files)).toEqual({ written: 4, removed: 0 });
    expect(contents(target)).toEqual(Object.fromEntries(files));
  });

  it('over an existing folder: changed files written, stale ones removed with the folders they emptied', () => {
    const target = folder();
    syncDirectory(target, files);
    writeFileSync(join(target, 'glm/h200/engine/vllm.json'), 'edited by hand\n');
    mkdirSync(join(target, 'left/empty'), { recursive: true });
    const next = new Map(files);
    next.delete('qwen/a100/gsm8k.json');
    next.set('glm/h200/engine/sglang.json', '{"a":5}\n');
    next.set('deepseek/h20/new.json', '{"a":6}\n');
    expect(syncDirectory(target, next)).toEqual({ written: 3, removed: 1 });
    expect(contents(target)).toEqual(Object.fromEntries(next));
    expect(existsSync(join(target, 'qwen'))).toBe(false);
    expect(existsSync(join(target, 'left'))).toBe(false);
  });

  it('a file the caller kept is neither read, written nor removed, and needs no text', () => {
    const target = folder();
    syncDirectory(target, files);
    writeFileSync(join(target, 'qwen/a100/gsm8k.json'), 'changed since verified\n');
    const others = new Map(files);
    others.delete('qwen/a100/gsm8k.json');
    expect(syncDirectory(target, others, new Set(['qwen/a100/gsm8k.json']))).toEqual({ written: 0, removed: 0 });
    expect(readFileSync(join(target, 'qwen/a100/gsm8k.json'), 'utf8')).toBe('changed since verified\n');
    expect(syncDirectory(target, files)).toEqual({ written: 1, removed: 0 });
    expect(syncDirectory(target, others)).toEqual({ written: 0, removed: 1 });
    expect(existsSync(join(target, 'qwen'))).toBe(false);
  });
});
