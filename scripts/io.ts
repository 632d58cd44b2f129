// File-system helpers shared by the CLIs in scripts/. src/lib stays pure; all I/O lives here.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Every file below `dir`, sorted, skipping dot-files and READMEs. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || name === 'README.md') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out;
}

/** Guide ids (`<model>/<hardware>`) that have a folder two levels below `dir`. */
export function listGuideDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const ids: string[] = [];
  for (const model of readdirSync(dir).sort()) {
    const modelDir = join(dir, model);
    if (model.startsWith('.') || !statSync(modelDir).isDirectory()) continue;
    for (const hardware of readdirSync(modelDir).sort()) {
      if (!hardware.startsWith('.') && statSync(join(modelDir, hardware)).isDirectory())
        ids.push(`${model}/${hardware}`);
    }
  }
  return ids;
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
