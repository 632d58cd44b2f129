// Shared by `npm run import` and `npm run audit`: read a Performance Lab page and audit it.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { auditPage, normalizeBlock, type AuditFinding } from '../lib/import/audit.ts';
import { terminalText } from '../lib/diagnostics/diagnostics.ts';
import { decodePage } from '../lib/import/page-encoding.ts';
import type { PerformanceLabPage } from '../lib/import/page-model.ts';
import { readPerformanceLabPage } from '../lib/import/page-reader.ts';
import { slugify } from '../lib/import/write-guide.ts';
import { listFiles, repoPath, repoRoot } from './fs-policy.ts';

const PAGE_LIMIT = 16 * 1024 * 1024;

export function usage(command: string): never {
  process.stderr.write(`usage: npm run ${command} -- <page.md> [<model>/<hardware>]\n`);
  process.exit(2);
}

/** What a path that is not a regular file is, said as the reason it is not read as a page. */
function notAFile(stat: Stats): string {
  if (stat.isDirectory()) return "is a folder, not a page: give the path of the page's .md file";
  if (stat.isFIFO()) return 'is a named pipe (FIFO), not a file: a page is read only from a regular file';
  if (stat.isSocket()) return 'is a socket, not a file: a page is read only from a regular file';
  return 'is a device, not a file: a page is read only from a regular file';
}

/**
 * The page's bytes, or why there are none: opened without blocking (a named pipe is not waited
 * on) and sized from the open file, so what is read is what was checked.
 */
function readPageBytes(path: string): Buffer | string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : `cannot be opened (${code ?? 'error'})`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return notAFile(stat);
    if (stat.size > PAGE_LIMIT) return `larger than ${PAGE_LIMIT / 2 ** 20} MiB; not a documentation page`;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The page, its display path and the guide id (from the argument, or `<folder>/<file stem>`). */
export function readPage(command: string): { page: PerformanceLabPage; file: string; id: string } {
  const [path, id] = process.argv.slice(2);
  if (!path) usage(command);
  // Everything printed about the page is terminalText: its name and text may hold escape sequences.
  const shown = terminalText(path);
  const bytes = readPageBytes(path);
  if (typeof bytes === 'string') {
    process.stderr.write(`${shown}: error: ${bytes}\n`);
    process.exit(1);
  }
  const decoded = decodePage(bytes);
  if (!decoded.ok) {
    process.stderr.write(`${shown}:${decoded.line}: error: ${decoded.message}\n`);
    process.exit(1);
  }
  const { page, problems } = readPerformanceLabPage(decoded.text);
  for (const problem of problems)
    process.stderr.write(`${shown}:${problem.line}: ${page ? 'warning' : 'error'}: ${terminalText(problem.message)}\n`);
  if (!page) process.exit(1);
  const guideId = id ?? `${slugify(basename(dirname(path)), 'model')}/${slugify(basename(path, '.md'), 'hardware')}`;
  if (!/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/.test(guideId)) {
    process.stderr.write(`"${terminalText(guideId)}" is not <model>/<hardware> in lower-case slugs\n`);
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
  // A finding quotes the page: its control characters (an OSC 52 clipboard write) are escaped.
  const shown = terminalText(file);
  for (const f of findings) process.stdout.write(`${shown}:${f.line}: ${terminalText(f.message)}\n`);
  process.stderr.write(
    findings.length === 0
      ? `audit: every checked claim of ${shown} follows from its blocks\n`
      : `audit: ${findings.length} difference(s) between what ${shown} prints and what its blocks compute\n`,
  );
}

export function audit(
  page: PerformanceLabPage,
  file: string,
  id: string,
  known: ReadonlyMap<string, string> = knownBlocks(id),
): AuditFinding[] {
  return auditPage(page, file, known);
}

/** What the draft leaves for its author (import/decisions.ts), once, after the audit. */
export function printDecisions(decisions: readonly string[]): void {
  process.stderr.write(
    `import: the draft leaves ${decisions.length} decision(s) for you; \`npm run check\` holds the guide to them:\n`,
  );
  for (const decision of decisions) process.stderr.write(`  - ${terminalText(decision)}\n`);
}
