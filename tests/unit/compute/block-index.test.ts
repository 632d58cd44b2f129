// compute/block-index.ts: blocks copied between guides, found by their text or by their numbers
// with one or two changed, through an index whose buckets hold copies only (so it stays linear).
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blockIndex,
  blockIndexFor,
  blockIndexOfDigests,
  blockProbe,
  copiesOf,
  copyOf,
  meetsProbe,
  metricsOfTokens,
  numberTokens,
  runBlockDigest,
  runBlockDigests,
  type BlockRun,
} from '../../../src/lib/compute/block-index.ts';
import { guidesMeetingOthers } from '../../../src/lib/compute/copy-settlement.ts';

const repo = join(import.meta.dirname, '../../..');

/** A block with these values: all in ms but the duration (s) and Total TPS (tok/s); the raw text lists them. */
function block(file: string, values: Record<string, number>): BlockRun {
  const unit = (key: string) => (key === 'duration' ? 's' : key.endsWith('throughput') ? 'tok/s' : 'ms');
  return {
    raw: Object.entries(values)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n'),
    source: { file },
    metrics: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, unit: unit(key) }])),
  };
}
const measured = {
  duration: 100,
  total_token_throughput: 1200,
  'ttft.mean': 900,
  'ttft.median': 850,
  'ttft.p99': 1500,
  'tpot.mean': 40,
  'tpot.median': 39,
  'tpot.p99': 55,
  'itl.mean': 38,
  'itl.median': 37,
};

describe('numberTokens', () => {
  it('keeps what a run measured (times and rates), not counts or a configured rate', () => {
    const tokens = numberTokens({
      duration: { value: 100, unit: 's' },
      'ttft.mean': { value: 900, unit: 'ms' },
      request_throughput: { value: 1, unit: 'req/s' },
      requests_successful: { value: 100, unit: 'count' },
      input_tokens_total: { value: 100000, unit: 'tok' },
      request_rate_configured: { value: 4, unit: 'req/s' },
    });
    expect([...tokens.keys()]).toEqual(['duration', 'ttft.mean', 'request_throughput']);
    for (const token of tokens.values()) expect(token).toMatch(/^[0-3][0-9a-f]{8}$/);
  });
});

describe('copyOf', () => {
  const original = block('data/raw/a/h100/run.txt', measured);
  const own = runBlockDigest(original);

  it('finds the same text first, and a block with one or two numbers changed, naming them', () => {
    const exact = blockIndex([{ id: 'b/h100', runs: [block('data/raw/b/h100/run.txt', measured)] }]);
    expect(copyOf('a/h100', own, exact)).toEqual({ file: 'data/raw/b/h100/run.txt', digest: own.digest });

    const edited = block('data/raw/b/h100/run.txt', { ...measured, 'tpot.mean': 40.01, duration: 101 });
    const near = copyOf('a/h100', own, blockIndex([{ id: 'b/h100', runs: [edited] }]));
    expect(near?.file).toBe('data/raw/b/h100/run.txt');
    expect(metricsOfTokens(original.metrics, near?.changed ?? [])).toEqual(['duration', 'tpot.mean']);
  });

  it('not a block with three numbers changed, one of its own guide, or one with few numbers', () => {
    const three = block('data/raw/b/h100/run.txt', { ...measured, 'tpot.mean': 41, duration: 101, 'itl.mean': 39 });
    expect(copyOf('a/h100', own, blockIndex([{ id: 'b/h100', runs: [three] }]))).toBeUndefined();
    const mine = block('data/raw/a/h100/other.txt', { ...measured, 'tpot.mean': 41 });
    expect(copyOf('a/h100', own, blockIndex([{ id: 'a/h100', runs: [mine] }]))).toBeUndefined();
    const small = { duration: 100, total_token_throughput: 1200, 'ttft.mean': 900, 'tpot.mean': 40 };
    const few = runBlockDigest(block('data/raw/a/h100/run.txt', small));
    const fewer = block('data/raw/b/h100/run.txt', { ...small, 'tpot.mean': 41 });
    expect(copyOf('a/h100', few, blockIndex([{ id: 'b/h100', runs: [fewer] }]))).toBeUndefined();
  });

  it('of several, the one with the fewest changes, then the first file: the same answer in any order', () => {
    const one = block('data/raw/c/h100/run.txt', { ...measured, 'tpot.mean': 41 });
    const two = block('data/raw/b/h100/run.txt', { ...measured, 'tpot.mean': 41, 'itl.mean': 39 });
    const alsoOne = block('data/raw/d/h100/run.txt', { ...measured, 'ttft.p99': 1501 });
    const guides = [
      { id: 'b/h100', runs: [two] },
      { id: 'c/h100', runs: [one] },
      { id: 'd/h100', runs: [alsoOne] },
    ];
    expect(copyOf('a/h100', own, blockIndex(guides))?.file).toBe('data/raw/c/h100/run.txt');
    expect(copyOf('a/h100', own, blockIndex([...guides].reverse()))?.file).toBe('data/raw/c/h100/run.txt');
    const index = blockIndex(guides);
    expect(copiesOf('a/h100', [own], index)).toEqual([
      `${own.digest} ${runBlockDigest(one).digest} data/raw/c/h100/run.txt ~${copyOf('a/h100', own, index)?.changed?.join(',')}`,
    ]);
  });
});

describe('the index over the committed guides', () => {
  it('holds in each bucket only blocks that are copies: one guide reusing its own block, at most', () => {
    const byGuide = new Map<string, BlockRun[]>();
    for (const path of globSync('data/runs/*/*/**/*.json', { cwd: repo })) {
      const guide = path.split('/').slice(2, 4).join('/');
      const run = JSON.parse(readFileSync(join(repo, path), 'utf8')) as BlockRun;
      byGuide.set(guide, [...(byGuide.get(guide) ?? []), run]);
    }
    const index = blockIndex([...byGuide].map(([id, runs]) => ({ id, runs })));
    const blocks = [...byGuide.values()].reduce((n, runs) => n + runBlockDigests(runs).length, 0);
    expect(blocks).toBeGreaterThan(300);
    const sizes = [...index.near.values()].map((owners) => owners.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
    for (const owners of index.near.values()) expect(new Set(owners.map((o) => o.guide)).size).toBe(1);
  });
});

describe('blockIndexFor: the index as far as some blocks reach', () => {
  const original = block('data/raw/a/h100/run.txt', measured);
  const own = runBlockDigest(original);
  const others = [
    { id: 'b/h100', runs: [block('data/raw/b/h100/run.txt', { ...measured, 'tpot.mean': 41 })] },
    { id: 'c/h100', runs: [block('data/raw/c/h100/run.txt', { ...measured, 'tpot.mean': 41, 'itl.mean': 39 })] },
    { id: 'd/h100', runs: [{ ...original, source: { file: 'data/raw/d/h100/run.txt' } }] },
    {
      id: 'e/h100',
      runs: [block('data/raw/e/h100/run.txt', { ...measured, 'tpot.mean': 41, 'itl.mean': 39, 'ttft.p99': 1 })],
    },
    { id: 'f/h100', runs: [block('data/raw/f/h100/run.txt', { duration: 7, 'ttft.mean': 8, 'tpot.mean': 9 })] },
  ];
  const guides = [{ id: 'a/h100', runs: [original] }, ...others].map(({ id, runs }) => ({
    id,
    blocks: runBlockDigests(runs),
  }));

  it('answers copyOf for the wanted blocks as the whole index does, and holds only what they reach', () => {
    const whole = blockIndex([{ id: 'a/h100', runs: [original] }, ...others]);
    for (const { id, blocks } of guides) {
      const reached = blockIndexFor(guides, blocks);
      expect(copiesOf(id, blocks, reached)).toEqual(copiesOf(id, blocks, whole));
    }
    const forOwn = blockIndexFor(guides, [own]);
    const held = new Set([...forOwn.exact.values(), ...forOwn.near.values()].flat().map((owner) => owner.guide));
    // b and c are near copies, d the same text; e has three numbers changed but shares keys; f shares nothing.
    expect([...held].sort()).toEqual(['a/h100', 'b/h100', 'c/h100', 'd/h100', 'e/h100']);
  });

  it('meetsProbe: a block under one of the probed digests or near keys, and no other', () => {
    const probe = blockProbe([own]);
    const [b, , d, e, f] = others.map(({ runs }) => runBlockDigest(runs[0] as BlockRun));
    expect([b, d, e].map((other) => other !== undefined && meetsProbe(other, probe))).toEqual([true, true, true]);
    expect(f !== undefined && meetsProbe(f, probe)).toBe(false);
  });

  it('on the committed guides: every guide finds the copies the whole index finds', () => {
    const byGuide = new Map<string, BlockRun[]>();
    for (const path of globSync('data/runs/*/*/**/*.json', { cwd: repo })) {
      const guide = path.split('/').slice(2, 4).join('/');
      byGuide.set(guide, [
        ...(byGuide.get(guide) ?? []),
        JSON.parse(readFileSync(join(repo, path), 'utf8')) as BlockRun,
      ]);
    }
    const committed = [...byGuide].map(([id, runs]) => ({ id, blocks: runBlockDigests(runs) }));
    // The committed guides copy nothing from each other: a guide that copies some of their blocks,
    // each third one as it is, the others with one number's token changed.
    const planted = committed
      .flatMap(({ blocks }) => blocks.slice(0, 1))
      .map((block, i) => ({
        ...block,
        file: `data/raw/planted/h100/run-${i}.txt`,
        ...(i % 3 === 0
          ? {}
          : { digest: `planted-${i}`, numbers: `${block.numbers.slice(0, 1)}ffffffff${block.numbers.slice(9)}` }),
      }));
    committed.push({ id: 'planted/h100', blocks: planted });
    const whole = blockIndexOfDigests(committed);
    let copies = 0;
    for (const { id, blocks } of committed) {
      const expected = copiesOf(id, blocks, whole);
      copies += expected.length;
      expect(copiesOf(id, blocks, blockIndexFor(committed, blocks))).toEqual(expected);
    }
    expect(copies).toBeGreaterThan(0);
  });
});

describe('guidesMeetingOthers', () => {
  it('names the guides whose blocks share a digest or near key with another guide’s, no others', () => {
    const near = { ...measured, 'ttft.mean': 901 };
    const scaled = (factor: number) =>
      Object.fromEntries(Object.entries(measured).map(([key, value]) => [key, value * factor]));
    const other = scaled(1.37);
    const third = scaled(1.61);
    const index = blockIndexOfDigests([
      { id: 'a/one', blocks: runBlockDigests([block('a.txt', measured)]) },
      { id: 'b/near', blocks: runBlockDigests([block('b.txt', near)]) },
      { id: 'c/same', blocks: runBlockDigests([block('c.txt', measured)]) },
      { id: 'd/own', blocks: runBlockDigests([block('d.txt', other)]) },
      // Two blocks of one guide alike meet no other guide.
      {
        id: 'e/twice',
        blocks: runBlockDigests(
          [block('e1.txt', third), block('e2.txt', third)].map((b, i) => ({ ...b, raw: `${b.raw}\n#${i}` })),
        ),
      },
    ]);
    expect([...guidesMeetingOthers(index)].sort()).toEqual(['a/one', 'b/near', 'c/same']);
  });
});
