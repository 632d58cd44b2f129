// No guide page is wider than the screen (issue 22): every built guide page, in both languages,
// on a 390 × 844 phone (a mobile viewport with touch, which widens its layout to fit content that
// does not fit) and at 1440 px. The page scrolls no further than the viewport is wide, the phone
// keeps its 390 px layout, and the header's search and menu buttons are on the screen.
import { describe, expect, it } from 'vitest';
import { committedGuideIds } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const guides = committedGuideIds();

const pages = guides.flatMap((id) => (['en', 'zh'] as const).map((lang) => `/${lang}/guides/${id}/`));

describe('every guide page fits the screen', () => {
  it('covers every committed guide in both languages', () => expect(pages.length).toBeGreaterThanOrEqual(42));

  // Each width in a context of its own, both at once: one waits on a page while the other draws.
  for (const width of [390, 1440] as const)
    it.concurrent(`${width} px: no page is wider than the viewport`, { timeout: 180_000 }, async () => {
      const context = await site.browser.newContext({
        viewport: { width, height: 844 },
        ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of pages) {
          await page.goto(`${site.preview.url}${path}`);
          const fit = await page.evaluate(() => {
            const inView = (selector: string) => {
              const box = document.querySelector(selector)?.getBoundingClientRect();
              return box !== undefined && box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
            };
            return {
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
              search: inView('site-search button[data-open-modal]'),
              menu: window.innerWidth >= 800 || inView('button.sl-menu-button'),
            };
          });
          if (fit.scrollWidth > width || fit.innerWidth !== width || !fit.search || !fit.menu)
            found.push(`${path}: ${JSON.stringify(fit)}`);
        }
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
