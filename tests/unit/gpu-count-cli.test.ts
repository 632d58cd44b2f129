// The attack on a real guide: GLM-4.x on 8 × H200 shows its TP 4 result (SGLang
// --tp-size 4) with `gpus: 4`. Written `gpus: 1`, the ShareGPT case's throughput per GPU would be
// four times what ran; check refuses it at that gpus: line, and passes the guide as committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-gpu-count-', ['glm-4.x']);
afterAll(() => repo.remove());

const file = 'content/guides/glm-4.x/h200/guide.yaml';
const committed = readFileSync(join(repo.root, file), 'utf8');
const CASE_SIDE = 'optimized: { result: parallel/tp4.txt, gpus: 4 }';

describe('gpus: on a comparison case side follows what ran', () => {
  it('the committed guide passes check', () => {
    const result = repo.run('check.ts');
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });

  it('gpus: 4 → gpus: 1 on the --tp-size 4 result fails check at that line', () => {
    expect(committed).toContain(CASE_SIDE);
    const line = committed.split('\n').findIndex((l) => l.includes(CASE_SIDE)) + 1;
    writeFileSync(join(repo.root, file), committed.replace(CASE_SIDE, CASE_SIDE.replace('gpus: 4', 'gpus: 1')));
    const result = repo.run('check.ts');
    expect(result.status).toBe(1);
    const column = committed.split('\n')[line - 1]!.indexOf('gpus: 4') + 1;
    const reported = result.stderr
      .split('\n')
      .find((l) => l.startsWith(`${file}:${line}:${column}: error E_GPU_COUNT`));
    expect(reported, result.stderr).toContain('gpus: 1 says this configuration runs on 1 GPU');
    expect(reported).toContain('runs on 4');
    // found: names the flag that ran and its line (the TP4 variant's command)
    expect(result.stderr).toMatch(/found: --tp-size 4 \(line \d+\) = 4 GPUs/);
  });
});
