// ingest: data/raw/<guide>/** → data/runs/<guide>/*.json, one normalized run per result block.
// Writes nothing unless every raw file of every guide parses without error; then writes only the
// files that changed. A guide whose raw files are unchanged comes from the cache.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { folder, folderProblems, listGuideDirs, rawRoot, removeOwned, syncDirectory } from './fs-policy.ts';
import type { IngestedGuide, KeptGuide, StagedGuide } from './ingest-one.ts';
import { refuseFolders, reportDiagnostics } from './report.ts';
import { startGuideThreads } from './threads.ts';

/** Ingests every guide; true when data/runs was brought up to date, false when it was left as it was. */
export async function ingestSite(): Promise<boolean> {
  if (refuseFolders('ingest', folderProblems({ read: ['raw'], write: ['runs', 'runsStaging', 'cache'] }))) return false;
  const runsDir = folder('runs');
  const data = dirname(runsDir);
  // Cold (no data/runs yet): every thread writes the files of each guide it finishes into this
  // folder (data/.runs-staging; git ignores it), which becomes data/runs in one rename once every
  // guide has parsed, or is removed.
  const staging = existsSync(runsDir) ? undefined : folder('runsStaging');
  if (staging) removeOwned(staging, data);

  // The workers start loading the parsers while this thread loads its own copy.
  const threads = startGuideThreads<IngestedGuide | KeptGuide | StagedGuide>('ingest', listGuideDirs(rawRoot), staging);
  const { ingestForSync, stager } = await import('./ingest-one.ts');
  const { markCacheUsed, pruneCache } = await import('./cache.ts');

  // A warm ingest's files (path under data/runs → text); a cold one's threads wrote theirs to staging.
  const output = new Map<string, string>();
  let stagedFiles = 0;
  // Run files a cached guide was read from, and found to hold, this run: kept as they are.
  const kept = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  let fromCache = 0;

  const ingestHere = staging ? stager(staging) : ingestForSync;
  for (const { id: guide, result } of await threads.run(ingestHere)) {
    markCacheUsed('ingest', result.cacheKey);
    diagnostics.push(...result.diagnostics);
    let runCount: number;
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
    process.stderr.write(
      `ingest: ${guide}: ${result.rawFiles} raw file(s), ${runCount} run(s)${result.cached ? ' (unchanged)' : ''}\n`,
    );
  }

  if (reportDiagnostics(diagnostics)) {
    if (staging) removeOwned(staging, data);
    process.stderr.write('ingest: failed; data/runs left as it was\n');
    return false;
  }
  const files = staging ? stagedFiles : output.size + kept.size;
  const { written, removed } = staging ? moveStaged(staging, runsDir, files) : syncDirectory(runsDir, output, kept);
  pruneCache('ingest');
  process.stderr.write(
    `ingest: ${files} file(s) in data/runs, ${written} written, ${removed} removed; ${fromCache} guide(s) unchanged\n`,
  );
  return true;
}

/** The staged files become data/runs (one rename); every file was written there, none removed. */
function moveStaged(from: string, to: string, files: number): { written: number; removed: number } {
  // No guide at all wrote nothing: data/runs is then an empty folder, as syncDirectory leaves it.
  mkdirSync(from, { recursive: true });
  renameSync(from, to);
  return { written: files, removed: 0 };
}
