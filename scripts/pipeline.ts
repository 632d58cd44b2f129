// One guide through ingest and through compute, each behind the content-hash cache: what
// ingest.ts and compute.ts run for every guide, and what `npm run dev` runs for a guide whose
// sources changed. A cached result is the exact text and diagnostics a cold run produces.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../src/lib/compute/build-guide.ts';
import { blockDigest, blockIndex, type BlockIndex } from '../src/lib/compute/story.ts';
import { hasErrors } from '../src/lib/diagnostics/diagnostics.ts';
import { ingestGuide, runJson } from '../src/lib/ingest/ingest-guide.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import {
  guidesRoot,
  hasGuideYaml,
  manifestPath,
  parseRuns,
  rawRoot,
  rawSourcesManifest,
  readDeclaredFormats,
  readGuideSources,
  readGuideYamlText,
  readRawFiles,
  readRunTexts,
  staleRuns,
} from './guide-sources.ts';
import { listGuideDirs, repoPath, repoRoot, syncDirectory } from './io.ts';
import { cacheKey, readCache, writeCache } from './pipeline-cache.ts';

export type IngestedGuide = {
  /** `<run id>.json` → its normalized run */
  runs: Map<string, string>;
  /** data/runs/<guide>.sources.json: what the runs were ingested from */
  manifest: string;
  rawFiles: number;
  diagnostics: Diagnostic[];
  cached: boolean;
  /** its ingest cache entry, which a run on another thread must keep from pruning */
  cacheKey: string;
};

/** What the cache keeps of an ingest: each run file's name and digest; the texts are in data/runs. */
type IngestEntry = { runs: [string, string][]; diagnostics: Diagnostic[] };

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A guide's runs as data/runs holds them, when every file the cached ingest listed is there with
 * the digest it had; undefined when any is missing or edited (then the raw files are parsed again).
 */
function committedRuns(id: string, listed: readonly [string, string][]): Map<string, string> | undefined {
  const runs = new Map<string, string>();
  for (const [name, expected] of listed) {
    const path = join(repoRoot, 'data/runs', id, name);
    if (!existsSync(path)) return undefined;
    const text = readFileSync(path, 'utf8');
    if (digest(text) !== expected) return undefined;
    runs.set(name, text);
  }
  return runs;
}

export function ingestOne(id: string): IngestedGuide {
  const { files, diagnostics: refused } = readRawFiles(id);
  // guide.yaml is in the key for the formats it may declare for these files.
  const yamlText = readGuideYamlText(id);
  const key = cacheKey('ingest', [id, yamlText, ...files.flatMap((f) => [f.path, f.text])]);
  const entry = readCache<IngestEntry>('ingest', key);
  let runs = entry && committedRuns(id, entry.runs);
  let diagnostics = entry?.diagnostics ?? [];
  const cached = runs !== undefined;
  if (!runs) {
    const result = ingestGuide(files, readDeclaredFormats(id, yamlText));
    runs = new Map(result.runs.map((run) => [`${run.id}.json`, runJson(run)]));
    diagnostics = result.diagnostics;
    // An entry whose files data/runs does not hold (ingest failed elsewhere, or they were edited)
    // is not used: the next run parses again.
    if (!hasErrors(diagnostics))
      writeCache('ingest', key, { runs: [...runs].map(([name, text]) => [name, digest(text)]), diagnostics });
  }
  return {
    runs,
    manifest: rawSourcesManifest(files),
    rawFiles: files.length,
    diagnostics: [...refused, ...diagnostics],
    cached,
    cacheKey: key,
  };
}

export type ComputedGuideJson = {
  json?: string;
  diagnostics: Diagnostic[];
  cached: boolean;
  summary: string;
  /** its compute cache entry (none for stale runs), which a run on another thread must keep from pruning */
  cacheKey?: string;
};

type ComputeEntry = { json?: string; diagnostics: Diagnostic[]; summary: string };

/**
 * Which guides hold each raw block, from every guide's runs in data/runs: the story checks name a
 * block copied between guides. Read once per compute (linear in the runs).
 */
export function loadBlockIndex(ids: readonly string[]): BlockIndex {
  return blockIndex(
    ids.map((id) => ({
      id,
      runs: readRunTexts(id).flatMap(({ text }) => {
        const run = JSON.parse(text) as { raw?: unknown; source?: { file?: unknown } };
        return typeof run.raw === 'string' && typeof run.source?.file === 'string'
          ? [{ raw: run.raw, source: { file: run.source.file } }]
          : [];
      }),
    })),
  );
}

/** The blocks of this guide that other guides hold too: part of its compute cache key. */
function copiesOf(id: string, runTexts: readonly { text: string }[], blocks: BlockIndex): string[] {
  return runTexts.flatMap(({ text }) => {
    const run = JSON.parse(text) as { raw?: unknown };
    if (typeof run.raw !== 'string') return [];
    const digest = blockDigest(run.raw);
    return (blocks.get(digest) ?? []).filter((owner) => owner.guide !== id).map((owner) => `${digest} ${owner.file}`);
  });
}

export function computeOne(id: string, blocks: BlockIndex = new Map()): ComputedGuideJson {
  // A folder without guide.yaml is reported as such (by buildGuide), not as stale runs.
  const stale = hasGuideYaml(id) ? staleRuns(id) : undefined;
  if (stale) return { diagnostics: [stale], cached: false, summary: 'failed' };
  const { sources, diagnostics: readProblems } = readGuideSources(id, []);
  const runTexts = readRunTexts(id);
  const key = cacheKey('compute', [
    id,
    sources.yaml?.file ?? '',
    sources.yaml?.text ?? '',
    // A block another guide gained (or lost) changes this guide's story check.
    ...copiesOf(id, runTexts, blocks),
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
    const result = buildGuide({ ...sources, runs, blocks });
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
  return { ...entry, diagnostics: [...readProblems, ...entry.diagnostics], cached, cacheKey: key };
}

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
