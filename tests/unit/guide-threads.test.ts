// Ingest and compute on worker threads write and print exactly what they do on one thread, and
// keep the cache entries the workers wrote.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { copyFactor, copyGuideYaml, copyName, perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { takeNext, threadCount } from '../../src/pipeline/threads.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-threads-');
afterAll(repo.remove);

// Enough guides that the workers, which start a few hundred milliseconds after this thread, get
// some: the repository's own, and 30 copies of the GLM-5.2 guide as the bench makes them (counted
// on a busy 2-core machine, each of the two workers of a 3-thread cold run took 13 to 20 of these
// 51 guides in ingest and in compute; with 20 copies, 9 to 19).
const COPIES = 30;
const seed = 'glm-5.2/h200';
const seedYaml = readFileSync(join(repo.root, 'content/guides', seed, 'guide.yaml'), 'utf8');
for (let index = 0; index < COPIES; index++) {
  const { slug, machine } = copyName(index);
  const id = `${slug}/${machine.slug}`;
  cpSync(join(repo.root, 'content/guides', seed), join(repo.root, 'content/guides', id), { recursive: true });
  writeFileSync(join(repo.root, 'content/guides', id, 'guide.yaml'), copyGuideYaml(seedYaml, 'GLM-5.2', index));
  for (const path of listFiles(join(repo.root, 'data/raw', seed))) {
    const target = join(repo.root, 'data/raw', id, relative(join(repo.root, 'data/raw', seed), path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, perturbResultText(readFileSync(path, 'utf8'), copyFactor(index)));
  }
}

/** A cold ingest and compute with `threads` threads: what they wrote and printed. */
function coldRun(threads: number) {
  rmSync(repo.cache, { recursive: true, force: true });
  for (const dir of ['data/runs', 'data/guides', 'data/prose', 'data/compare', 'data/models'])
    rmSync(join(repo.root, dir), { recursive: true, force: true });
  const env = { PERFLAB_THREADS: String(threads) };
  const ingest = repo.run('ingest.ts', env);
  const compute = repo.run('compute.ts', env);
  expect(ingest.status, ingest.stderr).toBe(0);
  expect(compute.status, compute.stderr).toBe(0);
  return { files: repo.snapshot(), stderr: ingest.stderr + compute.stderr };
}

// The first test's cold run with three threads leaves the cache that the second test reads: it is
// made once, by whichever of the two runs first, and a test run on its own still makes it.
let threeThreads: ReturnType<typeof coldRun> | undefined;
const coldRunThreeThreads = () => (threeThreads ??= coldRun(3));

// Two cold runs of 51 guides and a warm one: about 10 s on a quiet 2-core machine, 30 s on a busy one.
describe('ingest and compute on worker threads', { timeout: 120_000 }, () => {
  it('write byte for byte and print line for line what one thread does', () => {
    const one = coldRun(1);
    const three = coldRunThreeThreads();
    expect(one.files.size).toBeGreaterThan(300);
    expect(three.files).toEqual(one.files);
    expect(three.stderr).toBe(one.stderr);
  });

  it('keep every cache entry a worker wrote: the next run finds every guide unchanged', () => {
    coldRunThreeThreads();
    const env = { PERFLAB_THREADS: '3' };
    const ingest = repo.run('ingest.ts', env);
    const compute = repo.run('compute.ts', env);
    const guides = ingest.stderr.match(/^ingest: [^:]+: \d+ raw file/gm)?.length ?? 0;
    expect(guides).toBeGreaterThan(COPIES);
    expect(ingest.stderr).toContain(`0 written, 0 removed; ${guides} guide(s) unchanged`);
    expect(compute.stderr).toContain(`; ${guides} unchanged`);
  });
});

describe('threadCount and takeNext', () => {
  it('uses PERFLAB_THREADS when set, never more threads than guides, and one thread for a small site', () => {
    const saved = process.env.PERFLAB_THREADS;
    try {
      process.env.PERFLAB_THREADS = '3';
      expect(threadCount(2)).toBe(2);
      expect(threadCount(100)).toBe(3);
      delete process.env.PERFLAB_THREADS;
      expect(threadCount(10)).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.PERFLAB_THREADS;
      else process.env.PERFLAB_THREADS = saved;
    }
  });

  it('hands out each guide once, in order, from a shared counter', () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const first = takeNext(['a', 'b', 'c'], counter);
    const second = takeNext(['a', 'b', 'c'], counter);
    expect([first.next().value, second.next().value, first.next().value, second.next().done]).toEqual([
      { index: 0, id: 'a' },
      { index: 1, id: 'b' },
      { index: 2, id: 'c' },
      true,
    ]);
  });
});
