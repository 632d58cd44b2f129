// check: validate every raw file, guide.yaml and prose file without writing anything.
// Prints every problem as `file:line:col: error CODE: message`.
import { appendAll } from '../lib/append-all.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { ingestGuide } from '../lib/ingest/ingest-guide.ts';
import { sshVerifier } from './record-signatures.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { blockIndex } from '../lib/compute/block-index.ts';
import { guideCopySettlement } from './run-blocks.ts';
import { renameConflicts, type RenamedGuide } from '../lib/compute/renames.ts';
import { readGuideSources, readRawFiles } from './sources.ts';
import { today } from './clock.ts';
import { errorAt } from '../lib/diagnostics/diagnostics.ts';
import { folder, folderProblems, guidesRoot, listGuideDirs, listingsOnce, rawRoot } from './fs-policy.ts';
import { trackedBelow } from './tracked-files.ts';
import { refuseFolders, reportDiagnostics } from './report.ts';

/** Checks every guide; true when no problem is an error. */
export function checkSite(): boolean {
  return listingsOnce(checkGuides);
}

function checkGuides(): boolean {
  // A linked data/raw, content/guides or guide folder: nothing is read (ingest would refuse it too).
  if (refuseFolders('check', folderProblems({ read: ['raw', 'content'] }))) return false;
  const diagnostics: Diagnostic[] = [];
  /** plausibility warnings a guide acknowledges: one summary line, not a block each */
  const acknowledged = new Set<string>();
  const key = (d: Diagnostic) => `${d.file}:${d.line ?? ''}:${d.code}`;
  // run-plan reads its run state from data/.record-logs: a committed one could name any process.
  for (const path of trackedBelow(folder('recordLogs')))
    diagnostics.push(
      errorAt('E_TRACKED_RUN_STATE', path, `${path} is tracked by git: data/.record-logs is never committed`, {
        line: 1,
        expected: 'no tracked file under data/.record-logs (it is in .gitignore)',
        found: path,
      }),
    );
  let guides = 0;
  const renamed: RenamedGuide[] = [];
  const guideIds = new Set(listGuideDirs(guidesRoot));

  // Every guide ingested first: a result copied between guides is found across all of them.
  const verify = sshVerifier();
  const ingestedGuides = [...new Set([...listGuideDirs(rawRoot), ...guideIds])].sort().flatMap((id) => {
    const raw = readRawFiles(id);
    const ingested = ingestGuide(raw.files, { verify });
    appendAll(diagnostics, [...raw.diagnostics, ...ingested.diagnostics]);
    if ([...raw.diagnostics, ...ingested.diagnostics].some((d) => d.severity === 'error')) return []; // compute would only repeat the raw errors
    return [{ id, runs: ingested.runs, settles: guideCopySettlement(id) }];
  });
  const blocks = blockIndex(ingestedGuides);
  const date = today();

  for (const { id, runs } of ingestedGuides) {
    if (!guideIds.has(id)) continue; // raw data without a guide yet
    const { sources, diagnostics: unreadable } = readGuideSources(id, runs);
    const built = buildGuide({ ...sources, blocks, today: date });
    appendAll(diagnostics, [...unreadable, ...built.diagnostics]);
    for (const { warning } of built.acknowledged ?? []) acknowledged.add(key(warning));
    if (built.guide?.renamedFrom && sources.yaml)
      renamed.push({ id, file: sources.yaml.file, text: sources.yaml.text, renamedFrom: built.guide.renamedFrom });
    guides++;
  }
  appendAll(diagnostics, renameConflicts(guideIds, renamed));

  const shown = diagnostics.filter((d) => !(d.severity === 'warning' && acknowledged.has(key(d))));
  if (acknowledged.size > 0)
    process.stderr.write(
      `check: ${acknowledged.size} plausibility warning(s) acknowledged in guide.yaml with a reason (acknowledge:)\n`,
    );
  const failed = reportDiagnostics(shown);
  process.stderr.write(failed ? 'check: failed\n' : `check: ${guides} guide(s) OK\n`);
  return !failed;
}
