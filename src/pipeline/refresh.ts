// What `npm run dev` runs when a guide's sources change: that one guide through ingest and compute,
// its files written as `npm run ingest && npm run compute` would write them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { computeOne } from './compute-one.ts';
import { guidesRoot, listGuideDirs, rawRoot, repoRoot, syncDirectory } from './fs-policy.ts';
import { ingestOne } from './ingest-one.ts';
import { manifestPath } from './sources.ts';

/** Every guide id with a raw folder or a guide folder. */
export function guideIds(): string[] {
  return [...new Set([...listGuideDirs(rawRoot), ...listGuideDirs(guidesRoot)])].sort();
}

/**
 * Ingests and computes one guide and writes its files, as `npm run ingest && npm run compute`
 * would for it (used by `npm run dev` when a guide's sources change). Writes nothing while the
 * guide has an error; a guide whose folders are gone loses its generated files.
 */
export function refreshGuide(id: string): { ok: boolean; diagnostics: Diagnostic[] } {
  const runsDir = join(repoRoot, 'data/runs', id);
  const guideJson = join(repoRoot, 'data/guides', `${id}.json`);
  if (!existsSync(join(rawRoot, id)) && !existsSync(join(guidesRoot, id))) {
    for (const path of [runsDir, manifestPath(id), guideJson]) rmSync(path, { recursive: true, force: true });
    return { ok: true, diagnostics: [] };
  }
  const ingested = ingestOne(id);
  if (hasErrors(ingested.diagnostics)) return { ok: false, diagnostics: ingested.diagnostics };
  syncDirectory(runsDir, ingested.runs);
  writeIfChanged(manifestPath(id), ingested.manifest);
  const computed = computeOne(id);
  const diagnostics = [...ingested.diagnostics, ...computed.diagnostics];
  if (hasErrors(computed.diagnostics) || computed.json === undefined) return { ok: false, diagnostics };
  writeIfChanged(guideJson, computed.json);
  return { ok: true, diagnostics };
}

function writeIfChanged(path: string, content: string) {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
