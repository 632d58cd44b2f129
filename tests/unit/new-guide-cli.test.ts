// `npm run new` scaffolds a schema-valid guide; `npm run check` then names exactly what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-new-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, PERFLAB_ROOT: scratch },
  });

describe('npm run new', () => {
  it('writes guide.yaml, en.md, zh.md and the raw folder', () => {
    const result = run('new-guide.ts', 'qwen3-8b', 'h100');
    expect(result.status, result.stderr).toBe(0);
    for (const file of [
      'content/guides/qwen3-8b/h100/guide.yaml',
      'content/guides/qwen3-8b/h100/en.md',
      'content/guides/qwen3-8b/h100/zh.md',
      'data/raw/qwen3-8b/h100',
    ]) {
      expect(existsSync(join(scratch, file)), file).toBe(true);
    }
  });

  it('refuses to overwrite an existing guide and bad slugs', () => {
    expect(run('new-guide.ts', 'qwen3-8b', 'h100').status).toBe(1);
    expect(run('new-guide.ts', 'Qwen 3', 'h100').status).toBe(2);
  });

  it('check then reports only the missing raw results, at their guide.yaml lines', () => {
    const result = run('check.ts');
    expect(result.status).toBe(1);
    const errors = result.stderr.split('\n').filter((l) => / error /.test(l));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors)
      expect(line).toMatch(
        /^content\/guides\/qwen3-8b\/h100\/guide\.yaml:\d+:\d+: error E_REFERENCE: no raw result "engine\/(vllm|sglang)\.txt"/,
      );
  });
});
