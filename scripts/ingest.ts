// ingest: data/raw/<guide>/** → data/runs/<guide>/*.json, one normalized run per result block.
// Writes nothing unless every raw file of every guide parses without error.
import { join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { ingestGuide, runJson } from '../src/lib/ingest/ingest-guide.ts';
import { rawRoot, rawSourcesManifest, readDeclaredFormats, readRawFiles } from './guide-sources.ts';
import { listGuideDirs, replaceDirectory, repoRoot, reportDiagnostics } from './io.ts';

const output = new Map<string, string>();
const diagnostics: Diagnostic[] = [];

for (const guide of listGuideDirs(rawRoot)) {
  const { files, diagnostics: refused } = readRawFiles(guide);
  const result = ingestGuide(files, readDeclaredFormats(guide));
  diagnostics.push(...refused, ...result.diagnostics);
  for (const run of result.runs) output.set(`${guide}/${run.id}.json`, runJson(run));
  output.set(`${guide}.sources.json`, rawSourcesManifest(files));
  process.stderr.write(`ingest: ${guide}: ${files.length} raw file(s), ${result.runs.length} run(s)\n`);
}

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
if (reportDiagnostics(diagnostics)) {
  process.stderr.write('ingest: failed; data/runs left as it was\n');
  process.exitCode = 1;
} else {
  replaceDirectory(join(repoRoot, 'data/runs'), output);
  process.stderr.write(`ingest: wrote ${output.size} run(s) to data/runs\n`);
}
