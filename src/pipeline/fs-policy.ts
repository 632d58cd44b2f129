// The pipeline's file access and its one file-system policy: where the site's folders are, which
// may be read and written, how sources are listed and read, and how generated folders are written.
// src/lib stays pure; the pipeline's file I/O goes through here.
//
// The policy: a pull request's files are untrusted. No folder perflab reads or writes may be, or sit
// below, a symbolic link (checked with lstat from the site root down before anything is read,
// written or removed); a folder it writes may hold no link at all; a file is written or removed
// only inside the folder the command owns, on a path of real folders.
import {
  closeSync,
  existsSync,
  writeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorAt, type Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { entriesBelow, forgetListings, listingSession } from './folder-listing.ts';
import { addPhase, phasesOn } from '../lib/phase-times.ts';

export { forgetListings };

/**
 * Where data/ and content/ live: the repository, unless PERFLAB_ROOT points elsewhere (tests
 * build a scratch site that way; the code under src/ and scripts/ is always this repository's).
 */
export const repoRoot = process.env.PERFLAB_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders perflab reads or writes, relative to the site root. */
export const FOLDERS = {
  raw: 'data/raw',
  runs: 'data/runs',
  runsStaging: 'data/.runs-staging',
  importStaging: 'data/.import-staging',
  /** what npm run record and run-plan print as they run, and their outputs until they are installed in data/raw */
  recordLogs: 'data/.record-logs',
  guides: 'data/guides',
  /** a guide's prose as compute parsed it, beside its data/guides file (src/lib/schema/computed-prose.ts) */
  prose: 'data/prose',
  /** which guides each compare page sets side by side, on which cases (src/lib/schema/computed-compare.ts) */
  compare: 'data/compare',
  /** one model across the machines it was measured on (src/lib/schema/computed-model.ts) */
  models: 'data/models',
  content: 'content/guides',
  public: 'public',
  cache: 'node_modules/.cache/perflab',
} as const;
export type FolderName = keyof typeof FOLDERS;

/** A folder's absolute path (the cache may be put elsewhere with PERFLAB_PIPELINE_CACHE, by whoever runs perflab). */
export function folder(name: FolderName): string {
  if (name === 'cache' && process.env.PERFLAB_PIPELINE_CACHE) return process.env.PERFLAB_PIPELINE_CACHE;
  return join(repoRoot, FOLDERS[name]);
}

export const guidesRoot = folder('content');
export const rawRoot = folder('raw');

/** data/runs/<guide>.sources.json: what a guide's runs were ingested from (see sources.ts). */
export function manifestPath(id: string): string {
  return join(folder('runs'), `${id}.sources.json`);
}

/** Path relative to the site root with forward slashes, as shown in messages and stored in data/. */
export function repoPath(absolute: string): string {
  return relative(repoRoot, absolute).split(sep).join('/');
}

/** A raw file larger than this is refused before it is read. */
export const RAW_FILE_LIMIT = 512 * 2 ** 20;

/** A path below `dir` that is not a regular file or directory (a link, a device, a pipe), never read. */
export type RefusedPath = { path: string; reason: string };

/** Runs a site-wide stage (sync or async) with each folder listed at most once until something is written. */
export function listingsOnce<T>(stage: () => T): T {
  return listingSession(stage, join(folder('cache'), 'listings.json'));
}

/**
 * Every regular file below `dir`, sorted, skipping dot-files and READMEs. Symbolic links are not
 * followed (they could point anywhere on the machine) and other special files are not opened:
 * both are returned in `refused`.
 */
export function walkFiles(dir: string): { files: string[]; refused: RefusedPath[] } {
  const files: string[] = [];
  const refused: RefusedPath[] = [];
  for (const { path, kind, hidden } of entriesBelow(dir)) {
    if (hidden) continue;
    if (kind === 'file') files.push(path);
    else if (kind === 'link') refused.push({ path, reason: 'is a symbolic link' });
    else if (kind === 'special') refused.push({ path, reason: 'is not a regular file (a device, pipe or socket)' });
  }
  return { files, refused };
}

/** Every regular file below `dir`, sorted (see walkFiles; refused paths are left out). */
export function listFiles(dir: string): string[] {
  return walkFiles(dir).files;
}

/** Guide ids (`<model>/<hardware>`) that have a real folder (not a link) two levels below `dir`. */
export function listGuideDirs(dir: string): string[] {
  const ids: string[] = [];
  let model = '';
  for (const { path, kind, depth } of entriesBelow(dir)) {
    if (depth === 1) model = basename(path);
    else if (depth === 2 && kind === 'folder' && !model.startsWith('.') && !basename(path).startsWith('.'))
      ids.push(`${model}/${basename(path)}`);
  }
  return ids;
}

/** Why a source file must not be read (a link or special file), or undefined for a regular file. */
export function notRegularFile(path: string): string | undefined {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  return stat.isFile() ? undefined : 'is not a regular file';
}

/**
 * Counts a file read under the bench's phase clock (PERFLAB_PHASES): `reads.<folder>/<guide>`, e.g.
 * `reads.data/raw/glm-5.2/h200`, one call per file. What a one-file edit reads is tested with it
 * (tests/unit/one-file-edit.test.ts); nothing is counted otherwise.
 */
export function countRead(path: string): void {
  if (!phasesOn()) return;
  const cache = folder('cache');
  if (isInside(path, cache)) {
    addPhase(`reads.cache/${relative(cache, path).split(sep)[0] ?? ''}`, 0, 0);
    return;
  }
  const parts = relative(repoRoot, path).split(sep);
  // data/raw, data/runs, content/guides: the guide's two folders; data/guides/<model>/<hw>.json; the cache by stage.
  const [top = '', second = '', model = '', hardware = ''] = parts;
  const guide =
    parts.length > 3 ? `${model}/${hardware.replace(/\.(json|sources\.json)$/, '')}` : model.replace(/\.json$/, '');
  addPhase(`reads.${top}/${second}${guide ? `/${guide}` : ''}`, 0, 0);
}

export function readText(path: string): string {
  countRead(path);
  return readFileSync(path, 'utf8');
}

/** The file's text, or its size when that is over `limit` bytes (then nothing is read). */
export function readTextUpTo(path: string, limit: number): string | { size: number } {
  countRead(path);
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    return size > limit ? { size } : readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * `path` (a path this module listed below `dir`) relative to `dir`, with `/` between its parts:
 * a slice, where path.relative resolves both paths (thousands of calls in a warm run).
 */
export function pathBelow(dir: string, path: string): string {
  const below = path.startsWith(dir + sep) ? path.slice(dir.length + 1) : relative(dir, path);
  return sep === '/' ? below : below.split(sep).join('/');
}

/**
 * Makes `targetDir` hold exactly `files` (relative path → content) and the `kept` files: writes the
 * files whose content differs, removes the ones not listed, leaves the rest untouched. Callers
 * validate everything first, so a failed run writes nothing; a rebuild after one changed source
 * writes one guide's files. `kept` are paths the caller read this run and found holding what they
 * should: neither read again nor written, and their texts need not be in memory.
 */
export function syncDirectory(
  targetDir: string,
  files: ReadonlyMap<string, string>,
  kept: ReadonlySet<string> = new Set(),
): { written: number; removed: number } {
  const writtenPaths: string[] = [];
  const removedPaths: string[] = [];
  // The caller checked the folder (folderProblems); checked again here, where files are removed.
  const found = linkOnTheWay(targetDir);
  if (found) throw new FolderPolicyError(`refused: ${repoPath(found.path)} ${found.reason}`);
  // A folder that did not exist holds no folder but those made here, each with a file: nothing to
  // look up before making one, no empty folder to look for after (most of a cold ingest's calls).
  const fresh = !existsSync(targetDir);
  const existingFiles = fresh ? [] : listFiles(targetDir);
  const existing = new Set(existingFiles.map((path) => pathBelow(targetDir, path)));
  // Made at the first write: a warm run after a one-file edit writes a handful of thousands of files.
  let makeFolder: ((dir: string) => void) | undefined;
  for (const [path, content] of files) {
    const absolute = join(targetDir, path);
    if (existing.has(path) && readFileSync(absolute, 'utf8') === content) continue;
    makeFolder ??= folderMaker([dirname(targetDir), ...existingFiles.map((file) => dirname(file))], fresh);
    makeFolder(dirname(absolute));
    writeFileSync(absolute, content);
    writtenPaths.push(absolute);
  }
  for (const path of existing) {
    if (files.has(path) || kept.has(path)) continue;
    rmSync(join(targetDir, path));
    removedPaths.push(join(targetDir, path));
  }
  // Only a removed file can leave a folder empty (every folder made here got a file).
  if (removedPaths.length > 0) removeEmptyDirectories(targetDir);
  mkdirSync(targetDir, { recursive: true });
  // The folders a removal emptied are above its file: forgotten with it.
  forgetListings({ written: [...writtenPaths, targetDir], removed: removedPaths });
  return { written: writtenPaths.length, removed: removedPaths.length };
}

/**
 * Makes a folder and its missing parents, each once, parents first (one mkdir call each, where a
 * recursive mkdir fails its way up): file creation is most of a cold ingest's time. `made` are
 * folders known to exist; with `fresh`, no other folder below them exists yet, so none is looked
 * up first. Another thread making the same folder at the same time is no error.
 */
export function folderMaker(made: Iterable<string>, fresh = false): (dir: string) => void {
  const folders = new Set(made);
  const makeFolder = (dir: string) => {
    if (folders.has(dir)) return;
    makeFolder(dirname(dir));
    if (fresh || !existsSync(dir))
      try {
        mkdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    folders.add(dir);
  };
  return makeFolder;
}

function removeEmptyDirectories(dir: string): boolean {
  if (!existsSync(dir)) return true;
  let empty = true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && removeEmptyDirectories(join(dir, entry.name)))
      rmSync(join(dir, entry.name), { recursive: true });
    else empty = false;
  }
  return empty;
}

/** Whether `path` is `dir` or below it (both absolute; no file-system access). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The first path from the site root down to `path` that is a symbolic link or not a folder, or
 * undefined when every existing step is a real folder (the rest does not exist yet, and will be
 * made as real folders). Paths outside the site root are not the policy's (an operator's setting).
 */
export function linkOnTheWay(path: string, root = repoRoot): { path: string; reason: string } | undefined {
  if (!isInside(path, root)) return undefined;
  let current = root;
  for (const part of relative(root, path).split(sep).filter(Boolean)) {
    current = join(current, part);
    let stat;
    try {
      stat = lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (stat.isSymbolicLink()) return { path: current, reason: 'is a symbolic link' };
    if (!stat.isDirectory()) return { path: current, reason: 'is not a folder' };
  }
  return undefined;
}

/** Every symbolic link and special file below `dir` (dot-files included), without following any link. */
export function linksBelow(dir: string): { path: string; reason: string }[] {
  return entriesBelow(dir).flatMap(({ path, kind }) =>
    kind === 'link'
      ? [{ path, reason: 'is a symbolic link' }]
      : kind === 'special'
        ? [{ path, reason: 'is not a regular file' }]
        : [],
  );
}

/** Guide folders (`<model>` or `<model>/<hardware>` below `dir`) that are links: never listed as guides. */
function linkedGuideFolders(dir: string): string[] {
  return entriesBelow(dir).flatMap(({ path, kind, depth, hidden }) =>
    kind === 'link' && depth <= 2 && !(hidden && basename(path) !== 'README.md') ? [path] : [],
  );
}

/**
 * Links and special files directly in `dir`: enough for the cache, whose entries are written beside
 * their name and renamed over it (a rename replaces a link, never follows it), in its stage folders.
 */
function linksIn(dir: string): { path: string; reason: string }[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isSymbolicLink() || !(entry.isFile() || entry.isDirectory()))
    .map((entry) => ({
      path: join(dir, entry.name),
      reason: entry.isSymbolicLink() ? 'is a symbolic link' : 'is not a regular file',
    }));
}

const linkProblem = (path: string, message: string) =>
  errorAt('E_LINKED_FOLDER', repoPath(path), message, {
    expected: 'a real folder inside the repository',
    found: 'a symbolic link',
    hint: 'replace the link with a real folder holding the files: perflab does not follow links',
  });

/**
 * What keeps a command from using its folders, as E_LINKED_FOLDER errors, found before anything is
 * read, written or removed: a folder it reads or writes that is (or sits below) a link or a file,
 * a guide folder that is a link in a folder it reads, any link in a folder it writes (a write or a
 * removal would follow it). No message names anything outside the repository.
 */
export function folderProblems(use: { read?: readonly FolderName[]; write?: readonly FolderName[] }): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const chainOk = (name: FolderName) => {
    const found = linkOnTheWay(folder(name));
    if (!found) return true;
    problems.push(
      linkProblem(
        found.path,
        `${repoPath(found.path)} ${found.reason}, and ${FOLDERS[name]} is ${found.path === folder(name) ? 'it' : 'below it'}: nothing there is read or written`,
      ),
    );
    return false;
  };
  for (const name of use.read ?? [])
    if (chainOk(name) && (name === 'raw' || name === 'content'))
      for (const path of linkedGuideFolders(folder(name)))
        problems.push(linkProblem(path, `the guide folder ${repoPath(path)} is a symbolic link: it is not read`));
  for (const name of use.write ?? [])
    if (chainOk(name) && isInside(folder(name), repoRoot))
      for (const { path, reason } of name === 'cache' ? linksIn(folder(name)) : linksBelow(folder(name)))
        problems.push(
          linkProblem(
            path,
            `${repoPath(path)} ${reason} inside ${FOLDERS[name]}, which is generated: nothing is written`,
          ),
        );
  return problems;
}

/**
 * folderProblems for one guide, as the dev server refreshes it: the chain to each of its folders,
 * and no link in its data/runs folder, without listing the other guides' folders.
 */
export function guideFolderProblems(id: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const chains = [
    join(folder('raw'), id),
    join(folder('content'), id),
    join(folder('runs'), id),
    folder('guides'),
    folder('prose'),
  ];
  for (const path of chains) {
    const found = linkOnTheWay(path);
    if (found)
      problems.push(
        linkProblem(found.path, `${repoPath(found.path)} ${found.reason}: nothing there is read or written`),
      );
  }
  if (problems.length === 0)
    for (const { path, reason } of linksBelow(join(folder('runs'), id)))
      problems.push(
        linkProblem(path, `${repoPath(path)} ${reason} inside data/runs, which is generated: nothing is written`),
      );
  return problems;
}

/** Thrown when a write or removal would leave its folder or follow a link: a bug or a race, never data. */
export class FolderPolicyError extends Error {}

/** Refuses a write or removal of `path` outside `owner`, or on a path that is not real folders. */
function assertOwned(path: string, owner: string): void {
  if (!isInside(path, owner)) throw new FolderPolicyError(`refused: ${path} is outside ${owner}`);
  const found = linkOnTheWay(dirname(path));
  if (found) throw new FolderPolicyError(`refused: ${repoPath(found.path)} ${found.reason}`);
}

/** Removes a file or folder that lies inside `owner`, on a path of real folders. */
export function removeOwned(path: string, owner: string): void {
  assertOwned(path, owner);
  rmSync(path, { recursive: true, force: true });
  forgetListings({ removed: [path] });
}

/** Makes the folder `path` (and its missing parents) inside `owner`, on a path of real folders. */
export function makeOwnedFolder(path: string, owner: string): void {
  assertOwned(path, owner);
  mkdirSync(path, { recursive: true });
  forgetListings({ written: [path] });
}

/** Writes `content` to `path` inside `owner` unless it already holds it; makes the missing folders. */
export function writeOwnedIfChanged(path: string, owner: string, content: string): boolean {
  assertOwned(path, owner);
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  forgetListings({ written: [path] });
  return true;
}

/**
 * Renames the folder or file `from` (inside `fromOwner`) to `to` (inside `toOwner`), on paths of
 * real folders, making `to`'s missing parents; refuses when `to` exists (a rename would replace an
 * empty folder). One rename: the files appear all at once or not at all.
 */
export function moveOwned(from: string, fromOwner: string, to: string, toOwner: string): void {
  assertOwned(from, fromOwner);
  assertOwned(to, toOwner);
  if (lstatSync(to, { throwIfNoEntry: false })) throw new FolderPolicyError(`refused: ${repoPath(to)} already exists`);
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
  forgetListings({ removed: [from, to] });
}

/**
 * A file inside `owner` opened for appending (made with its missing folders): a log written as it
 * grows. Each write may throw (a full disk, a file-size limit): the caller decides what that means.
 */
export function openOwnedLog(
  path: string,
  owner: string,
): { write: (chunk: string | Uint8Array) => void; close: () => void } {
  assertOwned(path, owner);
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a');
  forgetListings({ written: [path] });
  return {
    write: (chunk) => {
      if (typeof chunk === 'string') writeSync(fd, chunk);
      else writeSync(fd, chunk);
    },
    close: () => closeSync(fd),
  };
}

/** Writes `content` to `path` inside `owner` (made with its missing folders), whatever it held. */
export function writeOwned(path: string, owner: string, content: string): void {
  assertOwned(path, owner);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  forgetListings({ written: [path] });
}

/**
 * Renames the file `from` (inside `fromOwner`) to `to` (inside `toOwner`), replacing a file there:
 * one rename, so `to` holds the old file or the new one, never a part. Refuses to replace anything
 * but a regular file.
 */
export function replaceOwned(from: string, fromOwner: string, to: string, toOwner: string): void {
  assertOwned(from, fromOwner);
  assertOwned(to, toOwner);
  const existing = lstatSync(to, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) throw new FolderPolicyError(`refused: ${repoPath(to)} is not a regular file`);
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
  forgetListings({ removed: [from], written: [to] });
}
