// Commands are shown whole and copied as shown (issue 22). On every guide page, at 390 and 1440
// px, no command is cut off by its box or needs scrolling inside it: a line too long for the box
// wraps, indented under its start. The page draws nothing into a command that is not its text (the
// `\` continuations are characters of the text), so the copy button, which copies the text,
// copies what the reader sees, and bash splits it into the measured words (tests/build/commands).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { committedGuideIds } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const guides = committedGuideIds();

/** Each command on the page that its box cuts off or scrolls, or into which CSS draws text. */
function commandsNotShownWhole(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main code.command')].flatMap((code) => {
      const pre = code.closest('pre');
      if (!pre || pre.getBoundingClientRect().width === 0) return [];
      const problems: string[] = [];
      if (pre.scrollWidth > pre.clientWidth) problems.push(`scrolls: ${pre.scrollWidth} > ${pre.clientWidth} px`);
      for (const element of [code, ...code.querySelectorAll('*')])
        for (const pseudo of ['::before', '::after'])
          if (!['none', 'normal'].includes(getComputedStyle(element, pseudo).content))
            problems.push(`draws ${getComputedStyle(element, pseudo).content} ${pseudo}`);
      const first = (code.textContent ?? '').split('\n')[0];
      return problems.map((p) => `${code.dataset.command} "${first}": ${p}`);
    }),
  );
}

describe('commands are shown whole', () => {
  // Each width in a context of its own, both at once: one waits on a page while the other draws.
  for (const width of [390, 1440] as const)
    it.concurrent(
      `${width} px: no command on any guide page is cut off, scrolled or drawn into`,
      { timeout: 180_000 },
      async () => {
        const context = await site.browser.newContext({ viewport: { width, height: 844 } });
        try {
          const page = await context.newPage();
          const found: string[] = [];
          for (const id of guides)
            for (const lang of ['en', 'zh']) {
              await page.goto(`${site.preview.url}/${lang}/guides/${id}/`);
              for (const problem of await commandsNotShownWhole(page)) found.push(`${lang}/${id}: ${problem}`);
            }
          expect(found).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );

  it('the qwen3-8b latency command: at 1440 px each of its lines is one line on screen; at 390 px a long line wraps', async () => {
    for (const width of [1440, 390]) {
      const context = await site.browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${site.preview.url}/en/guides/qwen3-8b/h100-latency/`);
      const lines = await page.locator('figure.copyable-command code').evaluate((code) => {
        // Each text line's rendered boxes: one per screen line it takes.
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const tops = new Set<number>();
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getBoundingClientRect();
            if (box.width === 0) continue;
            tops.add(Math.round(box.top));
          }
        return { text: code.textContent ?? '', screenLines: tops.size };
      });
      const textLines = lines.text.split('\n');
      expect(textLines.at(-1)).toBe('    --speculative-num-draft-tokens 16');
      if (width === 1440) expect(lines.screenLines).toBe(textLines.length);
      else expect(lines.screenLines).toBeGreaterThan(textLines.length);
      await context.close();
    }
  });
});

describe('the copy button copies what is shown', () => {
  for (const [path, width] of [
    ['/en/guides/qwen3-8b/h100-latency/', 390],
    ['/zh/guides/glm-4.x/h200/', 1440],
    ['/en/guides/qwen3.5-35b-a3b/h200-latency/', 390],
  ] as const)
    it(`${path} at ${width} px`, async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 844 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.preview.url });
      try {
        const page = await context.newPage();
        await page.goto(`${site.preview.url}${path}`);
        const figure = page.locator('figure.copyable-command');
        await figure.locator('button.copy-command').click();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        const code = figure.locator('pre code');
        // What a reader selecting the box by hand gets, and what the box renders as text.
        const selected = await code.evaluate((element) => {
          const selection = getSelection()!;
          selection.selectAllChildren(element);
          return selection.toString();
        });
        expect(copied).toBe(selected);
        expect(copied).toBe(await code.innerText());
        expect(copied.split('\n').length).toBeGreaterThan(1);
        expect(
          copied
            .split('\n')
            .slice(0, -1)
            .every((line) => line.endsWith(' \\')),
        ).toBe(true);
      } finally {
        await context.close();
      }
    });
});
