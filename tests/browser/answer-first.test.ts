// Every guide answers first (issue 22): on a 390 × 844 phone screen, before any scrolling, the
// generated answer sentence and the first line of the recommended command are in view, in both
// languages; the answer names the engine and the headline change the comparison table shows.
import { describe, expect, it } from 'vitest';
import { committedGuideIds } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const guides = committedGuideIds();

describe('the answer on the first screen of a phone', () => {
  it('covers every committed guide', () => expect(guides.length).toBeGreaterThanOrEqual(21));

  it.each(guides.flatMap((id) => (['en', 'zh'] as const).map((lang) => [lang, id] as const)))(
    '%s %s',
    async (lang, id) => {
      const page = await reusedPage(site, `/${lang}/guides/${id}/`, { viewport: { width: 390, height: 844 } });
      const found = await page.evaluate(() => {
        const answer = document.querySelector('p.answer');
        const code = document.querySelector('.sl-markdown-content pre code, .sl-markdown-content pre');
        // The command's first line: a range over its first text up to the first line break.
        const text = code ? document.createTreeWalker(code, NodeFilter.SHOW_TEXT).nextNode() : null;
        let firstLine: DOMRect | undefined;
        if (text?.textContent) {
          const range = document.createRange();
          const end = text.textContent.indexOf('\n');
          range.setStart(text, 0);
          range.setEnd(text, end === -1 ? text.textContent.length : end);
          firstLine = range.getBoundingClientRect();
        }
        return {
          answer: answer?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
          answerBottom: answer?.getBoundingClientRect().bottom,
          commandLineBottom: firstLine?.bottom,
          changed: [...(answer?.querySelectorAll('.delta-up, .delta-down') ?? [])].map((e) => e.textContent),
        };
      });
      expect(found.answer.length, 'an answer sentence').toBeGreaterThan(20);
      expect(found.answerBottom, 'the answer ends on the first screen').toBeLessThanOrEqual(844);
      expect(found.commandLineBottom, "the command's first line is on the first screen").toBeLessThanOrEqual(844);
      // The change the answer states is coloured (its direction: better or worse).
      expect(found.changed.length).toBeGreaterThanOrEqual(1);
    },
    30_000,
  );
});
