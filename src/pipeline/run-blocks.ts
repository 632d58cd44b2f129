// A guide's raw blocks as data/runs holds them, by digest: what compute needs of every guide to find
// blocks copied between guides, without loading the compute code (a guide not read this run takes
// part through the digests its stamps kept).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runBlockDigests, type BlockDigest, type BlockRun } from '../lib/compute/block-index.ts';
import { copySettlement, settledOf, type Settles } from '../lib/compute/copy-settlement.ts';
import { parseYamlSource } from '../lib/guide-source/yaml-source.ts';
import { folder, guidesRoot, listFiles, notRegularFile, readText } from './fs-policy.ts';

/** The raw files a guide's guide.yaml (its text) acknowledges as copies of another guide's. */
export function copySettlementOf(id: string, guideYaml: string | undefined): Settles {
  if (guideYaml === undefined) return copySettlement(id, undefined);
  return copySettlementOfData(id, parseYamlSource(guideYaml, 'guide.yaml').data);
}

/** The same from guide.yaml as parsed (parseYamlSource's data), by a caller that parses it anyway. */
export function copySettlementOfData(id: string, data: unknown): Settles {
  return copySettlement(id, (data as { acknowledge?: unknown } | undefined)?.acknowledge);
}

/** `blocks` with each one's `settled` as `settles` says of its file (what runBlocksOfTexts gives with it). */
export function settleBlocks(blocks: readonly BlockDigest[], settles: Settles): BlockDigest[] {
  return blocks.map(({ digest, file, numbers }) => ({
    digest,
    file,
    numbers,
    ...settledOf({ settled: settles(file) }),
  }));
}

/** The same, read from content/guides/<id>/guide.yaml (none when absent, linked or special). */
export function guideCopySettlement(id: string): Settles {
  const path = join(guidesRoot, id, 'guide.yaml');
  const text = existsSync(path) && notRegularFile(path) === undefined ? readText(path) : undefined;
  return copySettlementOf(id, text);
}

/** Every run of the guide that carries a raw block and its raw file (any other run is compute's to report). */
export function runBlocksOfTexts(texts: readonly { text: string }[], settles?: Settles): BlockDigest[] {
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
    settles,
  );
}

/**
 * The digests of the blocks in data/runs/<id>, none marked settled: guide.yaml is not read (parsing
 * it was a quarter of a cold compute). Whether a block is settled only matters where another
 * guide's block meets it in the index; compute settles those guides' blocks (guideCopySettlement).
 */
export function unsettledRunBlocks(id: string): BlockDigest[] {
  return runBlocksOfTexts(listFiles(join(folder('runs'), id)).map((path) => ({ text: readText(path) })));
}
