// "On this page" follows the reader (issue 22; that its one table of contents lists every step of
// every guide page, and is seen whole beside the page at 1440 px, is checked in
// every-guide-page.test.ts). Scrolled through a guide at 390 and 1440 px, it marks the
// section being read: a listed heading already reached (in the upper half of the screen) whose
// next listed heading has not yet passed under the sticky header; every step is marked on the way,
// and the phone's bar names it.
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const open = (path: string, width: number) => openAt(site, path, width);

// Each scroll waits for frames: the eight walks run at once, each in a context of its own.
describe.concurrent('the table of contents follows the reader', () => {
  for (const width of [390, 1440] as const)
    for (const path of [
      '/en/guides/qwen3-8b/h100-latency/',
      '/zh/guides/glm-5.2/h200/',
      '/en/guides/glm-4.x/h200/',
      '/zh/guides/qwen3.5-35b-a3b/h200-latency/',
    ])
      it(`${width} px: ${path}`, { timeout: 120_000 }, async () => {
        const page = await open(path, width);
        const toc = 'starlight-toc';
        try {
          const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
          const wrong: string[] = [];
          const marked = new Set<string>();
          for (let y = 0; y <= height; y += 300) {
            const state = await page.evaluate(
              async ({ selector, y }) => {
                scrollTo(0, y);
                // The mark follows within a frame of a scroll.
                await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
                const element = document.querySelector(selector)!;
                const links = [...element.querySelectorAll<HTMLAnchorElement>('a')];
                const current = element.querySelector<HTMLAnchorElement>('a[aria-current="true"]');
                const top = (a: HTMLAnchorElement | undefined) =>
                  a
                    ? document.getElementById(decodeURIComponent(a.hash.slice(1)))!.getBoundingClientRect().top
                    : Infinity;
                // The header, and on a phone the menu bar under it (fixed; beside the page at a desk).
                const covered = Math.max(
                  ...[...document.querySelectorAll('header, starlight-toc nav')]
                    .filter((e) => e.tagName === 'HEADER' || getComputedStyle(e).position === 'fixed')
                    .map((e) => e.getBoundingClientRect().bottom),
                );
                const index = current ? links.indexOf(current) : -1;
                const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
                return {
                  current: current?.hash.slice(1) ?? '',
                  text: current?.textContent ?? '',
                  shown: element.querySelector('.display-current')?.textContent ?? null,
                  // Reached: the heading's top is in the upper half of the screen or above (the first,
                  // Overview, always is); not passed: the next listed heading is still below the header.
                  reached: index === 0 || top(current ?? undefined) <= innerHeight / 2,
                  notPassed: atEnd || top(links[index + 1]) > covered,
                };
              },
              { selector: toc, y },
            );
            marked.add(state.current);
            if (!state.reached || !state.notPassed || (width < 800 && state.shown !== state.text))
              wrong.push(`${y}: ${JSON.stringify(state)}`);
          }
          expect(wrong).toEqual([]);
          const steps = await page.locator('section.step > h3[id]').evaluateAll((hs) => hs.map((h) => h.id));
          expect(steps.filter((step) => !marked.has(step))).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
});

// One list serves both layouts (PageSidebar.astro): beside the page at a desk it stands open by CSS
// alone (::details-content), without a script; on a phone it is the menu bar's folded list, opened
// by its summary and closed by a link followed or by Escape.
describe('one table of contents, open at a desk and folded on a phone', () => {
  const shown = () =>
    [...document.querySelectorAll<HTMLElement>('starlight-toc a')].filter((a) => a.checkVisibility()).length;

  it.each([
    [1440, true],
    [390, false],
  ] as const)('%i px without JavaScript: every link shown %s', async (width, open) => {
    const context = await site.browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.preview.url}/zh/guides/deepseek-v3.2/h200/`);
      const links = await page.locator('starlight-toc a').count();
      expect(links).toBeGreaterThan(10);
      expect(await page.evaluate(shown)).toBe(open ? links : 0);
    } finally {
      await context.close();
    }
  });

  it('390 px: the summary opens it, a link followed and Escape close it', async () => {
    const page = await open('/en/guides/glm-5.2/h200/', 390);
    try {
      const links = await page.locator('starlight-toc a').count();
      expect(await page.evaluate(shown)).toBe(0);
      await page.locator('starlight-toc summary').click();
      expect(await page.evaluate(shown)).toBe(links);
      await page.locator('starlight-toc a[href="#results"]').click();
      expect(await page.evaluate(shown)).toBe(0);
      await page.locator('starlight-toc summary').click();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(shown)).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
