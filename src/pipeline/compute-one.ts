// One guide through compute, behind the content-hash cache: what compute.ts runs for every guide,
// and (with ingest-one.ts) what refresh.ts runs for a guide whose sources changed. A cached result
// is the exact text and diagnostics a cold run produces.
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { copiesOf, emptyBlockIndex, type BlockDigest, type BlockIndex } from '../lib/compute/block-index.ts';
import { contentHash } from '../lib/content-hash.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { stableJson } from '../lib/stable-json.ts';
import { hasGuideYaml, parseRuns, readGuideSources, readRunTexts, staleRuns } from './sources.ts';
import { repoPath } from './fs-policy.ts';
import { cacheKey, readCache, writeCache } from './cache.ts';
import { copySettlementOf, runBlocksOfTexts } from './run-blocks.ts';
import { today } from './clock.ts';
import { appendAll } from '../lib/append-all.ts';
import { addSince, phaseStart, timed } from '../lib/phase-times.ts';

export type ComputedGuideJson = {
  json?: string;
  diagnostics: Diagnostic[];
  cached: boolean;
  summary: string;
  /** its compute cache entry (none for stale runs), which a run on another thread must keep from pruning */
  cacheKey?: string;
  /** its runs' raw blocks, and those of them other guides hold: what its stamps keep */
  blocks: BlockDigest[];
  copies: string[];
  /** the hash of `json` (recordComputedGuides) */
  hash?: string;
};

type ComputeEntry = { json?: string; diagnostics: Diagnostic[]; summary: string };

export function computeOne(id: string, blocks: BlockIndex = emptyBlockIndex()): ComputedGuideJson {
  return timed('compute.guide', () => computeOneUntimed(id, blocks));
}

function computeOneUntimed(id: string, blocks: BlockIndex): ComputedGuideJson {
  // A folder without guide.yaml is reported as such (by buildGuide), not as stale runs.
  const stale = timed('compute.guide/stale-check', () => (hasGuideYaml(id) ? staleRuns(id) : undefined));
  if (stale) return { diagnostics: [stale], cached: false, summary: 'failed', blocks: [], copies: [] };
  const { sources, diagnostics: readProblems } = timed('compute.guide/read', () => readGuideSources(id, []));
  const runTexts = timed('compute.guide/read', () => readRunTexts(id));
  const ownBlocks = timed('compute.guide/own-blocks', () =>
    runBlocksOfTexts(runTexts, copySettlementOf(id, sources.yaml?.text)),
  );
  const copies = timed('compute.guide/copies', () => copiesOf(id, ownBlocks, blocks));
  const keyStarted = phaseStart();
  const key = cacheKey('compute', [
    id,
    sources.yaml?.file ?? '',
    sources.yaml?.text ?? '',
    sources.defaults?.text ?? '',
    // A block another guide gained (or lost) changes this guide's story check.
    ...copies,
    ...(['en', 'zh'] as const).flatMap((lang) => [
      lang,
      sources.prose[lang]?.file ?? '',
      sources.prose[lang]?.text ?? '',
    ]),
    ...runTexts.flatMap((run) => [repoPath(run.path), run.text]),
  ]);
  let entry = readCache<ComputeEntry>('compute', key);
  addSince('compute.guide/cache-read', keyStarted);
  const cached = entry !== undefined;
  if (!entry) {
    const diagnostics: Diagnostic[] = [];
    const runs = timed('compute.guide/parse-runs', () => parseRuns(runTexts, diagnostics));
    const result = timed('compute.guide/build', () => buildGuide({ ...sources, runs, blocks, today: today() }));
    appendAll(diagnostics, result.diagnostics);
    const guide = result.guide;
    entry = {
      ...(guide ? { json: timed('compute.guide/serialize', () => stableJson(guide)) } : {}),
      diagnostics,
      summary: result.guide
        ? `${result.guide.steps.length} step(s), ${result.guide.comparison.length} case(s)`
        : 'failed',
    };
    const written = entry;
    if (!hasErrors(diagnostics)) timed('compute.guide/cache-write', () => writeCache('compute', key, written));
  }
  return {
    ...entry,
    diagnostics: [...readProblems, ...entry.diagnostics],
    cached,
    cacheKey: key,
    blocks: ownBlocks,
    copies,
    ...(entry.json === undefined ? {} : { hash: contentHash([entry.json]) }),
  };
}
