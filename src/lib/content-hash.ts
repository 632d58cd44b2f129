import { createHash } from 'node:crypto';

/**
 * SHA-256 of a sequence of strings, each length-prefixed so that ["ab", "c"] and ["a", "bc"]
 * differ: the key of a cached ingest or compute result.
 */
export function contentHash(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
}
