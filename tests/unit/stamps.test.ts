// A warm stage skips a guide by its files' stamps (src/pipeline/stamps.ts) and folders by their
// listing stamps (folder-listing.ts). Every way a file can change must still be seen: an edit that
// keeps the size and puts the old modification time back, a file added to a folder, a run file
// removed, a raw file turned into a link. Runs the real CLIs on a scratch copy of the repository.
import { readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { scratchRepo } from '../helpers/scratch-repo.ts';

// The GLM guides (4 of the repository's): every run below goes over all of them.
const repo = scratchRepo('perflab-stamps-', ['glm-4.x', 'glm-5.2']);
const { root } = repo;
afterAll(repo.remove);

const run = (script: string) => repo.run(script);
/** The guides a stage's report shows as read this time (not `(unchanged)`). */
const redone = (stderr: string, stage: string) =>
  stderr
    .split('\n')
    .filter((line) => new RegExp(`^${stage}: [^ /]+/[^ /]+: `).test(line) && !line.endsWith('(unchanged)'))
    .map((line) => line.split(': ')[1]);

const raw = join(root, 'data/raw/glm-5.2/h200/engine/vllm.txt');
const original = readFileSync(raw, 'utf8');

beforeEach(() => {
  writeFileSync(raw, original);
  for (const script of ['ingest.ts', 'compute.ts']) expect(run(script).status).toBe(0);
});

describe('stamps', () => {
  it('a second run with nothing changed reads no guide', () => {
    expect(redone(run('ingest.ts').stderr, 'ingest')).toEqual([]);
    expect(redone(run('compute.ts').stderr, 'compute')).toEqual([]);
  });

  it('an edit of the same size with the old modification time put back is still seen (its change time moved)', () => {
    // A whole second, so that putting it back is exact on every file system.
    const then = new Date('2026-01-01T00:00:00Z');
    utimesSync(raw, then, then);
    expect(run('ingest.ts').status).toBe(0);
    const edited = original.replace('5481.90', '5481.91');
    expect(edited.length).toBe(original.length);
    writeFileSync(raw, edited);
    utimesSync(raw, then, then);
    expect(statSync(raw).mtimeMs).toBe(then.getTime());
    const ingest = run('ingest.ts');
    expect(ingest.status, ingest.stderr).toBe(0);
    expect(redone(ingest.stderr, 'ingest')).toEqual(['glm-5.2/h200']);
    expect(readFileSync(join(root, 'data/runs/glm-5.2/h200/engine/vllm.json'), 'utf8')).toContain('5481.91');
    const compute = run('compute.ts');
    expect(redone(compute.stderr, 'compute')).toEqual(['glm-5.2/h200']);
    expect(readFileSync(join(root, 'data/guides/glm-5.2/h200.json'), 'utf8')).toContain('5481.91');
  });

  it('a raw file added to a guide folder is read: the folder listing is not taken from the last run', () => {
    const added = join(root, 'data/raw/glm-5.2/h200/engine/extra.txt');
    writeFileSync(added, original);
    const ingest = run('ingest.ts');
    rmSync(added);
    expect(redone(ingest.stderr, 'ingest')).toEqual(['glm-5.2/h200']);
    expect(ingest.stderr).toContain('ingest: glm-5.2/h200: 25 raw file(s), 25 run(s)\n');
    expect(readFileSync(join(root, 'data/runs/glm-5.2/h200/engine/extra.json'), 'utf8')).toContain('5481.90');
  });

  it('a run file removed by hand is written again, a guide file removed is computed again', () => {
    rmSync(join(root, 'data/runs/glm-5.2/h200/engine/vllm.json'));
    const ingest = run('ingest.ts');
    expect(redone(ingest.stderr, 'ingest')).toEqual(['glm-5.2/h200']);
    expect(readFileSync(join(root, 'data/runs/glm-5.2/h200/engine/vllm.json'), 'utf8')).toContain('5481.90');
    rmSync(join(root, 'data/guides/glm-4.x/h200.json'));
    const compute = run('compute.ts');
    // Its sources did not change, so its result comes from the cache: written again all the same.
    expect(compute.stderr).toContain('1 written, 0 removed');
    expect(readFileSync(join(root, 'data/guides/glm-4.x/h200.json'), 'utf8')).toContain('"id"');
  });

  it('a raw file replaced by a link is refused, though the stamps of the last run said unchanged', () => {
    rmSync(raw);
    symlinkSync('/etc/hostname', raw);
    const ingest = run('ingest.ts');
    rmSync(raw);
    expect(ingest.status).toBe(1);
    expect(ingest.stderr).toContain('data/raw/glm-5.2/h200/engine/vllm.txt: error E_NOT_REGULAR_FILE');
  });

  it('raw files edited with no ingest since: compute reports stale runs instead of skipping the guide', () => {
    writeFileSync(raw, original.replace('5481.90', '5481.92'));
    const compute = run('compute.ts');
    expect(compute.status).toBe(1);
    expect(compute.stderr).toContain('error E_STALE_RUNS');
  });
});
