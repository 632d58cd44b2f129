// Issue 22, a sweep in Chromium at 390 and 1440 px: a latency guide that measured one workload at
// several request rates or concurrency caps draws throughput against latency for the baseline and
// the recommended configuration, in the layout that fits, with its text readable, beside a table
// of the same numbers each naming its raw line; the zh page's chart and table speak Chinese.
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe.each([390, 1440] as const)('the sweep at %i px', (width) => {
  const open = (path: string) => openAt(site, path, width);

  it('qwen3.5-35b-a3b: throughput against latency at four request rates, drawn and tabled', async () => {
    const page = await open('/en/guides/qwen3.5-35b-a3b/h200-latency/');
    try {
      const figure = page.locator('figure.sweep-chart');
      const svg = figure.locator(width === 390 ? '.chart-narrow svg' : '.chart-wide svg');
      expect(await svg.isVisible()).toBe(true);
      const box = await svg.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      // Chart text at least 10 px as drawn.
      const sizes = await svg.evaluate((el) => {
        const scale = el.getBoundingClientRect().width / (el as SVGSVGElement).viewBox.baseVal.width;
        return [...el.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
      });
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
      // Every text inside the chart, the rotated latency axis title too.
      const outside = await svg.evaluate((el) => {
        const frame = el.getBoundingClientRect();
        return [...el.querySelectorAll('text')]
          .filter((t) => {
            const box = t.getBoundingClientRect();
            return (
              box.left < frame.left - 1 ||
              box.right > frame.right + 1 ||
              box.top < frame.top - 1 ||
              box.bottom > frame.bottom + 1
            );
          })
          .map((t) => t.textContent);
      });
      expect(outside).toEqual([]);
      const rows = await page
        .locator('table.sweep-table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())));
      // Output throughput is each block's "Total generated tokens: 281412" over its "Benchmark
      // duration (s)" (1000.76, 1000.01, 254.48, …): its own "Output token throughput" line is
      // guidellm's interval mean, another figure.
      expect(rows).toEqual([
        ['1', '281.20', '1.85', '281.41', '1.50'],
        ['4', '1105.83', '3.30', '1111.99', '2.52'],
        ['8', '2127.88', '5.32', '2178.28', '3.28'],
        ['16', '3484.12', '18.59', '4041.53', '6.79'],
      ]);
      const sources = await page
        .locator('table.sweep-table [data-source]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-source') ?? ''));
      expect(sources.length).toBe(16);
      // A computed value names every line it comes from (the totals, then the duration).
      expect(sources.every((s) => /^cases\/rate-\d+\/(baseline|optimized)\.txt:\d+(,\d+)*$/.test(s))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await figure.screenshot({ path: `test-results/sweep-qwen3.5-${width}.png` });
    } finally {
      await page.context().close();
    }
  });

  it('qwen3-8b zh: by concurrency, axis and headings in Chinese', async () => {
    const page = await open('/zh/guides/qwen3-8b/h100-latency/');
    try {
      expect(await page.locator('section.sweep h3').textContent()).toBe('吞吐量与延迟（按并发数）');
      const texts = await page
        .locator(`figure.sweep-chart ${width === 390 ? '.chart-narrow' : '.chart-wide'} svg text`)
        .allTextContents();
      expect(texts).toContain('输出吞吐量（tok/s），越高越好');
      expect(texts).toContain('平均延迟（s），越低越好');
      expect(await page.locator('table.sweep-table thead').innerText()).toContain('并发数');
      if (width === 390)
        await page.locator('section.sweep').screenshot({ path: 'test-results/sweep-qwen3-8b-zh-390.png' });
    } finally {
      await page.context().close();
    }
  });
});
