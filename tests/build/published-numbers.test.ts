// Where ../shared/corpus exists (CI has it), every number a published page claims (its table
// cells, `- Summary:`, `Result:` and `Mean latency per request:` lines) must be on the built en
// guide, outside its raw result logs, or named by `npm run audit` at that line. A number that is
// neither is one the guide silently changed: this test fails and names it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPage } from '../../src/lib/import/audit.ts';
import { parsePage, type PageBlock } from '../../src/lib/import/page-blocks.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-model.ts';
import { corpusDir, corpusPages, hasCorpus } from '../helpers/corpus.ts';

const repoRoot = join(import.meta.dirname, '../..');
const dist = join(repoRoot, 'dist');

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

/** The guide's own text: the article without its raw result logs, tags dropped, entities decoded. */
function guideText(html: string): string {
  const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  return main
    .replace(/<details class="raw-result">[\s\S]*?<\/details>/g, ' ')
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** `2.4` as a number of its own (not in 12.45), with trailing zeros allowed (19.0 is shown as 19.00). */
const shows = (text: string, printed: string) =>
  new RegExp(`(?<![\\d.])${printed.replace('.', '\\.')}0*(?!\\d)`).test(text);

describe.runIf(hasCorpus)('every number a published page claims is on its guide or named by the audit', () => {
  it.each(corpusPages)('%s', (id) => {
    const htmlFile = join(dist, 'en/guides', id, 'index.html');
    expect(existsSync(htmlFile), `${htmlFile} is missing: run \`npm run build\` first (npm test does)`).toBe(true);
    const text = guideText(readFileSync(htmlFile, 'utf8'));
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
