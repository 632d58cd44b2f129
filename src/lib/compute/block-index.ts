// Which guides hold each raw block: the story check "copied from another guide" looks a guide's
// blocks up here. Built once for all guides, from each block's digest, so finding copies stays
// linear and a guide that was not read this run takes part through the digests it had.
import { createHash } from 'node:crypto';
import { byCodeUnit } from '../code-unit-order.ts';

/** A raw block's identity for "copied from another guide": its text with whitespace runs collapsed. */
export function blockDigest(raw: string): string {
  return createHash('sha256').update(raw.replace(/\s+/g, ' ').trim()).digest('hex');
}

/** One block of a guide: its digest and the raw file it came from. */
export type BlockDigest = { digest: string; file: string };

export type BlockIndex = ReadonlyMap<string, readonly { guide: string; file: string }[]>;

/** A run as the copy check reads it: its raw block, its file, and which metrics it printed. */
export type BlockRun = { raw: string; source: { file: string }; metrics: object };

/**
 * Whether a copy of this block between guides means anything: a serving result does; a one-line
 * accuracy output ("Accuracy: 0.975") repeats by chance, so it is never looked up.
 */
export function isServingResult(run: Pick<BlockRun, 'metrics'>): boolean {
  const metrics = run.metrics as Readonly<Record<string, unknown>>;
  return metrics['total_token_throughput'] !== undefined || metrics['request_throughput'] !== undefined;
}

/** The digests of a guide's serving results (their raw text and raw file). */
export function runBlockDigests(runs: readonly BlockRun[]): BlockDigest[] {
  return runs.filter(isServingResult).map((run) => ({ digest: blockDigest(run.raw), file: run.source.file }));
}

export function blockIndexOfDigests(guides: Iterable<{ id: string; blocks: readonly BlockDigest[] }>): BlockIndex {
  const index = new Map<string, { guide: string; file: string }[]>();
  for (const { id, blocks } of guides)
    for (const { digest, file } of blocks) {
      const owners = index.get(digest);
      if (owners) owners.push({ guide: id, file });
      else index.set(digest, [{ guide: id, file }]);
    }
  return index;
}

export function blockIndex(guides: Iterable<{ id: string; runs: readonly BlockRun[] }>): BlockIndex {
  return blockIndexOfDigests([...guides].map(({ id, runs }) => ({ id, blocks: runBlockDigests(runs) })));
}

/**
 * The blocks of guide `id` that other guides hold too, as sorted `digest file` lines: what its
 * story check depends on beyond its own files (part of its cache key, and as a hash of its stamps).
 * Only serving results are indexed, so the list is empty unless results really were copied.
 */
export function copiesOf(id: string, blocks: readonly BlockDigest[], index: BlockIndex): string[] {
  return blocks
    .flatMap(({ digest }) =>
      (index.get(digest) ?? []).filter((owner) => owner.guide !== id).map((owner) => `${digest} ${owner.file}`),
    )
    .sort(byCodeUnit);
}
