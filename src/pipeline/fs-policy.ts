// The pipeline's file access: where the site's folders are, how sources are listed and read, and how
// generated folders are written. src/lib stays pure; the pipeline's file I/O goes through here.
import {
  closeSync,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where data/ and content/ live: the repository, unless PERFLAB_ROOT points elsewhere (tests
 * build a scratch site that way; the code under src/ and scripts/ is always this repository's).
 */
export const repoRoot = process.env.PERFLAB_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..');
export const guidesRoot = join(repoRoot, 'content/guides');
export const rawRoot = join(repoRoot, 'data/raw');

/** Path relative to the site root with forward slashes, as shown in messages and stored in data/. */
export function repoPath(absolute: string): string {
  return relative(repoRoot, absolute).split(sep).join('/');
}

/** A raw file larger than this is refused before it is read. */
export const RAW_FILE_LIMIT = 512 * 2 ** 20;

/** A path below `dir` that is not a regular file or directory (a link, a device, a pipe), never read. */
export type RefusedPath = { path: string; reason: string };

/**
 * Every regular file below `dir`, sorted, skipping dot-files and READMEs. Symbolic links are not
 * followed (they could point anywhere on the machine) and other special files are not opened:
 * both are returned in `refused`.
 */
export function walkFiles(dir: string): { files: string[]; refused: RefusedPath[] } {
  const files: string[] = [];
  const refused: RefusedPath[] = [];
  if (!existsSync(dir)) return { files, refused };
  const visit = (current: string) => {
    // Directory entries carry their type: no lstat per file (listing was a tenth of ingest).
    const entries = readdirSync(current, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith('.') || name === 'README.md') continue;
      const path = join(current, name);
      if (entry.isSymbolicLink()) refused.push({ path, reason: 'is a symbolic link' });
      else if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) files.push(path);
      else refused.push({ path, reason: 'is not a regular file (a device, pipe or socket)' });
    }
  };
  visit(dir);
  return { files, refused };
}

/** Every regular file below `dir`, sorted (see walkFiles; refused paths are left out). */
export function listFiles(dir: string): string[] {
  return walkFiles(dir).files;
}

/** Guide ids (`<model>/<hardware>`) that have a real folder (not a link) two levels below `dir`. */
export function listGuideDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const ids: string[] = [];
  for (const model of readdirSync(dir).sort()) {
    const modelDir = join(dir, model);
    if (model.startsWith('.') || !lstatSync(modelDir).isDirectory()) continue;
    for (const hardware of readdirSync(modelDir).sort()) {
      if (!hardware.startsWith('.') && lstatSync(join(modelDir, hardware)).isDirectory())
        ids.push(`${model}/${hardware}`);
    }
  }
  return ids;
}

/** Why a source file must not be read (a link or special file), or undefined for a regular file. */
export function notRegularFile(path: string): string | undefined {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  return stat.isFile() ? undefined : 'is not a regular file';
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** The file's text, or its size when that is over `limit` bytes (then nothing is read). */
export function readTextUpTo(path: string, limit: number): string | { size: number } {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    return size > limit ? { size } : readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
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
  let written = 0;
  let removed = 0;
  // A folder that did not exist holds no folder but those made here, each with a file: nothing to
  // look up before making one, no empty folder to look for after (most of a cold ingest's calls).
  const fresh = !existsSync(targetDir);
  const existingFiles = fresh ? [] : listFiles(targetDir);
  const existing = new Set(existingFiles.map((path) => relative(targetDir, path).split(sep).join('/')));
  const makeFolder = folderMaker([dirname(targetDir), ...existingFiles.map((path) => dirname(path))], fresh);
  for (const [path, content] of files) {
    const absolute = join(targetDir, path);
    if (existing.has(path) && readFileSync(absolute, 'utf8') === content) continue;
    makeFolder(dirname(absolute));
    writeFileSync(absolute, content);
    written++;
  }
  for (const path of existing) {
    if (files.has(path) || kept.has(path)) continue;
    rmSync(join(targetDir, path));
    removed++;
  }
  // Only a removed file can leave a folder empty (every folder made here got a file).
  if (removed > 0) removeEmptyDirectories(targetDir);
  mkdirSync(targetDir, { recursive: true });
  return { written, removed };
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
