// Every published Performance Lab page (../shared/corpus, where it exists) imported and audited into
// one scratch site, in order, as an author would run `npm run import` and `npm run audit` on each:
// the first page through the real CLIs (their exit codes and output), the others through the same
// calls in this process (scripts/import.ts and scripts/audit.ts, without a Node process each).
// PERFLAB_ROOT is the scratch site before the pipeline loads (an isolated test file): the blocks
// of the pages imported before a page are what its import and audit find there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { terminalText } from '../../src/lib/diagnostics/diagnostics.ts';
import type { AuditFinding } from '../../src/lib/import/audit.ts';
import { draftDecisions } from '../../src/lib/import/decisions.ts';
import { checkDecisions, draftDiagnostics } from '../../src/lib/import/draft-check.ts';
import { decodePage } from '../../src/lib/import/page-encoding.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import { importPage, slugify } from '../../src/lib/import/write-guide.ts';
import { corpusDir, corpusPages, hasCorpus } from '../helpers/corpus.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-import-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
vi.stubEnv('PERFLAB_ROOT', scratch);
const { audit, knownBlocks } = await import('../../src/pipeline/page-import.ts');
const { writeImport } = await import('../../src/pipeline/import-writer.ts');
const { today } = await import('../../src/pipeline/clock.ts');
vi.unstubAllEnvs();

/** What import printed: its audit (stdout) and its decisions (stderr); and what audit printed. */
type Printed = { imported: { stdout: string; stderr: string }; audited: string };

const printedAudit = (file: string, findings: readonly AuditFinding[]) =>
  findings.map((f) => `${terminalText(file)}:${f.line}: ${terminalText(f.message)}\n`).join('');

function throughCli(path: string): Printed {
  const run = (script: string) =>
    spawnSync(process.execPath, [join(repoRoot, 'scripts', script), path], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: scratch },
    });
  const imported = run('import.ts');
  expect(imported.status, imported.stderr).toBe(0);
  expect(imported.stderr).toMatch(/import: wrote \d+ raw file\(s\)/);
  const audited = run('audit.ts');
  expect(audited.status, audited.stderr).toBe(0);
  return { imported, audited: audited.stdout };
}

/** scripts/import.ts then scripts/audit.ts, in this process, with readPage's guide id. */
function inProcess(path: string, pageId: string): Printed {
  const [model, hardware] = pageId.split('/') as [string, string];
  const id = `${slugify(model, 'model')}/${slugify(hardware, 'hardware')}`;
  const decoded = decodePage(readFileSync(path));
  if (!decoded.ok) throw new Error(`${path}:${decoded.line}: ${decoded.message}`);
  const { page } = readPerformanceLabPage(decoded.text);
  if (!page) throw new Error(`${path}: not a page`);
  const known = knownBlocks(id);
  const files = importPage(page, id, path, known);
  expect(files.problems).toEqual([]);
  writeImport(id, files);
  const decisions = [...draftDecisions(id, files, known), ...checkDecisions(draftDiagnostics(id, files, today()))];
  return {
    imported: {
      stdout: printedAudit(path, audit(page, path, id, new Map())),
      stderr: decisions.map((decision) => `  - ${terminalText(decision)}\n`).join(''),
    },
    audited: printedAudit(path, audit(page, path, id)),
  };
}

describe.runIf(hasCorpus)('every published page of ../shared/corpus', () => {
  it.each(corpusPages.map((id, index) => [join(corpusDir, `${id}.md`), id, index] as const))(
    '%s imports and audits with exit 0',
    (path, id, index) => {
      const { imported, audited } = index === 0 ? throughCli(path) : inProcess(path, id);
      // The import names a block another guide holds once, among the decisions it leaves (stderr).
      const [copies, others] = [true, false].map((copy) =>
        audited.split('\n').filter((line) => line.includes('this block is identical to') === copy),
      );
      expect(others!.join('\n')).toBe(imported.stdout);
      for (const copy of copies!) expect(imported.stderr).toContain(/identical to (\S+)/.exec(copy)![1]);
    },
  );
});
