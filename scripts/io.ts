// File-system helpers shared by the CLIs in scripts/. src/lib stays pure; all I/O lives here.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';

/**
 * Where data/ and content/ live: the repository, unless PERFLAB_ROOT points elsewhere (tests
 * build a scratch site that way; the code under src/ and scripts/ is always this repository's).
 */
export const repoRoot = process.env.PERFLAB_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');

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
    for (const name of readdirSync(current).sort()) {
      if (name.startsWith('.') || name === 'README.md') continue;
      const path = join(current, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) refused.push({ path, reason: 'is a symbolic link' });
      else if (stat.isDirectory()) visit(path);
      else if (stat.isFile()) files.push(path);
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

/**
 * Replaces `targetDir` with exactly `files` (relative path → content), or leaves it untouched:
 * the new tree is written beside it and swapped in with renames, so a failure never half-writes.
 */
export function replaceDirectory(targetDir: string, files: ReadonlyMap<string, string>): void {
  const staging = `${targetDir}.new-${process.pid}`;
  const retired = `${targetDir}.old-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  for (const [path, content] of files) {
    const absolute = join(staging, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
  mkdirSync(staging, { recursive: true });
  if (existsSync(targetDir)) renameSync(targetDir, retired);
  renameSync(staging, targetDir);
  rmSync(retired, { recursive: true, force: true });
}

/** Prints diagnostics to stderr; returns true when any is an error. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[]): boolean {
  for (const d of sortDiagnostics(diagnostics)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length > 0) process.stderr.write(`${errors} error(s), ${warnings} warning(s)\n`);
  return errors > 0;
}
