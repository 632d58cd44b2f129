// One guide through compute, behind the content-hash cache: what compute.ts runs for every guide,
// and (with ingest-one.ts) what refresh.ts runs for a guide whose sources changed. A cached result
// is the exact text and diagnostics a cold run produces.
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { blockDigest, blockIndex, type BlockIndex } from '../lib/compute/story.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { stableJson } from '../lib/stable-json.ts';
import { hasGuideYaml, parseRuns, readGuideSources, readRunTexts, staleRuns } from './sources.ts';
import { repoPath } from './fs-policy.ts';
import { cacheKey, readCache, writeCache } from './cache.ts';

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
