// A content-addressed cache of ingest and compute results, outside data/ (node_modules/.cache/perflab
// of the site, gitignored): a guide whose raw files, guide.yaml, prose and runs are byte for byte
// what they were, under the same code, is not parsed or computed again. Entries hold the exact
// output text and diagnostics, so a warm run writes what a cold one would.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentHash } from '../lib/content-hash.ts';
import { countRead, folder } from './fs-policy.ts';

const codeRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const cacheRoot = folder('cache');

let codeVersionMemo: string | undefined;

/** Hash of the code that turns sources into data/: src/lib (and the strings in src/i18n), src/pipeline and the locked dependencies. */
export function codeVersion(): string {
  if (codeVersionMemo) return codeVersionMemo;
  const files = [
    ...['src/lib', 'src/i18n', 'src/pipeline'].flatMap((dir) =>
      readdirSync(join(codeRoot, dir), { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name)),
    ),
    'package-lock.json',
  ]
    .filter((path) => (path.endsWith('.ts') || path.endsWith('.json')) && existsSync(join(codeRoot, path)))
    .map((path) => path.split(sep).join('/'))
    .sort();
  codeVersionMemo = contentHash(files.flatMap((path) => [path, readFileSync(join(codeRoot, path), 'utf8')]));
  return codeVersionMemo;
}

export type CacheStage = 'ingest' | 'compute';

const entryPath = (stage: CacheStage, key: string) => join(cacheRoot, stage, `${key}.json`);

/** Keys read or written in this process, per stage: what `pruneCache` keeps. */
const used: Record<CacheStage, Set<string>> = { ingest: new Set(), compute: new Set() };

export function cacheKey(stage: CacheStage, parts: Iterable<string>): string {
  return contentHash([stage, codeVersion(), ...parts]);
}

export function readCache<T>(stage: CacheStage, key: string): T | undefined {
  used[stage].add(key);
  return peekCache(stage, key);
}

/** readCache, without keeping the entry from `pruneCache`: an entry read to make the one that replaces it. */
export function peekCache<T>(stage: CacheStage, key: string): T | undefined {
  const path = entryPath(stage, key);
  if (!existsSync(path)) return undefined;
  countRead(path);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined; // pruned meanwhile by another run, or unreadable: compute it again
  }
}

const madeStages = new Set<CacheStage>();

export function writeCache(stage: CacheStage, key: string, value: unknown): void {
  used[stage].add(key);
  const path = entryPath(stage, key);
  if (!madeStages.has(stage)) mkdirSync(dirname(path), { recursive: true });
  madeStages.add(stage);
  // Written beside it and renamed: a reader never sees half an entry.
  const staging = `${path}.${process.pid}`;
  writeFileSync(staging, JSON.stringify(value));
  renameSync(staging, path);
}

/** Keeps an entry another thread read or wrote from this process's `pruneCache`. */
export function markCacheUsed(stage: CacheStage, key: string | undefined): void {
  if (key !== undefined) used[stage].add(key);
}

/** Drops a stage's entries this process did not use: after a full run, the cache holds the current guides only. */
export function pruneCache(stage: CacheStage): void {
  const dir = join(cacheRoot, stage);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const key = name.replace(/\.json$/, '');
    if (name.endsWith('.json') && !used[stage].has(key)) rmSync(join(dir, name), { force: true });
  }
}

const computedPath = () => join(cacheRoot, 'computed-guides.json');

/**
 * Records the hash (contentHash of the text) of every guide compute wrote, under this code: the guide loader skips
 * validating a data/guides file whose hash is listed (compute built it from validated sources),
 * and validates any other (hand-edited, or written by other code) in full.
 */
export function recordComputedGuides(hashes: Iterable<string>): void {
  mkdirSync(cacheRoot, { recursive: true });
  const staging = `${computedPath()}.${process.pid}`;
  writeFileSync(staging, JSON.stringify({ code: codeVersion(), hashes: [...hashes].sort() }));
  renameSync(staging, computedPath());
}

/** Whether compute wrote exactly this guide text under the current code (see recordComputedGuides). */
export function computedByThisCode(): (text: string) => boolean {
  let recorded: { code?: string; hashes?: string[] } = {};
  try {
    recorded = JSON.parse(readFileSync(computedPath(), 'utf8')) as typeof recorded;
  } catch {
    // no record: every guide is validated
  }
  const hashes = new Set(recorded.code === codeVersion() ? recorded.hashes : []);
  return (text) => hashes.has(contentHash([text]));
}
