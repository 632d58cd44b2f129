// compute/ranking.ts: the one ranking (best first in the objective's direction, ties in their
// order) and the worst item (the first of equally bad ones).
import { describe, expect, it } from 'vitest';
import { byScore, ranked, worstOf } from '../../../src/lib/compute/ranking.ts';
import type { Measured } from '../../../src/lib/schema/computed.ts';

const item = (id: string, score: number) => ({
  id,
  measured: {
    runId: id,
    primary: { line: 1, printed: String(score), unit: 'tok/s', value: score, runId: id },
    secondary: [],
    gpus: 8,
    scale: 1,
    score,
  } satisfies Measured,
});
const ids = (items: readonly { id: string }[]) => items.map((i) => i.id);
const items = [item('a', 1200), item('b', 1500), item('c', 900), item('d', 1500)];

describe('ranked', () => {
  it('puts the highest score first for a throughput, ties in their given order', () => {
    expect(ids(ranked(items, true))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('puts the lowest score first for a latency, ties in their given order', () => {
    expect(ids(ranked(items, false))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('leaves its input as it was', () => {
    ranked(items, true);
    expect(ids(items)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('byScore compares two items: negative when the first is better', () => {
    expect(byScore(true)(item('x', 1500), item('y', 1200))).toBe(-300);
    expect(byScore(false)(item('x', 1500), item('y', 1200))).toBe(300);
  });
});

describe('worstOf', () => {
  it('is the lowest throughput or the highest latency; of equal ones, the first', () => {
    expect(worstOf(items, true)?.id).toBe('c');
    // b and d share the highest latency, 1500: b comes first
    expect(worstOf(items, false)?.id).toBe('b');
    expect(worstOf([], true)).toBeUndefined();
  });
});
