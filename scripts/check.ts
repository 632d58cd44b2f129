// check: validate every raw file, guide.yaml and prose file without writing anything.
// Prints every problem as `file:line:col: error CODE: message`; exits 1 if any is an error.
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { ingestGuide } from '../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../src/lib/compute/build-guide.ts';
import { guidesRoot, rawRoot, readDeclaredFormats, readGuideSources, readRawFiles } from './guide-sources.ts';
import { listGuideDirs, reportDiagnostics } from './io.ts';

const diagnostics: Diagnostic[] = [];
let guides = 0;
const guideIds = new Set(listGuideDirs(guidesRoot));

for (const id of [...new Set([...listGuideDirs(rawRoot), ...guideIds])].sort()) {
  const raw = readRawFiles(id);
  const ingested = ingestGuide(raw.files, readDeclaredFormats(id));
  diagnostics.push(...raw.diagnostics, ...ingested.diagnostics);
  if ([...raw.diagnostics, ...ingested.diagnostics].some((d) => d.severity === 'error')) continue; // compute would only repeat the raw errors
  if (!guideIds.has(id)) continue; // raw data without a guide yet
  const { sources, diagnostics: unreadable } = readGuideSources(id, ingested.runs);
  diagnostics.push(...unreadable, ...buildGuide(sources).diagnostics);
  guides++;
}

const failed = reportDiagnostics(diagnostics);
process.stderr.write(failed ? 'check: failed\n' : `check: ${guides} guide(s) OK\n`);
process.exit(failed ? 1 : 0);
