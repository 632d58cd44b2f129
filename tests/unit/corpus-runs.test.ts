// Where ../shared/corpus exists (CI has it), every published page is imported in memory and each
// run its committed guide shows (data/guides/<id>.json `runs`) must be one of the page's own
// result blocks, the same text (whitespace aside) and the same metric values: the committed
// numbers come from the page. A block the guide left out is fine; a run from elsewhere is not.
// An accuracy score the page prints in a table rather than as a block (GLM-5.2's GSM8K check)
// must be in the row named like its file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage, type PageBlock } from '../../src/lib/import/page-blocks.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import { importPage } from '../../src/lib/import/write-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { metricEntries } from '../../src/lib/parse/types.ts';
import type { Run } from '../../src/lib/schema/run.ts';
import { corpusDir, corpusPages, hasCorpus } from '../helpers/corpus.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

type CommittedRun = { raw: string; file: string };

const pageText = (id: string) => readFileSync(join(corpusDir, `${id}.md`), 'utf8');

/** Every table row of the page, admonition bodies included, as trimmed cells. */
function tableRows(blocks: readonly PageBlock[]): string[][] {
  return blocks.flatMap((b) =>
    b.kind === 'table' ? b.rows.map((r) => r.cells) : b.kind === 'admonition' ? tableRows(b.body) : [],
  );
}

/** Whitespace-normalised text: each run of blanks one space, lines trimmed, blank lines dropped. */
const normalized = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .join('\n');

const isAccuracy = (run: Run) => /^(gsm8k|lm-eval)/.test(run.source.format);

/** The page's runs as `npm run import` drafts them: every result block, parsed. */
function importedRuns(id: string): Run[] {
  const path = join(corpusDir, `${id}.md`);
  const { page } = readPerformanceLabPage(pageText(id));
  if (!page) throw new Error(`${path} is not a Performance Lab page`);
  const files = importPage(page, id, path);
  return ingestGuide([...files.raw].map(([rawPath, text]) => ({ path: rawPath, file: rawPath, text }))).runs;
}

const metricValues = (run: Pick<Run, 'metrics'>) =>
  Object.fromEntries(metricEntries(run.metrics).map(([key, m]) => [key, { value: m.value, printed: m.printed }]));

describe.runIf(hasCorpus)('every run a committed guide shows is a block of its published page', () => {
  it('covers every published page', () => {
    expect(corpusPages.length).toBeGreaterThanOrEqual(21);
  });

  it.each(corpusPages)('%s', (id) => {
    const guideFile = join(repoRoot, 'data/guides', `${id}.json`);
    expect(existsSync(guideFile), `${id} has no committed guide`).toBe(true);
    const committed = (JSON.parse(readFileSync(guideFile, 'utf8')) as { runs: Record<string, CommittedRun> }).runs;
    expect(Object.keys(committed).length).toBeGreaterThan(0);
    const byText = new Map<string, Run[]>();
    for (const run of importedRuns(id)) {
      const key = normalized(run.raw);
      byText.set(key, [...(byText.get(key) ?? []), run]);
    }
    const rows = tableRows(parsePage(pageText(id)));
    for (const [runId, run] of Object.entries(committed)) {
      const stored = JSON.parse(readFileSync(join(repoRoot, 'data/runs', id, `${runId}.json`), 'utf8')) as Run;
      if (isAccuracy(stored)) {
        const name = runId.split('/').pop() ?? runId;
        for (const [, metric] of metricEntries(stored.metrics))
          expect(
            rows.some((cells) => cells[0] === name && cells.includes(metric.printed)),
            `${run.file}: ${metric.printed} is in no table row "${name}" of pages/${id}.md`,
          ).toBe(true);
        continue;
      }
      const candidates = byText.get(normalized(run.raw)) ?? [];
      expect(candidates.length, `${run.file} (${runId}) is no result block of pages/${id}.md`).toBeGreaterThan(0);
      // Identical text parses to identical values; a guide may show the same block twice (one
      // configuration measured once and shown in two steps), so any of them matches.
      const values = metricValues(stored);
      expect(
        candidates.map(metricValues),
        `${runId}: the committed metrics differ from the page's block`,
      ).toContainEqual(values);
    }
  });
});
