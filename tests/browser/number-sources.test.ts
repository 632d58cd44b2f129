// A number's source is reachable by tap (issue 22): every number of a guide's tables (the conclusion,
// each step's, the summary) links to the raw line that printed it, inside a raw result of the same
// page (on every guide page: every-guide-page.test.ts); tapped on a phone (390 px) or
// clicked at a desk (1440 px), the raw result opens with that line in view and marked. A raw
// result printed once and pointed at later ("same output as above") opens when its link is followed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

const open = (path: string, width: number) => openAt(site, path, width);

/** The target of the page's URL: its text, whether its raw result is open, and whether it is on screen below the header. */
function landed(page: Page) {
  return page.evaluate(() => {
    const target = document.querySelector(':target');
    const box = target?.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    // On a phone "On this page" is a bar under the header (fixed; beside the page at a desk).
    const toc = document.querySelector('starlight-toc nav');
    const covered = Math.max(
      header,
      toc && getComputedStyle(toc).position === 'fixed' ? toc.getBoundingClientRect().bottom : 0,
    );
    return {
      text: target?.textContent ?? '',
      open: target?.closest('details')?.open ?? false,
      inView: box !== undefined && box.top >= covered && box.bottom <= innerHeight,
      marked: target ? getComputedStyle(target).backgroundColor !== 'rgba(0, 0, 0, 0)' : false,
    };
  });
}

describe('every number links to its raw line', () => {
  for (const width of [390, 1440] as const)
    it(`${width} px: a tap on a number opens its raw result at the line, marked and in view`, async () => {
      const page = await open('/en/guides/glm-5.2/h200/', width);
      try {
        const number = page
          .locator('.comparison-table tr[data-case="sharegpt"] td.first-on-phone .measured-secondary a')
          .first();
        expect(await number.textContent()).toBe('Mean TPOT(ms): 331.21');
        const target = page.locator(`[id="${(await number.getAttribute('href'))!.slice(1)}"]`);
        expect(await target.evaluate((line) => (line.closest('details') as HTMLDetailsElement).open)).toBe(false);
        if (width === 390) await number.tap();
        else await number.click();
        await page.waitForFunction(() => document.querySelector(':target') !== null);
        await page.waitForTimeout(200);
        const at = await landed(page);
        expect(at.text).toMatch(/^Mean TPOT \(ms\):\s+331\.21$/);
        expect(at).toMatchObject({ open: true, inView: true, marked: true });
      } finally {
        await page.context().close();
      }
    });

  for (const width of [390, 1440] as const)
    it(`${width} px: "same output as above" opens the raw result it points to`, async () => {
      const page = await open('/en/guides/glm-5.2/h200/', width);
      try {
        const repeat = page.locator('p.raw-result-repeat a').first();
        expect(await repeat.textContent()).toContain('same output as above');
        if (width === 390) await repeat.tap();
        else await repeat.click();
        await page.waitForFunction(() => document.querySelector(':target') !== null);
        await page.waitForTimeout(200);
        const at = await landed(page);
        expect(at.open).toBe(true);
        expect(at.text).toContain('Serving Benchmark Result');
        // The box's first line is on screen.
        const top = await page.locator(':target').evaluate((pre) => pre.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThan(844 / 2);
      } finally {
        await page.context().close();
      }
    });
});

describe('a derived value explains itself on hover', () => {
  it('qwen3-8b: the comparison table says once how its latencies are computed, each cell shows it with its source', async () => {
    const page = await openAt(site, '/en/guides/qwen3-8b/h100-latency/', 1440);
    try {
      const cell = page
        .locator('.comparison-table tr[data-case="sharegpt-bs-1"] td')
        .first()
        .locator('.measured-primary');
      expect(await cell.getAttribute('title')).toBeNull();
      await cell.hover();
      expect(await cell.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(
        '"data/raw/qwen3-8b/h100-latency/other-cases/baseline.log:14,18,7,3\\a This block does not print Mean Latency; computed from its lines as Mean TTFT + Mean TPOT × (output tokens / successful requests − 1)."',
      );
      // Said once, by the table, not in a title on each of its cells.
      expect(await page.locator('.comparison-table [title]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
