// content-hash.ts: the cache key of an ingest or compute result, a SHA-256 over length-prefixed parts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/lib/content-hash.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('contentHash', () => {
  it('hashes each part after its byte length', () => {
    // "ab" is 2 bytes, "c" 1, "中" 3 in UTF-8
    expect(contentHash(['ab', 'c'])).toBe(sha256('2:ab1:c'));
    expect(contentHash(['中'])).toBe(sha256('3:中'));
    expect(contentHash([])).toBe(sha256(''));
  });

  it('tells apart parts split differently, and parts in another order', () => {
    expect(contentHash(['ab', 'c'])).not.toBe(contentHash(['a', 'bc']));
    expect(contentHash(['a', 'b'])).not.toBe(contentHash(['b', 'a']));
    expect(contentHash(['', 'x'])).not.toBe(contentHash(['x']));
  });
});
