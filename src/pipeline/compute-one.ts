// One guide through compute, behind the content-hash cache: what compute.ts runs for every guide,
// and (with ingest-one.ts) what refresh.ts runs for a guide whose sources changed. A cached result
// is the exact text and diagnostics a cold run produces.
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { compareFacts, type CompareFacts } from '../lib/compute/compare.ts';
import { hardwareFacts, type HardwareFacts } from '../lib/compute/across-hardware.ts';
import { copiesOf, emptyBlockIndex, type BlockDigest, type BlockIndex } from '../lib/compute/block-index.ts';
import { contentHash } from '../lib/content-hash.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { stableJson } from '../lib/stable-json.ts';
import { hasGuideYaml, parseRuns, readGuideSources, readRunTexts, staleRuns } from './sources.ts';
import { repoPath } from './fs-policy.ts';
import { cacheKey, readCache, writeCache } from './cache.ts';
import { copySettlementOfData, runBlocksOfTexts, settleBlocks } from './run-blocks.ts';
import { parseYamlSource } from '../lib/guide-source/yaml-source.ts';
import { today } from './clock.ts';
import { appendAll } from '../lib/append-all.ts';
import { locales } from '../lib/locales.ts';
import { addSince, phaseStart, timed } from '../lib/phase-times.ts';

export type ComputedGuideJson = {
  json?: string;
  /** the guide's prose as data/prose/<guide>.json holds it (with `json`, or neither) */
  prose?: string;
  /** what its compare pages select by (with `json`, or neither) */
  compare?: CompareFacts;
  /** what it adds to its model's page, data/models (with `json`, or neither) */
  models?: HardwareFacts;
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

type ComputeEntry = {
  json?: string;
  prose?: string;
  compare?: CompareFacts;
  models?: HardwareFacts;
  diagnostics: Diagnostic[];
  summary: string;
};

/**
 * `read`: the guide's blocks as compute.ts read them from data/runs this run (settled or not); its
 * settlement is applied here, from the guide.yaml this reads. Without it the blocks are read again.
 */
export function computeOne(
  id: string,
  blocks: BlockIndex = emptyBlockIndex(),
  read?: readonly BlockDigest[],
  /** ingest ran in this process and succeeded (npm run data): its runs are of the raw files as they are */
  ingestedNow = false,
): ComputedGuideJson {
  return timed('compute.guide', () => computeOneUntimed(id, blocks, read, ingestedNow));
}

function computeOneUntimed(
  id: string,
  blocks: BlockIndex,
  read: readonly BlockDigest[] | undefined,
  ingestedNow: boolean,
): ComputedGuideJson {
  // A folder without guide.yaml is reported as such (by buildGuide), not as stale runs. Runs ingest
  // has just written or checked from these raw files are not stale: their files are not read again.
  const stale = timed('compute.guide/stale-check', () =>
    !ingestedNow && hasGuideYaml(id) ? staleRuns(id) : undefined,
  );
  if (stale) return { diagnostics: [stale], cached: false, summary: 'failed', blocks: [], copies: [] };
  const { sources, diagnostics: readProblems } = timed('compute.guide/read', () => readGuideSources(id, []));
  const runTexts = timed('compute.guide/read', () => readRunTexts(id));
  // guide.yaml parsed once: for its copy settlement here, and by buildGuide.
  const yamlSource = sources.yaml;
  const parsedYaml = yamlSource && timed('compute.guide/yaml', () => parseYamlSource(yamlSource.text, yamlSource.file));
  const settles = copySettlementOfData(id, parsedYaml?.data);
  const ownBlocks = timed('compute.guide/own-blocks', () => settleBlocks(read ?? runBlocksOfTexts(runTexts), settles));
  const copies = timed('compute.guide/copies', () => copiesOf(id, ownBlocks, blocks));
  const keyStarted = phaseStart();
  const key = cacheKey('compute', [
    id,
    sources.yaml?.file ?? '',
    sources.yaml?.text ?? '',
    sources.defaults?.text ?? '',
    // A block another guide gained (or lost) changes this guide's story check.
    ...copies,
    ...locales.flatMap((lang) => [
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
    const result = timed('compute.guide/build', () =>
      buildGuide({ ...sources, runs, blocks, today: today(), ...(parsedYaml ? { parsedYaml } : {}) }),
    );
    appendAll(diagnostics, result.diagnostics);
    const { guide, prose } = result;
    entry = {
      ...(guide && prose
        ? {
            json: timed('compute.guide/serialize', () => stableJson(guide)),
            prose: stableJson(prose),
            compare: compareFacts(guide),
            models: hardwareFacts(guide),
          }
        : {}),
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
