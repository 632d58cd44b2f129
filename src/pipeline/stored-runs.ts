// The runs a guide page shows, as ingest normalized them (data/runs/<guide>/<run>.json): what the
// Benchmark Report exports (src/pages/api/v1/benchmark-reports) read beyond the computed guide
// (every metric of the run, not only those the page shows). Read when the export is rendered, one
// file at a time, not held in the content layer: as a collection, the 22 runs a guide shows made the
// content store (held whole in memory, then serialized whole) 42 MB where the guides alone make
// 23 MB (250 synthetic guides), and a 2,500-guide site ran out of memory syncing it (npm run bench
// -- --guides 2500). The one run the Data and API page shows is a collection of its own
// (src/content/example-run-loader.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { StoredRunSchema, type StoredRun } from '../lib/schema/run.ts';

/**
 * Where data/ is: PERFLAB_ROOT (another site's data built with this code, src/pipeline/fs-policy.ts),
 * else the folder astro runs in, which is its root (the pages are bundled elsewhere, so their own
 * path says nothing of it).
 */
const siteRoot = () => process.env.PERFLAB_ROOT ?? process.cwd();

const runPath = (guideId: string, runId: string) => join(siteRoot(), 'data/runs', guideId, `${runId}.json`);

/** Whether ingest wrote the run; an error names the command that writes it when it did not. */
export function assertStoredRun(guideId: string, runId: string): void {
  const path = runPath(guideId, runId);
  if (!existsSync(path))
    throw new Error(`${relative(siteRoot(), path)}: the run guide ${guideId} shows is missing; run npm run data`);
}

/** The run as data/runs holds it, validated as a run less its raw text (which zod's object drops). */
export function readStoredRun(guideId: string, runId: string): StoredRun {
  assertStoredRun(guideId, runId);
  const path = runPath(guideId, runId);
  const checked = validateJson(StoredRunSchema, readFileSync(path, 'utf8'), relative(siteRoot(), path));
  if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
  return checked.data;
}
