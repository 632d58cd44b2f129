// One guide through ingest, behind the content-hash cache: what ingest.ts runs for every guide (on
// worker threads too, so it loads only what ingest needs). A cached result is the exact text and
// diagnostics a cold run produces.
import { hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { hasErrors } from '../lib/diagnostics/diagnostics.ts';
import { ingestGuide, runJson } from '../lib/ingest/ingest-guide.ts';
import { rawDigest, rawDigestsManifest, readChangedRawFiles, type KnownRawFile } from './sources.ts';
import { countRead, folderMaker, rawRoot, readText, repoRoot } from './fs-policy.ts';
import { cacheKey, peekCache, readCache, writeCache } from './cache.ts';
import type { ParsedRawFile, RawFile } from '../lib/ingest/raw-file.ts';
import type { ParseResult } from '../lib/parse/index.ts';
import { isRecordFile } from '../lib/record/record-files.ts';
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

/**
 * What the cache keeps of an ingest: each run file's name and digest (the texts are in data/runs),
 * and each raw file's stamp and digest when it was read, with what its parse gave: the next ingest
 * of the guide, after an edit, reads and parses only the files whose stamps differ.
 */
type IngestEntry = {
  runs: [string, string][];
  diagnostics: Diagnostic[];
  files?: Record<string, KnownRawFile & { parsed?: ParseResult }>;
};

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

/**
 * One guide's ingest: its run files' texts, or the problems that keep it from data/runs.
 * `previousKey`: the guide's cache entry after its last successful ingest, whose raw files' stamps
 * say which files are unchanged: those are neither read nor parsed again.
 */
export function ingestOne(id: string, previousKey?: string): IngestedGuide {
  return timed('ingest.guide', () => ingestOneUntimed(id, previousKey));
}

function ingestOneUntimed(id: string, previousKey: string | undefined): IngestedGuide {
  const previous = previousKey === undefined ? undefined : peekCache<IngestEntry>('ingest', previousKey);
  const known = previous?.files ?? {};
  const raw = timed('ingest.guide/read', () => readChangedRawFiles(id, known));
  const refused = raw.diagnostics;
  const files: (RawFile | ParsedRawFile)[] = [...raw.files];
  const digests = new Map(
    raw.files.map((file) => [file.path, timed('ingest.guide/digest', () => rawDigest(file.text))]),
  );
  for (const file of raw.unread) {
    digests.set(file.path, file.digest);
    const parsed = known[file.path]?.parsed;
    if (parsed) files.push({ path: file.path, file: file.file, parsed });
    else {
      // Stamped as before but its parse not kept (a record file's is not): read it after all.
      const text = readText(join(rawRoot, id, file.path));
      files.push({ path: file.path, file: file.file, text });
      digests.set(file.path, rawDigest(text));
    }
  }
  // The manifest names every raw file with its digest: the key needs no second pass over the texts.
  const manifest = timed('ingest.guide/digest', () =>
    rawDigestsManifest([...digests].map(([path, digest]) => ({ path, digest }))),
  );
  // Whether a record's signature verifies depends on the allowed signers too.
  const signers = allowedSignersText();
  const key = timed('ingest.guide/digest', () => cacheKey('ingest', [id, manifest, signers]));
  const entry = timed('ingest.guide/cache-read', () => readCache<IngestEntry>('ingest', key));
  let runs = entry && timed('ingest.guide/cache-read', () => committedRuns(id, entry.runs));
  let diagnostics = entry?.diagnostics ?? [];
  const cached = runs !== undefined;
  const stampsOf = (parsed: ReadonlyMap<string, ParseResult> | undefined) =>
    Object.fromEntries(
      [...digests].flatMap(([path, digest]) => {
        const stamp = raw.stamps.get(path);
        if (stamp === undefined) return [];
        const result = isRecordFile(path) ? undefined : (parsed?.get(path) ?? entry?.files?.[path]?.parsed);
        return [[path, { stamp, digest, ...(result ? { parsed: result } : {}) }]];
      }),
    );
  if (!runs) {
    const result = ingestGuide(files, { verify: sshVerifier(signers) });
    runs = timed('ingest.guide/serialize', () => new Map(result.runs.map((run) => [`${run.id}.json`, runJson(run)])));
    diagnostics = result.diagnostics;
    // An entry whose files data/runs does not hold (ingest failed elsewhere, or they were edited)
    // is not used: the next run parses again. One with errors is never kept, so a parse kept for
    // reuse is one whose runs passed every check.
    const written = runs;
    if (!hasErrors(diagnostics))
      timed('ingest.guide/cache-write', () =>
        writeCache('ingest', key, {
          runs: [...written].map(([name, text]) => [name, digest(text)]),
          diagnostics,
          files: stampsOf(result.parsed),
        } satisfies IngestEntry),
      );
  } else if (
    entry &&
    Object.entries(stampsOf(undefined)).some(([path, now]) => entry.files?.[path]?.stamp !== now.stamp)
  )
    // The same bytes under new stamps (a checkout, a touch): kept with the stamps they have now.
    timed('ingest.guide/cache-write', () =>
      writeCache('ingest', key, { ...entry, files: stampsOf(undefined) } satisfies IngestEntry),
    );
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
export function ingestForSync(id: string, previousKey?: string): IngestedGuide | KeptGuide {
  const guide = ingestOne(id, previousKey);
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
