// Issue 22, in Chromium at 390 and 1440 px: review notes (what the consistency checks found, and why it was accepted)
// are for reviewers, so a guide page keeps them out of the reader's way: none between the answer
// and the evidence, all in one collapsed section at the very end, in the page's language, each
// reason once with the findings accepted for it, each finding naming what it concerns.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();
const noteCount = (id: string) =>
  (JSON.parse(readFileSync(join(repoRoot, `data/guides/${id}.json`), 'utf8')) as { story: unknown[] }).story.length;

describe.each([390, 1440] as const)('at %i px', (width) => {
  it.each([
    ['en', 'qwen3-8b/h100-latency', 'Notes from review', 'Accepted because '],
    ['zh', 'qwen3-8b/h100-latency', '审阅说明', '以下各项接受的理由'],
    ['zh', 'glm-4.x/h200', '审阅说明', '以下各项接受的理由'],
  ] as const)('%s %s: every note collapsed in one section at the end', async (lang, id, summary, reason) => {
    const page = await reusedPage(site, `/${lang}/guides/${id}/`, { viewport: { width, height: 844 } });
    const count = noteCount(id);
    expect(count).toBeGreaterThan(0);
    const found = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const notes = [...main.querySelectorAll('.review-notes li')];
      const details = main.querySelector('details.review-notes') as HTMLDetailsElement | null;
      const downloads = main.querySelector('ul.downloads');
      const follows = (a: Node | null, b: Node | null) =>
        !!a && !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      return {
        notes: notes.length,
        outside: notes.filter((n) => !details?.contains(n)).length,
        visible: notes.filter((n) => n.checkVisibility()).length,
        open: details?.open,
        summary: details?.querySelector('summary')?.textContent?.trim(),
        afterDownloads: follows(downloads, details),
        // Nothing of the article's own comes after it.
        last: [...(details?.parentElement?.children ?? [])].filter((e) => follows(details, e) && e.closest('main'))
          .length,
      };
    });
    expect(found).toEqual({
      notes: count,
      outside: 0,
      visible: 0,
      open: false,
      summary: `${summary}${lang === 'zh' ? `（${count} 条）` : ` (${count})`}`,
      afterDownloads: true,
      last: 0,
    });
    await page.locator('details.review-notes > summary').click();
    const texts = await page.locator('details.review-notes li').allTextContents();
    expect(texts).toHaveLength(count);
    // Each group says its reason once, then the findings accepted for it.
    const reasons = await page.locator('details.review-notes section > p').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    for (const text of reasons) expect(text.startsWith(reason)).toBe(true);
    expect(new Set(reasons).size).toBe(reasons.length);
    if (lang === 'zh')
      for (const text of [...texts, ...reasons]) expect(text).not.toMatch(/Note from review|Accepted because/);
    expect(await page.locator('details.review-notes li').evaluateAll((n) => n.every((e) => e.checkVisibility()))).toBe(
      true,
    );
  });
});
