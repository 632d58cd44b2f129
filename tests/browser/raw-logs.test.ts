// Raw logs a reader can read on a phone (issue 22): at 390 px a raw result shows its labels and
// their values without a sideways swipe (a block of columns closes up its alignment, and what
// does not fit wraps), and at 1440 px it is as printed, values in their column. That every raw
// result of every guide page, both languages, is shown whole is checked in every-guide-page.test.ts.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const open = (path: string, width: number) => openAt(site, path, width);

/** Where `text` is drawn inside `element`: the box of its first character and of its last. */
function drawn(element: Locator, text: string): Promise<{ first: DOMRect; last: DOMRect } | undefined> {
  return element.evaluate((root, wanted) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const all = nodes.map((n) => n.data).join('');
    const at = all.indexOf(wanted);
    if (at === -1) return undefined;
    const box = (offset: number) => {
      let rest = offset;
      for (const node of nodes) {
        if (rest < node.data.length) {
          const range = document.createRange();
          range.setStart(node, rest);
          range.setEnd(node, rest + 1);
          return range.getBoundingClientRect().toJSON() as DOMRect;
        }
        rest -= node.data.length;
      }
      throw new Error('past the end');
    };
    return { first: box(at), last: box(at + wanted.length - 1) };
  }, text);
}

describe('raw results on a phone and at a desk', () => {
  it('390 px: a label and its value are on one line; 1440 px: the values keep their column', async () => {
    for (const width of [390, 1440]) {
      const page = await open('/en/guides/glm-5.2/h200/', width);
      const details = page.locator('[data-step="engine"] section.variant:has(#step-engine-vllm) details.raw-result');
      await details.locator('summary').click();
      const raw = details.locator('pre');
      const label = await drawn(raw, 'Total Token throughput (tok/s):');
      const value = await drawn(raw, '5481.90');
      const requests = await drawn(raw, '1000\n');
      expect(label && value && requests).toBeTruthy();
      // On one screen line, the value after its label, both inside the box.
      expect(Math.abs(label!.first.top - value!.first.top)).toBeLessThan(2);
      expect(value!.first.left).toBeGreaterThan(label!.last.right);
      expect(value!.last.right).toBeLessThanOrEqual(width);
      const gap = (value!.first.left - label!.last.right) / label!.last.width;
      if (width === 1440) {
        // As printed: the value in the column of every value, many spaces after its label.
        expect(value!.first.left).toBe(requests!.first.left);
        expect(gap).toBeGreaterThan(5);
      } else expect(gap).toBeLessThan(2); // closed up: one space
      await page.context().close();
    }
  });
});
