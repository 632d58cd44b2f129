// A guide's raw blocks as data/runs holds them, by digest: what compute needs of every guide to find
// blocks copied between guides, without loading the compute code (a guide not read this run takes
// part through the digests its stamps kept).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runBlockDigests, type BlockDigest, type BlockRun } from '../lib/compute/block-index.ts';
import { copySettlement, type Settles } from '../lib/compute/copy-settlement.ts';
import { parseYamlSource } from '../lib/guide-source/yaml-source.ts';
import { folder, guidesRoot, listFiles, notRegularFile, readText } from './fs-policy.ts';

/** The raw files a guide's guide.yaml (its text) acknowledges as copies of another guide's. */
export function copySettlementOf(id: string, guideYaml: string | undefined): Settles {
  if (guideYaml === undefined) return copySettlement(id, undefined);
  const { data } = parseYamlSource(guideYaml, 'guide.yaml');
  return copySettlement(id, (data as { acknowledge?: unknown } | undefined)?.acknowledge);
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

/** The digests of the blocks in data/runs/<id>. */
export function runBlocks(id: string): BlockDigest[] {
  return runBlocksOfTexts(
    listFiles(join(folder('runs'), id)).map((path) => ({ text: readText(path) })),
    guideCopySettlement(id),
  );
}
