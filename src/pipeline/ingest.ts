// ingest: data/raw/<guide>/** → data/runs/<guide>/*.json, one normalized run per result block.
// Writes nothing unless every raw file of every guide parses without error; then writes only the
// files that changed. A guide whose raw files and run files carry the stamps they had after the
// last ingest is not read at all; one whose raw files are byte for byte the same comes from the cache.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import {
  folder,
  folderProblems,
  forgetListings,
  listingsOnce,
  pathBelow,
  listGuideDirs,
  rawRoot,
  removeOwned,
  syncDirectory,
  walkFiles,
} from './fs-policy.ts';
import { ingestThread, type IngestThreadContext } from './ingest-thread.ts';
import type { IngestedGuide, KeptGuide, StagedGuide } from './ingest-one.ts';
import { markCacheUsed, pruneCache } from './cache.ts';
import { refuseFolders, reportDiagnostics } from './report.ts';
import { runOutputFiles, StampBook, stampsDigest, type RawAndRunStamps } from './stamps.ts';
import { startGuideThreads } from './threads.ts';
import { appendAll } from '../lib/append-all.ts';
import { addSince, phaseStart, timed, timedAsync } from '../lib/phase-times.ts';
import { printPhases } from './phases.ts';

/** What ingest keeps of a guide between runs, to report it again without reading it. */
type IngestStamp = { rawFiles: number; runCount: number; diagnostics: Diagnostic[]; cacheKey: string };

/** Ingests every guide; true when data/runs was brought up to date, false when it was left as it was. */
export async function ingestSite(): Promise<boolean> {
  return (await ingestSiteStamped()) !== undefined;
}

/**
 * ingestSite, and when it succeeds the stamps of every guide's raw files and of its files in
 * data/runs as they are now: what compute would stamp of them again (npm run data hands them on).
 */
export function ingestSiteStamped(): Promise<Map<string, RawAndRunStamps> | undefined> {
  return listingsOnce(ingestGuides);
}

async function ingestGuides(): Promise<Map<string, RawAndRunStamps> | undefined> {
  const started = phaseStart();
  const result = await ingestTimed();
  addSince('ingest.total', started);
  printPhases('ingest');
  return result;
}

async function ingestTimed(): Promise<Map<string, RawAndRunStamps> | undefined> {
  if (refuseFolders('ingest', folderProblems({ read: ['raw'], write: ['runs', 'runsStaging', 'cache'] })))
    return undefined;
  const runsDir = folder('runs');
  const data = dirname(runsDir);
  // Cold (no data/runs yet): every thread writes the files of each guide it finishes into this
  // folder (data/.runs-staging; git ignores it), which becomes data/runs in one rename once every
  // guide has parsed, or is removed.
  const staging = existsSync(runsDir) ? undefined : folder('runsStaging');
  if (staging) removeOwned(staging, data);

  // Every guide's stamps, before a byte of it is read.
  const listStarted = phaseStart();
  const ids = listGuideDirs(rawRoot);
  const book = new StampBook<IngestStamp>('ingest');
  const stamps = new Map<string, { inputs: string; outputs: string; runFiles: string[] }>();
  const unchanged = new Map<string, IngestStamp>();
  for (const id of ids) {
    const raw = walkFiles(join(rawRoot, id));
    const runFiles = staging ? [] : runOutputFiles(id);
    const stamped = { inputs: stampsDigest(raw.files), outputs: stampsDigest(runFiles), runFiles };
    stamps.set(id, stamped);
    const entry = staging || raw.refused.length > 0 ? undefined : book.unchanged(id, stamped.inputs, stamped.outputs);
    if (entry) unchanged.set(id, entry);
  }
  const changed = ids.filter((id) => !unchanged.has(id));
  addSince('ingest.list-and-stamp', listStarted);

  // Each changed guide's cache entry after its last ingest: its raw files' stamps then say which
  // files to read and parse again (ingest-one.ts).
  const before = book.previousEntries();
  const previousKeys = Object.fromEntries(
    changed.flatMap((id) => {
      const key = before.get(id)?.cacheKey;
      return key === undefined ? [] : [[id, key]];
    }),
  );
  const context: IngestThreadContext = { staging, previousKeys };
  // The workers start loading the parsers while this thread loads its own copy.
  const threads = startGuideThreads<IngestedGuide | KeptGuide | StagedGuide>('ingest', changed, context);
  // The parsers are loaded only when a guide has changed.
  const results = new Map<string, IngestedGuide | KeptGuide | StagedGuide>();
  if (changed.length > 0) {
    const { ingestForSync, stager } = await timedAsync('ingest.load-code', () => import('./ingest-one.ts'));
    // This thread's share of the guides and then its wait for the workers' (their phases are added to this one's).
    const done = await timedAsync('ingest.threads', () => threads.run(ingestThread(context, stager, ingestForSync)));
    for (const { id, result } of done) results.set(id, result);
  }

  // A warm ingest's files (path under data/runs → text); a cold one's threads wrote theirs to staging.
  const output = new Map<string, string>();
  let stagedFiles = 0;
  // Files read this run and found to hold what they should, or not read because nothing changed: kept as they are.
  const kept = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const entries = new Map<string, IngestStamp>();
  let fromCache = 0;
  for (const guide of ids) {
    const before = unchanged.get(guide);
    const result = results.get(guide);
    let runCount: number;
    if (before) {
      for (const path of stamps.get(guide)?.runFiles ?? []) kept.add(pathBelow(runsDir, path));
      runCount = before.runCount;
      markCacheUsed('ingest', before.cacheKey);
      appendAll(diagnostics, before.diagnostics);
      entries.set(guide, before);
      fromCache++;
    } else if (result) {
      markCacheUsed('ingest', result.cacheKey);
      appendAll(diagnostics, result.diagnostics);
      if ('runs' in result) {
        for (const [name, json] of result.runs) output.set(`${guide}/${name}`, json);
        output.set(`${guide}.sources.json`, result.manifest);
        runCount = result.runs.size;
      } else if ('kept' in result) {
        for (const name of result.kept) kept.add(`${guide}/${name}`);
        output.set(`${guide}.sources.json`, result.manifest);
        runCount = result.kept.length;
      } else {
        runCount = result.runCount;
        stagedFiles += runCount + 1;
      }
      if (result.cached) fromCache++;
      const { rawFiles, cacheKey } = result;
      entries.set(guide, { rawFiles, runCount, diagnostics: result.diagnostics, cacheKey });
    } else continue;
    const { rawFiles } = entries.get(guide) ?? { rawFiles: 0 };
    const unchangedNote = before || result?.cached ? ' (unchanged)' : '';
    process.stderr.write(`ingest: ${guide}: ${rawFiles} raw file(s), ${runCount} run(s)${unchangedNote}\n`);
  }

  if (reportDiagnostics(diagnostics, { foldPlausibility: 'ingest' })) {
    if (staging) removeOwned(staging, data);
    process.stderr.write('ingest: failed; data/runs left as it was\n');
    return undefined;
  }
  const files = staging ? stagedFiles : output.size + kept.size;
  const { written, removed } = timed('ingest.write', () =>
    staging ? moveStaged(staging, runsDir, files) : syncDirectory(runsDir, output, kept),
  );
  timed('ingest.cache-prune', () => pruneCache('ingest'));
  // What data/runs holds now, stamped for the next run (a guide not read keeps its stamps).
  const stampStarted = phaseStart();
  const now = new Map<string, RawAndRunStamps>();
  for (const [id, entry] of entries) {
    const stamped = stamps.get(id);
    if (!stamped) continue;
    const outputs = unchanged.has(id) ? stamped.outputs : stampsDigest(runOutputFiles(id));
    book.record(id, { inputs: stamped.inputs, outputs, entry });
    now.set(id, { raw: stamped.inputs, runs: outputs });
  }
  book.save();
  addSince('ingest.stamps-save', stampStarted);
  process.stderr.write(
    `ingest: ${files} file(s) in data/runs, ${written} written, ${removed} removed; ${fromCache} guide(s) unchanged\n`,
  );
  return now;
}

/** The staged files become data/runs (one rename); every file was written there, none removed. */
function moveStaged(from: string, to: string, files: number): { written: number; removed: number } {
  // No guide at all wrote nothing: data/runs is then an empty folder, as syncDirectory leaves it.
  mkdirSync(from, { recursive: true });
  renameSync(from, to);
  forgetListings();
  return { written: files, removed: 0 };
}
