import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { stableJson } from '../../src/lib/stable-json.ts';

// The reference: a key-sorted copy through JSON.stringify, which stableJson must match byte for byte.
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, field]) => [key, sortedCopy(field)]),
    );
  return value;
}
const reference = (value: unknown) => `${JSON.stringify(sortedCopy(value), null, 2)}\n`;

describe('stableJson', () => {
  it('writes what JSON.stringify writes for a key-sorted copy, on every committed JSON file', () => {
    const files = ['data/runs', 'data/guides', 'data/prose', 'data/compare'].flatMap((dir) =>
      listFiles(join(import.meta.dirname, '../..', dir)).filter((path) => path.endsWith('.json')),
    );
    expect(files.length).toBeGreaterThan(300);
    for (const path of files) {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
      expect(stableJson(value), path).toBe(reference(value));
    }
  });

  it('puts array-index keys first, in numeric order, as a sorted copy iterates them; other keys after, by code unit', () => {
    // 4294967295 is no array index (the largest is 2^32 - 2) and '02' is not canonical: both are plain keys.
    const indexKeys = { 10: 'a', 2: 'b', '02': 'c', 4294967295: 'd', 4294967294: 'e' };
    expect(stableJson(indexKeys)).toBe(reference(indexKeys));
    expect(Object.keys(JSON.parse(stableJson(indexKeys)) as object)).toEqual([
      '2',
      '10',
      '4294967294',
      '02',
      '4294967295',
    ]);
  });

  it('sorts keys by code unit, drops undefined fields, keeps array holes as null, and escapes', () => {
    const value = {
      b: [1, undefined, { z: 1, a: [] }, {}, null, NaN, -0, 1e21],
      a: { é: 'line\nbreak "quoted" \u2028', B: true, _: undefined },
      '': 'empty key',
      10: 'numeric key',
      2: 'numeric key',
    };
    expect(stableJson(value)).toBe(reference(value));
    expect(stableJson(value)).toContain('"a": {\n    "B": true,\n    "é"');
    expect(stableJson([])).toBe('[]\n');
    // A "__proto__" key read from JSON is a field like any other, kept when the object is re-sorted.
    const proto: unknown = JSON.parse('{"b": 1, "__proto__": {"x": 1}}');
    expect(stableJson(proto)).toBe(reference(proto));
    expect(stableJson(proto)).toBe('{\n  "__proto__": {\n    "x": 1\n  },\n  "b": 1\n}\n');
    const dated = { when: new Date(0), nested: { sorted: true } };
    expect(stableJson(dated)).toBe(reference(dated));
    expect(stableJson('text')).toBe('"text"\n');
  });
});
