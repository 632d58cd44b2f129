// compute: content/guides/<guide>/ + data/runs/<guide>/ → data/guides/<guide>.json.
// Writes nothing unless every guide validates and computes without error; then writes only the
// files that changed. A guide whose guide.yaml, prose and runs are unchanged comes from the cache.
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { markCacheUsed, pruneCache, recordComputedGuides } from './cache.ts';
import { computeOne, loadBlockIndex, type ComputedGuideJson } from './compute-one.ts';
import { folder, folderProblems, guidesRoot, listGuideDirs, syncDirectory } from './fs-policy.ts';
import { refuseFolders, reportDiagnostics } from './report.ts';
import { startGuideThreads } from './threads.ts';

/** Computes every guide; true when data/guides was brought up to date, false when it was left as it was. */
export async function computeSite(): Promise<boolean> {
  if (refuseFolders('compute', folderProblems({ read: ['content', 'runs'], write: ['guides', 'cache'] }))) return false;
  const output = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  let fromCache = 0;

  const ids = listGuideDirs(guidesRoot);
  const blocks = loadBlockIndex(ids);
  const threads = startGuideThreads<ComputedGuideJson>('compute', ids, blocks);
  for (const { id, result } of await threads.run((id) => computeOne(id, blocks))) {
    markCacheUsed('compute', result.cacheKey);
    diagnostics.push(...result.diagnostics);
    if (result.json) output.set(`${id}.json`, result.json);
    if (result.cached) fromCache++;
    process.stderr.write(`compute: ${id}: ${result.summary}${result.cached ? ' (unchanged)' : ''}\n`);
  }

  if (reportDiagnostics(diagnostics)) {
    process.stderr.write('compute: failed; data/guides left as it was\n');
    return false;
  }
  const { written, removed } = syncDirectory(folder('guides'), output);
  pruneCache('compute');
  recordComputedGuides(output.values());
  process.stderr.write(
    `compute: ${output.size} guide(s) in data/guides, ${written} written, ${removed} removed; ${fromCache} unchanged\n`,
  );
  return true;
}
