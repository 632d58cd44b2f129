// One guide through ingest and through compute, each behind the content-hash cache: what
// ingest.ts and compute.ts run for every guide, and what `npm run dev` runs for a guide whose
// sources changed. A cached result is the exact text and diagnostics a cold run produces.
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../src/lib/compute/build-guide.ts';
import { hasErrors } from '../src/lib/diagnostics/diagnostics.ts';
import { ingestGuide, runJson } from '../src/lib/ingest/ingest-guide.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import {
  parseRuns,
  rawSourcesManifest,
  readDeclaredFormats,
  readGuideSources,
  readGuideYamlText,
  readRawFiles,
  readRunTexts,
  staleRuns,
} from './guide-sources.ts';
import { repoPath } from './io.ts';
import { cacheKey, readCache, writeCache } from './pipeline-cache.ts';

export type IngestedGuide = {
  /** `<run id>.json` → its normalized run */
  runs: Map<string, string>;
  /** data/runs/<guide>.sources.json: what the runs were ingested from */
  manifest: string;
  rawFiles: number;
  diagnostics: Diagnostic[];
  cached: boolean;
};

type IngestEntry = { runs: [string, string][]; diagnostics: Diagnostic[] };

export function ingestOne(id: string): IngestedGuide {
  const { files, diagnostics: refused } = readRawFiles(id);
  // guide.yaml is in the key for the formats it may declare for these files.
  const yamlText = readGuideYamlText(id);
  const key = cacheKey('ingest', [id, yamlText, ...files.flatMap((f) => [f.path, f.text])]);
  let entry = readCache<IngestEntry>('ingest', key);
  const cached = entry !== undefined;
  if (!entry) {
    const result = ingestGuide(files, readDeclaredFormats(id, yamlText));
    entry = { runs: result.runs.map((run) => [`${run.id}.json`, runJson(run)]), diagnostics: result.diagnostics };
    if (!hasErrors(result.diagnostics)) writeCache('ingest', key, entry);
  }
  return {
    runs: new Map(entry.runs),
    manifest: rawSourcesManifest(files),
    rawFiles: files.length,
    diagnostics: [...refused, ...entry.diagnostics],
    cached,
  };
}

export type ComputedGuideJson = { json?: string; diagnostics: Diagnostic[]; cached: boolean; summary: string };

type ComputeEntry = { json?: string; diagnostics: Diagnostic[]; summary: string };

export function computeOne(id: string): ComputedGuideJson {
  const stale = staleRuns(id);
  if (stale) return { diagnostics: [stale], cached: false, summary: 'failed' };
  const { sources, diagnostics: readProblems } = readGuideSources(id, []);
  const runTexts = readRunTexts(id);
  const key = cacheKey('compute', [
    id,
    sources.yaml.file,
    sources.yaml.text,
    ...(['en', 'zh'] as const).flatMap((lang) => [
      lang,
      sources.prose[lang]?.file ?? '',
      sources.prose[lang]?.text ?? '',
    ]),
    ...runTexts.flatMap((run) => [repoPath(run.path), run.text]),
  ]);
  let entry = readCache<ComputeEntry>('compute', key);
  const cached = entry !== undefined;
  if (!entry) {
    const diagnostics: Diagnostic[] = [];
    const runs = parseRuns(runTexts, diagnostics);
    const result = buildGuide({ ...sources, runs });
    diagnostics.push(...result.diagnostics);
    entry = {
      ...(result.guide ? { json: stableJson(result.guide) } : {}),
      diagnostics,
      summary: result.guide
        ? `${result.guide.steps.length} step(s), ${result.guide.comparison.length} case(s)`
        : 'failed',
    };
    if (!hasErrors(diagnostics)) writeCache('compute', key, entry);
  }
  return { ...entry, diagnostics: [...readProblems, ...entry.diagnostics], cached };
}
