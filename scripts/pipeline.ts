// One guide through compute, behind the content-hash cache: what compute.ts runs for every guide,
// and (with pipeline-ingest.ts) what `npm run dev` runs for a guide whose sources changed. A cached
// result is the exact text and diagnostics a cold run produces.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../src/lib/compute/build-guide.ts';
import { blockDigest, blockIndex, type BlockIndex } from '../src/lib/compute/story.ts';
import { hasErrors } from '../src/lib/diagnostics/diagnostics.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { hasGuideYaml, manifestPath, parseRuns, readGuideSources, readRunTexts, staleRuns } from './guide-sources.ts';
import { guidesRoot, listGuideDirs, rawRoot, repoPath, repoRoot, syncDirectory } from './io.ts';
import { cacheKey, readCache, writeCache } from './pipeline-cache.ts';
import { ingestOne } from './pipeline-ingest.ts';

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
