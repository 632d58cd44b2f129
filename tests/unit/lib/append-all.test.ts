import { describe, expect, it } from 'vitest';
import { appendAll } from '../../../src/lib/append-all.ts';

describe('appendAll', () => {
  it('appends in order and returns the target', () => {
    const target = [1];
    expect(appendAll(target, [2, 3])).toBe(target);
    expect(target).toEqual([1, 2, 3]);
  });

  it('appends a million items, where push(...items) overflows the stack', () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(() => [].push(...(items as never[]))).toThrow(RangeError);
    expect(appendAll([], items)).toHaveLength(1_000_000);
  });
});
