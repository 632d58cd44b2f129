// A guide's raw blocks as data/runs holds them, by digest: what compute needs of every guide to find
// blocks copied between guides, without loading the compute code (a guide not read this run takes
// part through the digests its stamps kept).
import { join } from 'node:path';
import { runBlockDigests, type BlockDigest, type BlockRun } from '../lib/compute/block-index.ts';
import { folder, listFiles, readText } from './fs-policy.ts';

/** Every run of the guide that carries a raw block and its raw file (any other run is compute's to report). */
export function runBlocksOfTexts(texts: readonly { text: string }[]): BlockDigest[] {
  return runBlockDigests(
    texts.flatMap(({ text }) => {
      let run: { raw?: unknown; source?: { file?: unknown }; metrics?: unknown };
      try {
        run = JSON.parse(text) as typeof run;
      } catch {
        return [];
      }
      // Ingest wrote these files through RunSchema; compute validates them again when it reads the guide.
      const metrics = (
        typeof run.metrics === 'object' && run.metrics !== null ? run.metrics : {}
      ) as BlockRun['metrics'];
      return typeof run.raw === 'string' && typeof run.source?.file === 'string'
        ? [{ raw: run.raw, source: { file: run.source.file }, metrics }]
        : [];
    }),
  );
}

/** The digests of the blocks in data/runs/<id>. */
export function runBlocks(id: string): BlockDigest[] {
  return runBlocksOfTexts(listFiles(join(folder('runs'), id)).map((path) => ({ text: readText(path) })));
}
