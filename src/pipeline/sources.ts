// Reads one guide's sources from disk: guide.yaml, its normalized runs and both prose files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { errorAt, hasControls, type Diagnostic, type ErrorCode } from '../lib/diagnostics/diagnostics.ts';
import type { RawFile } from '../lib/ingest/raw-file.ts';
import type { GuideSources } from '../lib/compute/build-guide.ts';
import { RunSchema, type Run } from '../lib/schema/run.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { hash } from 'node:crypto';
import {
  guidesRoot,
  manifestPath,
  listFiles,
  notRegularFile,
  RAW_FILE_LIMIT,
  rawRoot,
  readText,
  readTextUpTo,
  repoPath,
  repoRoot,
  walkFiles,
} from './fs-policy.ts';
import { byCodeUnit } from '../lib/code-unit-order.ts';
import { isRecordFile, rawFileOfRecord } from '../lib/record/record-files.ts';
import { pathStamp } from './folder-listing.ts';
import { appendAll } from '../lib/append-all.ts';
import { locales } from '../lib/locales.ts';

export { manifestPath };

/** The stated defaults every guide's decision figures use (README "Stated defaults"). */
export const defaultsPath = join(repoRoot, 'content', 'defaults.yaml');

/** A slug as guide ids use them: what `npm run new` accepts. */
const SLUG = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Every raw file of a guide, with its path relative to the guide's raw folder. Links, special
 * files, files over RAW_FILE_LIMIT and folders that are not slugs are refused without reading a
 * byte of them, so no message can quote a file outside data/raw.
 */
export function readRawFiles(id: string): { files: RawFile[]; diagnostics: Diagnostic[] } {
  const { files, diagnostics } = readChangedRawFiles(id, {});
  return { files, diagnostics };
}

/** What an earlier ingest saw of a raw file: its stamp (stamps.ts) then, and its SHA-256. */
export type KnownRawFile = { stamp: string; digest: string };
/** A raw file left unread: its stamp is the one `known` gave, so its bytes are those of `digest`. */
export type UnreadRawFile = { path: string; file: string; stamp: string; digest: string };

/**
 * readRawFiles, except that a file whose stamp is the one `known` holds for its path (relative to
 * the guide's raw folder) is not read: it is listed in `unread` with the digest `known` gave.
 * Record files, and the raw files they sit beside, are always read (a record joins its raw file's
 * runs and signs its text). Every file is stamped
 * before it is read, so an edit made meanwhile shows as a new stamp next time; `stamps` holds them.
 */
export function readChangedRawFiles(
  id: string,
  known: Readonly<Record<string, KnownRawFile>>,
): { files: RawFile[]; unread: UnreadRawFile[]; stamps: Map<string, string>; diagnostics: Diagnostic[] } {
  const guideDir = join(rawRoot, id);
  const diagnostics: Diagnostic[] = [];
  const refuse = (code: ErrorCode, path: string, message: string, hint: string) =>
    diagnostics.push(errorAt(code, repoPath(path), message, { hint }));
  for (const part of id.split('/'))
    if (!SLUG.test(part))
      refuse(
        'E_FOLDER_NAME',
        join(rawRoot, id),
        `"${part}" is not a folder name perflab accepts`,
        'use lower-case letters, digits, ".", "_" and "-"',
      );
  const { files, refused } = walkFiles(guideDir);
  for (const { path, reason } of refused)
    refuse(
      'E_NOT_REGULAR_FILE',
      path,
      `${reason}; not read`,
      'raw inputs are regular files inside data/raw: copy the file in instead',
    );
  const guidePath = repoPath(guideDir);
  // A raw file with a record beside it is read whatever its stamp: the record signs its text.
  const recorded = new Set(
    files
      .map((absolute) => repoPath(absolute).slice(guidePath.length + 1))
      .filter(isRecordFile)
      .map(rawFileOfRecord),
  );
  const read: RawFile[] = [];
  const unread: UnreadRawFile[] = [];
  const stamps = new Map<string, string>();
  for (const absolute of files) {
    const file = repoPath(absolute);
    if (hasControls(file)) {
      refuse(
        'E_FILE_NAME',
        absolute,
        'the name holds a line break or another control character; not read',
        'rename it with printable characters only: such a name could forge a line of a report',
      );
      continue;
    }
    const path = file.slice(guidePath.length + 1);
    const stamp = pathStamp(absolute);
    const before = known[path];
    if (stamp !== undefined) stamps.set(path, stamp);
    if (stamp !== undefined && before?.stamp === stamp && !isRecordFile(path) && !recorded.has(path)) {
      unread.push({ path, file, stamp, digest: before.digest });
      continue;
    }
    // Sized from the open file, before a byte is read: a file too large is never read.
    const text = readTextUpTo(absolute, RAW_FILE_LIMIT);
    if (typeof text === 'string') read.push({ path, file, text });
    else
      refuse(
        'E_RAW_TOO_LARGE',
        absolute,
        `${(text.size / 2 ** 20).toFixed(0)} MiB is more than the ${RAW_FILE_LIMIT / 2 ** 20} MiB a raw file may have; not read`,
        'keep the benchmark output itself, not logs or datasets',
      );
  }
  return { files: read, unread, stamps, diagnostics };
}

export function hasGuideYaml(id: string): boolean {
  return existsSync(join(guidesRoot, id, 'guide.yaml'));
}

export function readGuideSources(
  id: string,
  runs?: readonly Run[],
): { sources: GuideSources; diagnostics: Diagnostic[] } {
  const dir = join(guidesRoot, id);
  const diagnostics: Diagnostic[] = [];
  const loadedRuns = runs ?? parseRuns(readRunTexts(id), diagnostics);
  // A link or special file is reported and read as absent: its bytes never reach a message.
  const readSource = (path: string): string | undefined => {
    if (!existsSync(path)) return undefined;
    const why = notRegularFile(path);
    if (why === undefined) return readText(path);
    diagnostics.push(
      errorAt('E_NOT_REGULAR_FILE', repoPath(path), `${why}; not read`, {
        hint: 'guide sources are regular files inside content/guides: copy the file in instead',
      }),
    );
    return undefined;
  };
  const prose: GuideSources['prose'] = {};
  for (const lang of locales) {
    const path = join(dir, `${lang}.md`);
    const text = readSource(path);
    if (text !== undefined) prose[lang] = { file: repoPath(path), text };
  }
  const yamlPath = join(dir, 'guide.yaml');
  const yamlText = readSource(yamlPath);
  const defaultsText = readSource(defaultsPath);
  return {
    sources: {
      id,
      yaml: yamlText === undefined ? undefined : { file: repoPath(yamlPath), text: yamlText },
      runs: loadedRuns,
      prose,
      ...(defaultsText === undefined ? {} : { defaults: { file: repoPath(defaultsPath), text: defaultsText } }),
    },
    diagnostics,
  };
}

/** The text of each normalized run of a guide in data/runs, by path. */
export function readRunTexts(id: string): { path: string; text: string }[] {
  return listFiles(join(repoRoot, 'data/runs', id)).map((path) => ({ path, text: readText(path) }));
}

/** Normalized runs from their files' text; one that is not a run is an error at its file. */
export function parseRuns(texts: readonly { path: string; text: string }[], diagnostics: Diagnostic[]): Run[] {
  const runs: Run[] = [];
  for (const { path, text } of texts) {
    const run = validateJson(RunSchema, text, repoPath(path));
    if (run.ok) runs.push(run.data);
    else
      appendAll(
        diagnostics,
        run.diagnostics.map((d) => ({
          ...d,
          hint: 'data/runs is generated: run `npm run ingest` to regenerate it',
        })),
      );
  }
  return runs;
}

/**
 * What a guide's runs were ingested from: each raw file's SHA-256, by path. Ingest writes it beside
 * the runs (data/runs/<guide>.sources.json); compute refuses runs whose raw files have changed since,
 * so a failed or skipped ingest can never publish stale numbers.
 */
export function rawSourcesManifest(files: readonly RawFile[]): string {
  return rawDigestsManifest(files.map((f) => ({ path: f.path, digest: rawDigest(f.text) })));
}

/** A raw file's SHA-256, as the sources manifest lists it. */
export function rawDigest(text: string): string {
  return hash('sha256', text, 'hex');
}

/** rawSourcesManifest from each file's digest (a file not read this run has the digest it had). */
export function rawDigestsManifest(files: readonly { path: string; digest: string }[]): string {
  const hashes = Object.fromEntries(
    [...files].sort((a, b) => byCodeUnit(a.path, b.path)).map((f) => [f.path, f.digest]),
  );
  return `${JSON.stringify({ raw: hashes }, null, 2)}\n`;
}

/** An error when data/runs/<guide> was not ingested from the raw files there now. */
export function staleRuns(id: string): Diagnostic | undefined {
  const path = manifestPath(id);
  const { files } = readRawFiles(id);
  const current = rawSourcesManifest(files);
  const recorded = existsSync(path) ? readText(path) : undefined;
  if (recorded === current) return undefined;
  return errorAt(
    'E_STALE_RUNS',
    repoPath(path),
    recorded === undefined
      ? `data/runs/${id} has no record of the raw files it was ingested from`
      : `data/runs/${id} was ingested from other raw files than data/raw/${id} holds now`,
  );
}
