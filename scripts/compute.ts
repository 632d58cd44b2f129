// compute: content/guides/<guide>/ + data/runs/<guide>/ → data/guides/<guide>.json.
// Writes nothing unless every guide validates and computes without error.
import { join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../src/lib/compute/build-guide.ts';
import { blockIndex } from '../src/lib/compute/story.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { guidesRoot, hasGuideYaml, readGuideSources, staleRuns } from './guide-sources.ts';
import { listGuideDirs, replaceDirectory, repoRoot, reportDiagnostics } from './io.ts';

const output = new Map<string, string>();
const diagnostics: Diagnostic[] = [];

// Every guide's sources first: a result copied between guides is found across all of them.
const guides = listGuideDirs(guidesRoot).flatMap((id) => {
  // A folder without guide.yaml is reported as such (by buildGuide), not as stale runs.
  const stale = hasGuideYaml(id) ? staleRuns(id) : undefined;
  if (stale) {
    diagnostics.push(stale);
    process.stderr.write(`compute: ${id}: failed\n`);
    return [];
  }
  const { sources, diagnostics: readProblems } = readGuideSources(id);
  diagnostics.push(...readProblems);
  return [{ id, sources }];
});
const blocks = blockIndex(guides.map(({ id, sources }) => ({ id, runs: sources.runs })));

for (const { id, sources } of guides) {
  const result = buildGuide({ ...sources, blocks });
  diagnostics.push(...result.diagnostics);
  if (result.guide) output.set(`${id}.json`, stableJson(result.guide));
  process.stderr.write(
    `compute: ${id}: ${result.guide ? `${result.guide.steps.length} step(s), ${result.guide.comparison.length} case(s)` : 'failed'}\n`,
  );
}

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
if (reportDiagnostics(diagnostics)) {
  process.stderr.write('compute: failed; data/guides left as it was\n');
  process.exitCode = 1;
} else {
  replaceDirectory(join(repoRoot, 'data/guides'), output);
  process.stderr.write(`compute: wrote ${output.size} guide(s) to data/guides\n`);
}
