// Issue 22, the index in Chromium at 390 and 1440 px: one model × machine matrix with every guide
// once (the list that repeated it is gone), a phone scrolls a few screens, not fifteen; the
// filters (objective, engine, machine, model family) are the URL's query string, so a filtered
// view reloads and shares as it is; without JavaScript the form is hidden and the matrix whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatFixed } from '../../src/lib/format/number.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { committedGuideIds, repoRoot } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();
const GUIDES = 21;

/**
 * What each index cell shows beside its change (issue 36), from data/guides: the recommended side
 * of the first case, its throughput over the accelerators it ran on, or its latency in seconds.
 */
const figures = Object.fromEntries(
  committedGuideIds().map((id) => {
    const guide = JSON.parse(readFileSync(join(repoRoot, `data/guides/${id}.json`), 'utf8')) as ComputedGuide;
    const measured = guide.comparison[0]!.optimized.measured;
    const accelerator = guide.hardware.accelerator.toUpperCase();
    return [
      id,
      guide.objective === 'throughput'
        ? `${formatFixed(measured.primary.value / measured.gpus, 0)} tok/s/${accelerator}`
        : `${formatFixed(measured.primary.value / 1000, 2)} s`,
    ];
  }),
);

/** The guides the matrix shows: each link a reader can see. */
const shownGuides = (page: Page) =>
  page
    .locator('table.guide-matrix a[data-guide]')
    .evaluateAll((links) =>
      links.filter((a) => a.getBoundingClientRect().height > 0).map((a) => a.getAttribute('data-guide') ?? ''),
    );

describe.each([390, 1440] as const)('the index at %i px', (width) => {
  // The filters are applied by a script inlined in the page, run before its load event. Only the
  // check that no script file is fetched waits for the network to stay idle (500 ms) after it.
  const open = async (path: string, javaScriptEnabled = true, waitUntil: 'load' | 'networkidle' = 'load') => {
    const context = await site.browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${site.preview.url}${path}`, { waitUntil });
    return { page, scripts };
  };

  it('one matrix, every guide once, a few screens tall; no script file fetched', async () => {
    const { page, scripts } = await open('/en/', true, 'networkidle');
    try {
      const guides = await shownGuides(page);
      expect(guides.length).toBe(GUIDES);
      expect(new Set(guides).size).toBe(GUIDES);
      expect(await page.locator('main table').count()).toBe(1);
      expect(await page.locator('.guide-filters').isVisible()).toBe(true);
      expect(await page.locator('.guide-filters-count').textContent()).toBe(`Showing ${GUIDES} of ${GUIDES} guides`);
      const [height, scrollWidth] = await page.evaluate(() => [
        document.documentElement.scrollHeight,
        document.documentElement.scrollWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      // Was 12,882 px at 390 (15 screens) and 6,680 px at 1440; each cell now names the case of its
      // gain too (2,123 px at 1440), and which Total TPS it is of (2,200 px: GPUStack's interval mean).
      // With the measured figure beside each change (issue 36): 4,095 px at 390, 2,165 at 1440.
      expect(height).toBeLessThan(width === 390 ? 5 * 844 : 2.7 * 844);
      expect(scripts).toEqual([]);
      await page.screenshot({ path: `test-results/index-en-${width}.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it.each(['en', 'zh'] as const)(
    '%s: each cell shows the measured figure beside its change, on the screen',
    async (lang) => {
      const { page } = await open(`/${lang}/`);
      try {
        const shown = await page.locator('table.guide-matrix a[data-guide]').evaluateAll((links) =>
          links.map((a) => {
            const figure = a.querySelector('.guide-cell-figure');
            const box = figure?.getBoundingClientRect();
            return [
              a.getAttribute('data-guide'),
              figure?.textContent,
              (box?.height ?? 0) > 0 && box!.right <= innerWidth,
            ];
          }),
        );
        expect(shown).toHaveLength(GUIDES);
        expect(Object.fromEntries(shown.map(([id, text]) => [id, text]))).toEqual(figures);
        expect(shown.filter(([, , visible]) => !visible)).toEqual([]);
        // Spot values, so the expectation above is not the page's own arithmetic read back.
        expect(figures['glm-5.2/h200']).toBe('2191 tok/s/GPU');
        expect(figures['qwen3-8b/h100-latency']).toBe('0.62 s');
        await page.screenshot({ path: `test-results/index-figures-${lang}-${width}.png`, fullPage: true });
      } finally {
        await page.context().close();
      }
    },
  );

  it('a filter chosen is in the URL; the URL reloads to the same view; "Show all" clears both', async () => {
    const { page } = await open('/en/');
    try {
      await page.locator('select[name="objective"]').selectOption('latency');
      await page.waitForURL('**/en/?objective=latency');
      expect((await shownGuides(page)).sort()).toEqual(['qwen3-8b/h100-latency', 'qwen3.5-35b-a3b/h200-latency']);
      expect(await page.locator('.guide-filters-count').textContent()).toBe(`Showing 2 of ${GUIDES} guides`);
      await page.locator('select[name="engine"]').selectOption('vllm');
      await page.waitForURL('**/en/?objective=latency&engine=vllm');
      expect(await shownGuides(page)).toEqual(['qwen3.5-35b-a3b/h200-latency']);
      // Machines and families without a guide left are not shown at all.
      if (width === 1440)
        expect(await page.locator('table.guide-matrix thead th:visible').allTextContents()).toEqual([
          'Model',
          'NVIDIA H200Compare',
        ]);
      expect(await page.locator('table.guide-matrix tbody tr:visible').count()).toBe(1);
      await page.reload();
      expect(await page.locator('select[name="objective"]').inputValue()).toBe('latency');
      expect(await page.locator('select[name="engine"]').inputValue()).toBe('vllm');
      expect(await shownGuides(page)).toEqual(['qwen3.5-35b-a3b/h200-latency']);
      await page.locator('.guide-filters button[type="reset"]').click();
      await page.waitForURL((url) => url.search === '');
      expect((await shownGuides(page)).length).toBe(GUIDES);
    } finally {
      await page.context().close();
    }
  });

  it('zh: a shared link with filters opens filtered; a combination with no guide says so', async () => {
    const { page } = await open('/zh/?engine=sglang&accelerator=nvidia-h100');
    try {
      expect(await page.locator('select[name="engine"]').inputValue()).toBe('sglang');
      const links = page.locator('table.guide-matrix a[data-guide]:visible');
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) {
        expect(await link.getAttribute('data-engine')).toBe('sglang');
        expect(await link.getAttribute('data-accelerator')).toBe('nvidia-h100');
      }
      expect(await page.locator('.guide-filters-none').isVisible()).toBe(false);
      await page.locator('select[name="family"]').selectOption('glm-5.2');
      expect(await shownGuides(page)).toEqual([]);
      expect(await page.locator('.guide-filters-none').textContent()).toBe('没有符合这些筛选条件的指南。');
      if (width === 390) await page.screenshot({ path: 'test-results/index-zh-390-filtered.png', fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it('without JavaScript the matrix is whole and the filters, which would do nothing, are hidden', async () => {
    const { page } = await open('/en/?objective=latency', false);
    try {
      expect(await page.locator('.guide-filters').isVisible()).toBe(false);
      expect((await shownGuides(page)).length).toBe(GUIDES);
    } finally {
      await page.context().close();
    }
  });
});
