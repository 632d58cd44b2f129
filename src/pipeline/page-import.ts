// Shared by `npm run import` and `npm run audit`: read a Performance Lab page and audit it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { auditPage, normalizeBlock, type AuditFinding } from '../lib/import/audit.ts';
import { readPerformanceLabPage, type PerformanceLabPage } from '../lib/import/page-model.ts';
import { slugify } from '../lib/import/write-guide.ts';
import { listFiles, repoPath, repoRoot } from './fs-policy.ts';

const PAGE_LIMIT = 16 * 1024 * 1024;

export function usage(command: string): never {
  process.stderr.write(`usage: npm run ${command} -- <page.md> [<model>/<hardware>]\n`);
  process.exit(2);
}

/** The page, its display path and the guide id (from the argument, or `<folder>/<file stem>`). */
export function readPage(command: string): { page: PerformanceLabPage; file: string; id: string } {
  const [path, id] = process.argv.slice(2);
  if (!path) usage(command);
  if (!existsSync(path) || !statSync(path).isFile()) {
    process.stderr.write(`${path}: no such file\n`);
    process.exit(1);
  }
  if (statSync(path).size > PAGE_LIMIT) {
    process.stderr.write(`${path}:1: error: larger than ${PAGE_LIMIT / 2 ** 20} MiB; not a documentation page\n`);
    process.exit(1);
  }
  const { page, problems } = readPerformanceLabPage(readFileSync(path, 'utf8'));
  for (const problem of problems)
    process.stderr.write(`${path}:${problem.line}: ${page ? 'warning' : 'error'}: ${problem.message}\n`);
  if (!page) process.exit(1);
  const guideId = id ?? `${slugify(basename(dirname(path)), 'model')}/${slugify(basename(path, '.md'), 'hardware')}`;
  if (!/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/.test(guideId)) {
    process.stderr.write(`"${guideId}" is not <model>/<hardware> in lower-case slugs\n`);
    process.exit(2);
  }
  return { page, file: path, id: guideId };
}

/** Normalized text of every raw file already in the repository (except this guide's), by path. */
export function knownBlocks(exceptGuide: string): Map<string, string> {
  const known = new Map<string, string>();
  const rawRoot = join(repoRoot, 'data/raw');
  for (const path of listFiles(rawRoot)) {
    const relative = repoPath(path);
    if (relative.startsWith(`data/raw/${exceptGuide}/`)) continue;
    known.set(normalizeBlock(readFileSync(path, 'utf8')), relative);
  }
  return known;
}

export function printAudit(file: string, findings: readonly AuditFinding[]): void {
  for (const f of findings) process.stdout.write(`${file}:${f.line}: ${f.message}\n`);
  process.stderr.write(
    findings.length === 0
      ? `audit: every checked claim of ${file} follows from its blocks\n`
      : `audit: ${findings.length} difference(s) between what ${file} prints and what its blocks compute\n`,
  );
}

export function audit(page: PerformanceLabPage, file: string, id: string): AuditFinding[] {
  return auditPage(page, file, knownBlocks(id));
}
