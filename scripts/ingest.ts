// ingest: data/raw/<guide>/** → data/runs/<guide>/*.json, one normalized run per result block.
// Writes nothing unless every raw file of every guide parses without error; then writes only the
// files that changed. A guide whose raw files and guide.yaml are unchanged comes from the cache.
import { join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { startGuideThreads } from './guide-threads.ts';
import { listGuideDirs, rawRoot, repoRoot, reportDiagnostics, syncDirectory } from './io.ts';
import type { IngestedGuide } from './pipeline-ingest.ts';

// The workers start loading the parsers while this thread loads its own copy.
const threads = startGuideThreads<IngestedGuide>('ingest', listGuideDirs(rawRoot));
const { ingestOne } = await import('./pipeline-ingest.ts');
const { markCacheUsed, pruneCache } = await import('./pipeline-cache.ts');

const output = new Map<string, string>();
// Run files a cached guide was read from, and found to hold, this run.
const verified = new Set<string>();
const diagnostics: Diagnostic[] = [];
let fromCache = 0;

for (const { id: guide, result } of await threads.run(ingestOne)) {
  markCacheUsed('ingest', result.cacheKey);
  diagnostics.push(...result.diagnostics);
  for (const [name, json] of result.runs) {
    output.set(`${guide}/${name}`, json);
    if (result.cached) verified.add(`${guide}/${name}`);
  }
  output.set(`${guide}.sources.json`, result.manifest);
  if (result.cached) fromCache++;
  process.stderr.write(
    `ingest: ${guide}: ${result.rawFiles} raw file(s), ${result.runs.size} run(s)${result.cached ? ' (unchanged)' : ''}\n`,
  );
}

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
if (reportDiagnostics(diagnostics)) {
  process.stderr.write('ingest: failed; data/runs left as it was\n');
  process.exitCode = 1;
} else {
  const { written, removed } = syncDirectory(join(repoRoot, 'data/runs'), output, verified);
  pruneCache('ingest');
  process.stderr.write(
    `ingest: ${output.size} file(s) in data/runs, ${written} written, ${removed} removed; ${fromCache} guide(s) unchanged\n`,
  );
}
