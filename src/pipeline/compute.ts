// compute: content/guides/<guide>/ + data/runs/<guide>/ → data/guides/<guide>.json and its prose,
// data/prose/<guide>.json; and over every guide, the compare pages' selections, data/compare.
// Writes nothing unless every guide validates and computes without error; then writes only the
// files that changed. A guide whose sources, runs and output carry the stamps they had after the
// last compute, and whose copied blocks are the same, is not read at all; one whose files are byte
// for byte the same comes from the cache.
import { join } from 'node:path';
import {
  blockIndexFor,
  blockIndexOfDigests,
  blockProbe,
  meetsProbe,
  type BlockDigest,
  type BlockIndex,
} from '../lib/compute/block-index.ts';
import { contentHash } from '../lib/content-hash.ts';
import { guidesMeetingOthers } from '../lib/compute/copy-settlement.ts';
import type { CompareFacts } from '../lib/compute/compare.ts';
import type { HardwareFacts } from '../lib/compute/across-hardware.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { markCacheUsed, pruneCache, recordComputedGuides } from './cache.ts';
import { compareFiles, modelFiles } from './compare-files.ts';
import type { ComputedGuideJson } from './compute-one.ts';
import {
  folder,
  folderProblems,
  guidesRoot,
  listFiles,
  listGuideDirs,
  listingsOnce,
  rawRoot,
  syncDirectory,
} from './fs-policy.ts';
import { refuseFolders, reportDiagnostics } from './report.ts';
import { guideCopySettlement, settleBlocks, unsettledRunBlocks } from './run-blocks.ts';
import { defaultsPath } from './sources.ts';
import { runOutputFiles, StampBook, stampsDigest, type RawAndRunStamps } from './stamps.ts';
import { startGuideThreads } from './threads.ts';
import { appendAll } from '../lib/append-all.ts';
import { addSince, phaseStart, timed, timedAsync } from '../lib/phase-times.ts';
import { printPhases } from './phases.ts';

/** What compute keeps of a guide between runs, to report it again and find copies without reading it. */
type ComputeStamp = {
  summary: string;
  /** what its compare pages select by: the pages are made again from every guide's, none read */
  compare?: CompareFacts;
  /** what it adds to its model's page (data/models), made again from every guide's the same way */
  models?: HardwareFacts;
  diagnostics: Diagnostic[];
  cacheKey?: string;
  hash?: string;
  blocks: BlockDigest[];
};

/** Above this share of guides changed, the index of every block costs less than probing for the changed ones. */
const PROBED_SHARE = 0.25;

/**
 * The stamps of every file compute reads for a guide: its sources, its runs and their manifest, its
 * raw files (to see runs gone stale). `known` are the raw and run stamps ingest just took, in the
 * same process: the same digests, not taken again.
 */
function inputStamps(id: string, known: RawAndRunStamps | undefined): string {
  const content = join(guidesRoot, id);
  return contentHash([
    stampsDigest([...['guide.yaml', 'en.md', 'zh.md'].map((name) => join(content, name)), defaultsPath]),
    known?.raw ?? stampsDigest(listFiles(join(rawRoot, id))),
    known?.runs ?? stampsDigest(runOutputFiles(id)),
  ]);
}

/**
 * Computes every guide; true when data/guides was brought up to date, false when it was left as
 * it was. `ingested`: the stamps ingestSiteStamped returned, when it ran just before in this process.
 */
export function computeSite(ingested?: ReadonlyMap<string, RawAndRunStamps>): Promise<boolean> {
  return listingsOnce(() => computeGuides(ingested));
}

async function computeGuides(ingested: ReadonlyMap<string, RawAndRunStamps> | undefined): Promise<boolean> {
  const started = phaseStart();
  const done = await computeTimed(ingested);
  addSince('compute.total', started);
  printPhases('compute');
  return done;
}

async function computeTimed(ingested: ReadonlyMap<string, RawAndRunStamps> | undefined): Promise<boolean> {
  if (
    refuseFolders(
      'compute',
      folderProblems({ read: ['content', 'runs'], write: ['guides', 'prose', 'compare', 'models', 'cache'] }),
    )
  )
    return false;
  const guidesDir = folder('guides');
  const proseDir = folder('prose');
  const outputsOf = (id: string) => [join(guidesDir, `${id}.json`), join(proseDir, `${id}.json`)];
  const ids = listGuideDirs(guidesRoot);
  const book = new StampBook<ComputeStamp>('compute');

  // Every guide's stamps, before a byte of it is read; a guide whose stamps changed has its blocks read.
  const stamps = new Map<string, { inputs: string; outputs: string }>();
  const unchanged = new Map<string, ComputeStamp>();
  const blocks = new Map<string, BlockDigest[]>();
  for (const id of ids) {
    const stamped = timed('compute.stamps', () => ({
      inputs: inputStamps(id, ingested?.get(id)),
      outputs: stampsDigest(outputsOf(id)),
    }));
    stamps.set(id, stamped);
    const entry = book.unchanged(id, stamped.inputs, stamped.outputs);
    if (entry) unchanged.set(id, entry);
    blocks.set(id, entry ? entry.blocks : timed('compute.block-digests', () => unsettledRunBlocks(id)));
  }
  const changed = timed('compute.copies-changed', () => copiesChanged(ids, unchanged, blocks, book.previousEntries()));
  const indexOf = () => {
    const guideBlocks = [...blocks].map(([id, own]) => ({ id, blocks: own }));
    return changed.length > ids.length * PROBED_SHARE
      ? blockIndexOfDigests(guideBlocks)
      : blockIndexFor(
          guideBlocks,
          changed.flatMap((id) => blocks.get(id) ?? []),
        );
  };
  let index: BlockIndex = timed('compute.block-index', indexOf);
  // The blocks read this run are not settled yet (their guide.yaml unread): where one meets another
  // guide's block, its guide's acknowledgements are read and the index made again. An honest site has none.
  const unsettled = [...guidesMeetingOthers(index)].filter((id) => !unchanged.has(id) && blocks.has(id));
  if (unsettled.length > 0)
    index = timed('compute.block-index', () => {
      for (const id of unsettled) blocks.set(id, settleBlocks(blocks.get(id) ?? [], guideCopySettlement(id)));
      return indexOf();
    });

  const results = new Map<string, ComputedGuideJson>();
  if (changed.length > 0) {
    // Each guide's blocks as read above, for the guide's own record: not read and digested again.
    const own = Object.fromEntries(changed.map((id) => [id, blocks.get(id) ?? []]));
    const ingestedNow = ingested !== undefined;
    const threads = startGuideThreads<ComputedGuideJson>('compute', changed, { index, own, ingestedNow });
    const { computeOne } = await timedAsync('compute.load-code', () => import('./compute-one.ts'));
    const done = await timedAsync('compute.threads', () =>
      threads.run((id) => computeOne(id, index, own[id], ingestedNow)),
    );
    for (const { id, result } of done) results.set(id, result);
  }

  const output = new Map<string, string>();
  const proseOutput = new Map<string, string>();
  const kept = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const entries = new Map<string, ComputeStamp>();
  let fromCache = 0;
  for (const id of ids) {
    const before = unchanged.get(id);
    const result = results.get(id);
    const entry: ComputeStamp | undefined = before ?? (result && stampOf(result));
    if (!entry) continue;
    entries.set(id, entry);
    markCacheUsed('compute', entry.cacheKey);
    appendAll(diagnostics, entry.diagnostics);
    if (before) kept.add(`${id}.json`);
    else if (result?.json !== undefined && result.prose !== undefined) {
      output.set(`${id}.json`, result.json);
      proseOutput.set(`${id}.json`, result.prose);
    }
    const isUnchanged = before !== undefined || result?.cached === true;
    if (isUnchanged) fromCache++;
    process.stderr.write(`compute: ${id}: ${entry.summary}${isUnchanged ? ' (unchanged)' : ''}\n`);
  }

  if (reportDiagnostics(diagnostics)) {
    process.stderr.write('compute: failed; data/guides left as it was\n');
    return false;
  }
  const { written, removed, pages, modelPages } = timed('compute.write', () => {
    const guides = syncDirectory(guidesDir, output, kept);
    // The same names in both folders: a guide's prose is kept where its JSON is.
    const prose = syncDirectory(proseDir, proseOutput, kept);
    const facts = [...entries.values()].flatMap((entry) => (entry.compare ? [entry.compare] : []));
    const selections = compareFiles(facts);
    const models = modelFiles([...entries.values()].flatMap((entry) => (entry.models ? [entry.models] : [])));
    return {
      written: guides.written + prose.written,
      removed: guides.removed + prose.removed,
      pages: { count: selections.size, ...syncDirectory(folder('compare'), selections) },
      modelPages: { count: models.size, ...syncDirectory(folder('models'), models) },
    };
  });
  timed('compute.cache-prune', () => pruneCache('compute'));
  recordComputedGuides([...entries.values()].flatMap((entry) => (entry.hash ? [entry.hash] : [])));
  // What data/guides holds now, stamped for the next run (a guide not read keeps its stamps).
  const stampStarted = phaseStart();
  for (const [id, entry] of entries) {
    const stamped = stamps.get(id);
    if (!stamped) continue;
    const outputs = unchanged.has(id) ? stamped.outputs : stampsDigest(outputsOf(id));
    book.record(id, { inputs: stamped.inputs, outputs, entry });
  }
  book.save();
  addSince('compute.stamps-save', stampStarted);
  process.stderr.write(
    `compute: ${output.size + kept.size} guide(s) in data/guides and data/prose, ${written} written, ${removed} removed; ${fromCache} unchanged\n` +
      `compute: ${pages.count} compare page(s) in data/compare, ${pages.written} written, ${pages.removed} removed\n` +
      `compute: ${modelPages.count} model page(s) in data/models, ${modelPages.written} written, ${modelPages.removed} removed\n`,
  );
  return true;
}

/**
 * The guides to compute: those whose stamps changed, and those of the others (taken out of
 * `unchanged`) that hold a block a changed or removed guide held before or holds now, the same or
 * nearly: their story check ("copied from another guide") may read differently now. Every other
 * guide's copies are what they were, since no block it could meet has changed.
 */
function copiesChanged(
  ids: readonly string[],
  unchanged: Map<string, ComputeStamp>,
  blocks: ReadonlyMap<string, readonly BlockDigest[]>,
  previous: ReadonlyMap<string, ComputeStamp>,
): string[] {
  const stamped = ids.filter((id) => !unchanged.has(id));
  const present = new Set(ids);
  const gone = [...previous.keys()].filter((id) => !present.has(id));
  if (stamped.length + gone.length === 0) return stamped;
  const probe = blockProbe(
    [...stamped, ...gone].flatMap((id) => [...(blocks.get(id) ?? []), ...(previous.get(id)?.blocks ?? [])]),
  );
  for (const [id, entry] of unchanged) if (entry.blocks.some((block) => meetsProbe(block, probe))) unchanged.delete(id);
  return ids.filter((id) => !unchanged.has(id));
}

function stampOf(result: ComputedGuideJson): ComputeStamp {
  const { summary, diagnostics, cacheKey, hash, blocks, compare, models } = result;
  return {
    summary,
    diagnostics,
    blocks,
    ...(compare ? { compare } : {}),
    ...(models ? { models } : {}),
    ...(cacheKey ? { cacheKey } : {}),
    ...(hash ? { hash } : {}),
  };
}
