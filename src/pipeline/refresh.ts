// What `npm run dev` runs when a guide's sources change: that one guide through ingest and compute,
// its files written as `npm run ingest && npm run compute` would write them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { computeOne } from './compute-one.ts';
import {
  folder,
  guideFolderProblems,
  guidesRoot,
  listGuideDirs,
  manifestPath,
  rawRoot,
  removeOwned,
  syncDirectory,
  writeOwnedIfChanged,
} from './fs-policy.ts';
import { ingestOne } from './ingest-one.ts';
import { committedFacts, committedHardwareFacts, rewriteCompareFiles, rewriteModelFiles } from './compare-files.ts';
import { stableJson } from '../lib/stable-json.ts';

/** Every guide id with a raw folder or a guide folder. */
export function guideIds(): string[] {
  return [...new Set([...listGuideDirs(rawRoot), ...listGuideDirs(guidesRoot)])].sort();
}

/** A guide id as folders make it: two slugs (never "..", never a path). */
const GUIDE_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

/**
 * Ingests and computes one guide and writes its files, as `npm run ingest && npm run compute`
 * would for it (used by `npm run dev` when a guide's sources change). Writes nothing while the
 * guide has an error, or while a folder it reads or writes is a link; a guide whose folders are
 * gone loses its generated files.
 */
export function refreshGuide(id: string): { ok: boolean; diagnostics: Diagnostic[] } {
  if (!GUIDE_ID.test(id)) return { ok: false, diagnostics: [] };
  const folders = guideFolderProblems(id);
  if (folders.length > 0) return { ok: false, diagnostics: folders };
  const runs = folder('runs');
  const guides = folder('guides');
  const prose = folder('prose');
  const runsDir = join(runs, id);
  const guideJson = join(guides, `${id}.json`);
  const proseJson = join(prose, `${id}.json`);
  if (!existsSync(join(rawRoot, id)) && !existsSync(join(guidesRoot, id))) {
    removeOwned(runsDir, runs);
    removeOwned(manifestPath(id), runs);
    removeOwned(guideJson, guides);
    removeOwned(proseJson, prose);
    rewriteCompareFiles();
    rewriteModelFiles();
    return { ok: true, diagnostics: [] };
  }
  const ingested = ingestOne(id);
  if (hasErrors(ingested.diagnostics)) return { ok: false, diagnostics: ingested.diagnostics };
  syncDirectory(runsDir, ingested.runs);
  writeOwnedIfChanged(manifestPath(id), runs, ingested.manifest);
  const computed = computeOne(id);
  const diagnostics = [...ingested.diagnostics, ...computed.diagnostics];
  if (hasErrors(computed.diagnostics) || computed.json === undefined || computed.prose === undefined)
    return { ok: false, diagnostics };
  const factsBefore = committedFacts(guideJson);
  const modelsBefore = committedHardwareFacts(guideJson);
  // The prose first: the loader, told of the guide's JSON, reads the two.
  writeOwnedIfChanged(proseJson, prose, computed.prose);
  writeOwnedIfChanged(guideJson, guides, computed.json);
  // Its compare pages choose by its cases' names and metrics, never by a value: most edits leave them.
  if (stableJson(factsBefore) !== stableJson(computed.compare)) rewriteCompareFiles();
  // Its model's page shows its measured values: rewritten when they changed.
  if (stableJson(modelsBefore) !== stableJson(computed.models)) rewriteModelFiles();
  return { ok: true, diagnostics };
}
