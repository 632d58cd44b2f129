// Issue 22, compare pages in Chromium at 390 and 1440 px: a compare page compares only what its
// guides share. GLM-4.x's three machines stand side by side on the case all three measured, each
// with a value (no "—" where a guide measured nothing); machines with different numbers of GPUs
// are compared per GPU; what one guide alone measured is named under the tables, not compared.
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe.each([390, 1440] as const)('compare pages at %i px', (width) => {
  const open = (path: string) => openAt(site, path, width);

  it('GLM-4.x: A100, H100 and H200 each have a value on ShareGPT, and no cell is empty', async () => {
    const page = await open('/en/compare/model/glm-4.x/');
    try {
      const table = page.locator('table.compare-cases');
      expect(await table.count()).toBe(1);
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('th')?.textContent?.trim(),
            tr.querySelector('.compare-value')?.textContent?.trim(),
            tr.querySelector('.delta')?.textContent?.trim(),
          ]),
        );
      expect(rows).toEqual([
        ['NVIDIA A100 × 8', '2824.82', '+1.3%'],
        ['NVIDIA H100 × 8', '3856.69', '+21.8%'],
        ['NVIDIA H200 × 8', '14162.68', '+134.8%'],
      ]);
      expect(await page.locator('main').innerText()).not.toContain('—');
      // Every value links back to the raw line that printed it.
      const sources = await table
        .locator('.compare-value')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-source')));
      expect(sources.every((s) => /^data\/raw\/glm-4\.x\/(a100|h100|h200)\/.+:\d+$/.test(s ?? ''))).toBe(true);
      // A compare page has no raw results: a tap on a value opens its line on the guide's own page.
      const value = table.locator('tr[data-guide="glm-4.x/h200"] .compare-value a');
      await (width < 800 ? value.tap() : value.click());
      await page.waitForURL(/\/en\/guides\/glm-4\.x\/h200\/#raw-\d+-\d+$/);
      const line = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`);
      expect(await line.isVisible()).toBe(true);
      // The line that printed it (the H200 guide scales its 4-GPU runs to the machine: 2 × 7081.34).
      expect(await line.textContent()).toMatch(/^Total Token throughput \(tok\/s\):\s+7081\.34/);
      await page.goBack();
      expect(await page.locator('.compare-not-compared').innerText()).toContain(
        'Measured by NVIDIA H200 × 8 alone, so not compared: Short prompt',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/compare-glm-4.x-${width}.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it('GPT-OSS-120B on A100 × 2 and H100 × 4: throughput per GPU first, then the whole machine', async () => {
    const page = await open('/en/compare/model/gpt-oss-120b/');
    try {
      const sharegpt = page.locator('table[data-case="case-sharegpt"]');
      expect(await sharegpt.locator('thead th').allTextContents()).toEqual([
        'Hardware',
        'Total TPS / GPU (tok/s)',
        'Total TPS (tok/s), whole machine',
        'Change vs. its baseline',
        'Mean TPOT (ms)',
      ]);
      const h100 = sharegpt.locator('tr[data-guide="gpt-oss-120b/h100"]');
      expect((await h100.locator('.compare-per-gpu').textContent())?.trim()).toBe('8021.10');
      expect((await h100.locator('.compare-value').textContent())?.trim()).toBe('32084.38');
      // On a phone each value sits on its label's line, in view.
      const box = await h100.locator('.compare-per-gpu').boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/compare-gpt-oss-120b-${width}.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it('zh H200: GLM-5.2’s interval-mean Total TPS is named, never set beside the others’ Total TPS', async () => {
    const page = await open('/zh/compare/hardware/nvidia-h200/');
    try {
      // GLM-5.2's GPUStack blocks print guidellm's interval mean: its ShareGPT is not in the table.
      const sharegpt = page.locator('table[data-case="case-sharegpt"]');
      expect(await sharegpt.locator('thead th').first().textContent()).toBe('模型');
      expect(await sharegpt.locator('thead th').nth(1).textContent()).toBe('总吞吐量（tok/s）');
      expect(await sharegpt.locator('tr[data-guide="glm-5.2/h200"]').count()).toBe(0);
      expect(await sharegpt.locator('tr[data-guide="glm-4.x/h200"]').count()).toBe(1);
      expect(await page.locator('.compare-not-compared').innerText()).toContain(
        'ShareGPT：GLM-5.2 · NVIDIA H200 × 8 以区间均值总吞吐量衡量，此处没有其他指南以同一指标衡量，因此不作对比。',
      );
      // Each summary gain says which figure it is of, as the page's guides are ranked by different ones.
      const glm52 = page.locator('table.compare-summary tr[data-guide="glm-5.2/h200"] .gain-metric');
      expect((await glm52.textContent())?.trim()).toBe('按区间均值总吞吐量');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/compare-h200-zh-${width}.png`, fullPage: true });
    } finally {
      await page.context().close();
    }
  });
});
