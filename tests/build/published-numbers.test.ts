// Where ../shared/corpus exists (CI has it), every number a published page claims (its table
// cells, `- Summary:`, `Result:` and `Mean latency per request:` lines) must be on the built en
// guide, outside its raw result logs, or named by `npm run audit` at that line. A number that is
// neither is one the guide silently changed: this test fails and names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPage } from '../../src/lib/import/audit.ts';
import { parsePage, type PageBlock } from '../../src/lib/import/page-blocks.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import { corpusDir, corpusPages, hasCorpus } from '../helpers/corpus.ts';
import { builtPage, pageText, rawResultCount, showsNumber } from '../helpers/page-text.ts';

const CLAIM_LINE = /^([-*]\s+Summary:|Result:|Mean latency per request:)/i;

/** Lines that make claims: every table row, and each step's summary and ranking lines. */
function claimLines(blocks: readonly PageBlock[]): number[] {
  return blocks.flatMap((b) => {
    if (b.kind === 'table') return b.rows.map((r) => r.line);
    if (b.kind === 'text' && CLAIM_LINE.test(b.text.trim())) return [b.line];
    if (b.kind === 'admonition') return claimLines(b.body);
    return [];
  });
}

const shows = (text: string, printed: string) => showsNumber(text, printed, { trailingZeros: true });

describe.runIf(hasCorpus)('every number a published page claims is on its guide or named by the audit', () => {
  it.each(corpusPages)('%s', (id) => {
    const html = builtPage(`en/guides/${id}`);
    // The raw logs are there, and left out: a number only a raw log prints is not on the guide.
    expect(rawResultCount(html)).toBeGreaterThan(0);
    const text = pageText(html).outsideRaw;
    const markdown = readFileSync(join(corpusDir, `${id}.md`), 'utf8');
    const { page } = readPerformanceLabPage(markdown);
    if (!page) throw new Error(`pages/${id}.md is not a Performance Lab page`);
    const named = new Map<number, string>();
    for (const f of auditPage(page, `${id}.md`)) named.set(f.line, `${named.get(f.line) ?? ''}\n${f.message}`);
    const lines = markdown.split('\n');
    const unexplained: string[] = [];
    let numbers = 0;
    for (const line of claimLines(parsePage(markdown))) {
      const claim = (lines[line - 1] ?? '').replace(/<[^>]+>/g, ' ');
      for (const [printed] of claim.matchAll(/\d+\.\d+/g)) {
        numbers++;
        if (!shows(text, printed) && !shows(named.get(line) ?? '', printed))
          unexplained.push(`${id}.md:${line}: ${printed}`);
      }
    }
    expect(numbers, 'a page without claims is not a Performance Lab page').toBeGreaterThan(0);
    expect(unexplained, 'numbers of the published page neither on the guide nor named by the audit').toEqual([]);
  });
});
