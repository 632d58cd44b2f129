// Ingest and compute skip guides whose sources did not change (content-hash cache outside data/),
// and what they write is byte for byte what a cold run writes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

// The GLM guides (4 of the repository's): every run below goes over all of them.
const repo = scratchRepo('perflab-incremental-', ['glm-4.x', 'glm-5.2']);
const { root: scratch, cache, snapshot } = repo;
afterAll(repo.remove);

const run = (script: string) => {
  const result = repo.run(script);
  expect(result.status, result.stderr).toBe(0);
  return result.stderr;
};

const guides = listFiles(join(scratch, 'content/guides')).filter((path) => path.endsWith('guide.yaml')).length;

// A dozen runs of the CLIs a test: about 8 s on a quiet 2-core machine, 35 s on a busy one.
describe('a rebuild after one raw file changed', { timeout: 120_000 }, () => {
  it('re-ingests and recomputes that guide only, and writes what a cold run writes', () => {
    run('ingest.ts');
    run('compute.ts');
    expect(run('ingest.ts')).toContain(`${guides} guide(s) unchanged`);
    expect(run('compute.ts')).toContain(`${guides} unchanged`);

    const raw = join(scratch, 'data/raw/glm-5.2/h200/engine/vllm.txt');
    writeFileSync(raw, perturbResultText(readFileSync(raw, 'utf8'), 1.01));
    const ingest = run('ingest.ts');
    expect(ingest).toMatch(/ingest: glm-5\.2\/h200: \d+ raw file\(s\), \d+ run\(s\)\n/);
    expect(ingest).toContain('glm-4.x/h200: 7 raw file(s), 14 run(s) (unchanged)');
    expect(ingest).toContain(`2 written, 0 removed; ${guides - 1} guide(s) unchanged`); // the run and the sources manifest
    const compute = run('compute.ts');
    expect(compute).toMatch(/compute: glm-5\.2\/h200: 7 step\(s\), 5 case\(s\)\n/);
    expect(compute).toContain(`1 written, 0 removed; ${guides - 1} unchanged`);
    const warm = snapshot();
    expect(warm.get('data/runs/glm-5.2/h200/engine/vllm.json')).not.toBe(
      readFileSync(join(repoRoot, 'data/runs/glm-5.2/h200/engine/vllm.json'), 'utf8'),
    );

    rmSync(cache, { recursive: true });
    rmSync(join(scratch, 'data/runs'), { recursive: true });
    rmSync(join(scratch, 'data/guides'), { recursive: true });
    rmSync(join(scratch, 'data/prose'), { recursive: true });
    expect(run('ingest.ts')).toContain('0 guide(s) unchanged');
    run('compute.ts');
    expect(snapshot()).toEqual(warm);
  });

  it('npm run data (ingest, then compute, in one process) redoes that guide only and writes what the two stages write', () => {
    run('data.ts');
    const raw = join(scratch, 'data/raw/glm-4.x/h200/engine/vllm.txt');
    const before = readFileSync(raw, 'utf8');
    writeFileSync(raw, perturbResultText(before, 1.01));
    // A run file of another guide edited by hand: ingest writes it back, and compute reads what it wrote.
    const handEdited = join(scratch, 'data/runs/glm-5.2/h200/engine/sglang.json');
    const ingested = readFileSync(handEdited, 'utf8');
    writeFileSync(handEdited, ingested.replace(/"value": \d+/, '"value": 1'));
    const data = run('data.ts');
    expect(data).toContain(`3 written, 0 removed; ${guides - 2} guide(s) unchanged`); // a run, its manifest, the hand-edited run
    expect(data).toMatch(/compute: glm-4\.x\/h200: \d+ step\(s\), \d+ case\(s\)\n/);
    expect(data).toContain(`1 written, 0 removed; ${guides - 1} unchanged`);
    expect(readFileSync(handEdited, 'utf8')).toBe(ingested);
    // What it stamped after writing is what is on disk: the next run reads no guide.
    const again = run('data.ts');
    expect(again).toContain(`${guides} guide(s) unchanged`);
    expect(again).toContain(`0 written, 0 removed; ${guides} unchanged`);
    const warm = snapshot();

    rmSync(cache, { recursive: true });
    rmSync(join(scratch, 'data/runs'), { recursive: true });
    rmSync(join(scratch, 'data/guides'), { recursive: true });
    rmSync(join(scratch, 'data/prose'), { recursive: true });
    run('ingest.ts');
    run('compute.ts');
    expect(snapshot()).toEqual(warm);
    writeFileSync(raw, before);
    run('data.ts');
  });

  it('a guide whose block another guide gains is computed again, and names the copy (cached or not)', () => {
    run('ingest.ts');
    run('compute.ts');
    const source = readFileSync(join(scratch, 'data/raw/glm-5.2/h200/engine/sglang.txt'), 'utf8');
    writeFileSync(join(scratch, 'data/raw/glm-4.x/h200/engine/vllm.txt'), source);
    run('ingest.ts');
    const compute = repo.run('compute.ts');
    expect(compute.status).toBe(1);
    // glm-5.2's own sources did not change: only the block index sends it through compute again.
    expect(compute.stderr).toMatch(
      /content\/guides\/glm-5\.2\/h200\/guide\.yaml:\d+:\d+: error E_UNACKNOWLEDGED: data\/raw\/glm-5\.2\/h200\/engine\/sglang\.txt holds the same block as data\/raw\/glm-4\.x\/h200\/engine\/vllm\.txt/,
    );
  });

  it('so is a guide whose block another guide gains with one number changed, naming the number', () => {
    const vllm = join(scratch, 'data/raw/glm-4.x/h200/engine/vllm.txt');
    writeFileSync(vllm, readFileSync(join(repoRoot, 'data/raw/glm-4.x/h200/engine/vllm.txt')));
    run('ingest.ts');
    run('compute.ts');
    const source = readFileSync(join(scratch, 'data/raw/glm-5.2/h200/engine/sglang.txt'), 'utf8');
    const edited = source.replace(
      'Mean TTFT (ms):                          499353.08',
      'Mean TTFT (ms):                          499353.18',
    );
    expect(edited).not.toBe(source);
    writeFileSync(vllm, edited);
    run('ingest.ts');
    const compute = repo.run('compute.ts');
    expect(compute.status).toBe(1);
    expect(compute.stderr).toMatch(
      /content\/guides\/glm-5\.2\/h200\/guide\.yaml:\d+:\d+: error E_UNACKNOWLEDGED: data\/raw\/glm-5\.2\/h200\/engine\/sglang\.txt holds the numbers of the block in data\/raw\/glm-4\.x\/h200\/engine\/vllm\.txt but for ttft\.mean/,
    );
  });

  it('a hand-edited run file is not taken from the cache: ingest parses its guide again and restores it', () => {
    const file = join(scratch, 'data/runs/glm-4.x/h200/engine/sglang.json');
    writeFileSync(
      join(scratch, 'data/raw/glm-4.x/h200/engine/vllm.txt'),
      readFileSync(join(repoRoot, 'data/raw/glm-4.x/h200/engine/vllm.txt')),
    );
    run('ingest.ts');
    const ingested = readFileSync(file, 'utf8');
    writeFileSync(file, ingested.replace(/"value": \d+/, '"value": 1'));
    const again = run('ingest.ts');
    expect(again).toContain('glm-4.x/h200: 7 raw file(s), 14 run(s)\n');
    expect(again).toContain(`1 written, 0 removed; ${guides - 1} guide(s) unchanged`);
    expect(readFileSync(file, 'utf8')).toBe(ingested);
  });
});
