// One guide through ingest, behind the content-hash cache: what ingest.ts runs for every guide (on
// worker threads too, so it loads only what ingest needs). A cached result is the exact text and
// diagnostics a cold run produces.
import { hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { ingestGuide, runJson } from '../lib/ingest/ingest-guide.ts';
import { rawSourcesManifest, readRawFiles } from './sources.ts';
import { countRead, folderMaker, repoRoot } from './fs-policy.ts';
import { cacheKey, readCache, writeCache } from './cache.ts';
import { timed } from '../lib/phase-times.ts';
import { allowedSignersText, sshVerifier } from './record-signatures.ts';

export type IngestedGuide = {
  /** `<run id>.json` → its normalized run */
  runs: Map<string, string>;
  /** data/runs/<guide>.sources.json: what the runs were ingested from */
  manifest: string;
  rawFiles: number;
  diagnostics: Diagnostic[];
  /** from the cache: then every run file in data/runs was read this run and holds its text */
  cached: boolean;
  /** its ingest cache entry, which a run on another thread must keep from pruning */
  cacheKey: string;
};

/** What the cache keeps of an ingest: each run file's name and digest; the texts are in data/runs. */
type IngestEntry = { runs: [string, string][]; diagnostics: Diagnostic[] };

const digest = (text: string) => hash('sha256', text, 'hex');

/**
 * A guide's runs as data/runs holds them, when every file the cached ingest listed is there with
 * the digest it had; undefined when any is missing or edited (then the raw files are parsed again).
 */
function committedRuns(id: string, listed: readonly [string, string][]): Map<string, string> | undefined {
  const runs = new Map<string, string>();
  for (const [name, expected] of listed) {
    const text = readIfPresent(join(repoRoot, 'data/runs', id, name));
    if (text === undefined || digest(text) !== expected) return undefined;
    runs.set(name, text);
  }
  return runs;
}

/** A file's text, or undefined when it is not there (one call, not a lookup and then a read). */
function readIfPresent(path: string): string | undefined {
  countRead(path);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** One guide's ingest: its run files' texts, or the problems that keep it from data/runs. */
export function ingestOne(id: string): IngestedGuide {
  return timed('ingest.guide', () => ingestOneUntimed(id));
}

function ingestOneUntimed(id: string): IngestedGuide {
  const { files, diagnostics: refused } = timed('ingest.guide/read', () => readRawFiles(id));
  // The manifest names every raw file with its digest: the key needs no second pass over the texts.
  const manifest = timed('ingest.guide/digest', () => rawSourcesManifest(files));
  // Whether a record's signature verifies depends on the allowed signers too.
  const signers = allowedSignersText();
  const key = timed('ingest.guide/digest', () => cacheKey('ingest', [id, manifest, signers]));
  const entry = timed('ingest.guide/cache-read', () => readCache<IngestEntry>('ingest', key));
  let runs = entry && timed('ingest.guide/cache-read', () => committedRuns(id, entry.runs));
  let diagnostics = entry?.diagnostics ?? [];
  const cached = runs !== undefined;
  if (!runs) {
    const result = ingestGuide(files, { verify: sshVerifier(signers) });
    runs = timed('ingest.guide/serialize', () => new Map(result.runs.map((run) => [`${run.id}.json`, runJson(run)])));
    diagnostics = result.diagnostics;
    // An entry whose files data/runs does not hold (ingest failed elsewhere, or they were edited)
    // is not used: the next run parses again.
    const written = runs;
    if (!hasErrors(diagnostics))
      timed('ingest.guide/cache-write', () =>
        writeCache('ingest', key, { runs: [...written].map(([name, text]) => [name, digest(text)]), diagnostics }),
      );
  }
  return {
    runs,
    manifest,
    rawFiles: files.length,
    diagnostics: [...refused, ...diagnostics],
    cached,
    cacheKey: key,
  };
}

/** A guide the cache served, as a warm ingest's thread reports it: data/runs holds its run files. */
export type KeptGuide = Omit<IngestedGuide, 'runs'> & {
  /** its run files' names: each was read this run and holds what the cache entry says */
  kept: string[];
};

/**
 * One guide's ingest for ingest.ts over an existing data/runs: a guide the cache served sends back
 * only the names of its run files, which data/runs already holds, not their texts.
 */
export function ingestForSync(id: string): IngestedGuide | KeptGuide {
  const guide = ingestOne(id);
  if (!guide.cached) return guide;
  const { runs, ...report } = guide;
  return { ...report, kept: [...runs.keys()] };
}

/** A guide as a cold ingest's thread reports it: its files are written, so only how many travel back. */
export type StagedGuide = Omit<IngestedGuide, 'runs' | 'manifest'> & {
  /** its runs, each one file written (none when the guide has errors); the sources manifest is one more */
  runCount: number;
};

/**
 * One thread's ingest for a cold ingest (no data/runs yet): a guide without errors writes its files
 * into `staging` at once, as data/runs would hold them. Each thread writes its own guides while the
 * others parse, and ingest.ts renames the folder when every guide has parsed; on any error it
 * removes the folder, so the texts never need to reach the main thread.
 */
export function stager(staging: string): (id: string) => StagedGuide {
  // Below data/, which exists. The folders this thread made (the staging folder, a model's folder)
  // are not made again for its next guide; another thread may make them too.
  const makeFolder = folderMaker([dirname(staging)], true);
  return (id) => {
    const { runs, manifest, ...report } = ingestOne(id);
    if (!hasErrors(report.diagnostics))
      timed('ingest.write-staged', () => {
        const guideDir = join(staging, id);
        for (const [name, text] of runs) {
          makeFolder(dirname(join(guideDir, name)));
          writeFileSync(join(guideDir, name), text);
        }
        writeFileSync(`${guideDir}.sources.json`, manifest);
      });
    return { ...report, runCount: runs.size };
  };
}
