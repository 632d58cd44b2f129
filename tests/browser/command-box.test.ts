// Commands are shown whole and copied as shown (issue 22). That no command of any guide page, at
// 390 and 1440 px, is cut off by its box, scrolls inside it or is drawn into is checked in
// every-guide-page.test.ts; here a line too long for the box wraps, indented under its start, and
// the copy button, which copies the text, copies what the reader sees (the `\` continuations are
// characters of the text), which bash splits into the measured words (tests/build/commands).
import { describe, expect, it } from 'vitest';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe('commands are shown whole', () => {
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
