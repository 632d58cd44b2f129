// The memo behind metric keys, block labels and chart labels: computes each key once, and never
// holds more than its limit of keys however many distinct ones an input brings.
import { describe, expect, it } from 'vitest';
import { BoundedMemo, rememberLast } from '../../src/lib/bounded-memo.ts';

describe('BoundedMemo', () => {
  it('computes a key once, remembering falsy results too', () => {
    const memo = new BoundedMemo<boolean>(10);
    let calls = 0;
    const check = (key: string) => memo.get(key, () => (calls++, key === 'ok'));
    expect([check('ok'), check('bad'), check('ok'), check('bad')]).toEqual([true, false, true, false]);
    expect(calls).toBe(2);
  });

  it('forgets everything at its limit, then fills again', () => {
    const memo = new BoundedMemo<number>(3);
    let calls = 0;
    for (const key of ['a', 'b', 'c', 'd', 'a']) memo.get(key, () => ++calls);
    // a, b, c held; d clears them and is held alone; a is computed again.
    expect(calls).toBe(5);
    expect(memo.get('d', () => -1)).toBe(4);
    expect(memo.get('b', () => -1)).toBe(-1);
  });
});

describe('rememberLast', () => {
  it('computes again only when the argument changes, comparing with ===', () => {
    let calls = 0;
    const lengthOf = rememberLast((text: string) => (calls++, text.length));
    expect([lengthOf('ab'), lengthOf('ab'), lengthOf('abc'), lengthOf('ab')]).toEqual([2, 2, 3, 2]);
    expect(calls).toBe(3);
    const first = [1];
    const sizeOf = rememberLast((list: readonly number[]) => (calls++, list.length));
    sizeOf(first);
    sizeOf(first);
    sizeOf([1]);
    expect(calls).toBe(5);
  });
});
