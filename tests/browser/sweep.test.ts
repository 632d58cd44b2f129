// Issue 22, a sweep in Chromium at 390 and 1440 px: a latency guide that measured one workload at
// several request rates or concurrency caps draws throughput against latency for the baseline and
// the recommended configuration, with its text readable, beside a table of the same numbers each
// naming its raw line; the zh page's chart and table speak Chinese. Issue 36: beside it the
// operating points, output tok/s per GPU against tok/s per user, the answer's point ringed, the
// table carrying each point's per-user figure (side by side at 1440, one under the other at 390).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe.each([390, 1440] as const)('the sweep at %i px', (width) => {
  const open = (path: string) => openAt(site, path, width);

  it('qwen3.5-35b-a3b: throughput against latency at four request rates, drawn and tabled', async () => {
    const page = await open('/en/guides/qwen3.5-35b-a3b/h200-latency/');
    try {
      const figure = page.locator('figure.sweep-chart');
      const boxes = [];
      for (const svg of [figure.locator('svg'), page.locator('figure.operating-chart svg')]) {
        expect(await svg.isVisible()).toBe(true);
        const box = await svg.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
        boxes.push(box!);
        // Chart text at least 10 px as drawn.
        const sizes = await svg.evaluate((el) => {
          const scale = el.getBoundingClientRect().width / (el as SVGSVGElement).viewBox.baseVal.width;
          return [...el.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        });
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
        // Every text inside the chart, the rotated axis titles too.
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
      }
      // Side by side at a desk, one under the other on a phone.
      const [latencyBox, operatingBox] = boxes;
      if (width === 1440) expect(operatingBox!.y).toBeLessThan(latencyBox!.y + latencyBox!.height);
      else expect(operatingBox!.y).toBeGreaterThan(latencyBox!.y + latencyBox!.height);
      const rows = await page
        .locator('table.sweep-table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())));
      // Output throughput is each block's "Total generated tokens: 281412" over its "Benchmark
      // duration (s)" (1000.76, 1000.01, 254.48, …): its own "Output token throughput" line is
      // guidellm's interval mean, another figure. Per user is 1000 over the decode time per token
      // the block's latency and TTFT give, (Mean Latency − Mean TTFT) / (tokens a request − 1): its
      // "Mean TPOT (ms)" line (1.06, 0.89, …) is guidellm's, which stops at the last token guidellm
      // recorded (compute/decision-yield.ts, decodeTpot), so not 1000 / 1.06 = 943.40.
      expect(rows).toEqual([
        ['1', '281.20', '1.85', '155.44', '281.41', '1.50', '195.62'],
        ['4', '1105.83', '3.30', '88.35', '1111.99', '2.52', '122.01'],
        ['8', '2127.88', '5.32', '53.40', '2178.28', '3.28', '92.95'],
        ['16', '3484.12', '18.59', '15.27', '4041.53', '6.79', '42.23'],
      ]);
      // The same figures as the guide's decision (data/guides), the first screen's per-user figure among them.
      const guide = JSON.parse(readFileSync('data/guides/qwen3.5-35b-a3b/h200-latency.json', 'utf8'));
      const perUser = (runId: string) =>
        guide.decision.workloads
          .flatMap((w: { points: { runId: string; yield?: { perUser?: number } }[] }) => w.points)
          .find((p: { runId: string }) => p.runId === runId)?.yield?.perUser as number;
      expect(rows.map((r) => r[3])).toEqual(
        ['1', '4', '8', '16'].map((rate) => perUser(`cases/rate-${rate}/baseline`).toFixed(2)),
      );
      expect(rows.map((r) => r[6])).toEqual(
        ['1', '4', '8', '16'].map((rate) => perUser(`cases/rate-${rate}/optimized`).toFixed(2)),
      );
      const sources = await page
        .locator('table.sweep-table [data-source]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-source') ?? ''));
      expect(sources.length).toBe(24);
      // The per-user figure names the lines it is computed from: Mean Latency, Mean TTFT, Total
      // generated tokens, Successful requests.
      expect(sources[2]).toBe('cases/rate-1/baseline.txt:13,18,6,2');
      expect(await page.locator('figure.operating-chart figcaption').textContent()).toContain(
        'Ringed: the point the answer quotes, optimized at 1 req/s.',
      );
      // A computed value names every line it comes from (the totals, then the duration).
      expect(sources.every((s) => /^cases\/rate-\d+\/(baseline|optimized)\.txt:\d+(,\d+)*$/.test(s))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('.sweep-charts').screenshot({ path: `test-results/sweep-qwen3.5-${width}.png` });
    } finally {
      await page.context().close();
    }
  });

  it('qwen3-8b zh: by concurrency, axis and headings in Chinese', async () => {
    const page = await open('/zh/guides/qwen3-8b/h100-latency/');
    try {
      expect(await page.locator('section.sweep h3').textContent()).toBe('吞吐量与延迟（按并发数）');
      const texts = await page.locator('figure.sweep-chart svg text').allTextContents();
      expect(texts).toContain('输出吞吐量（tok/s），越高越好');
      expect(texts).toContain('平均延迟（s），越低越好');
      const operating = await page.locator('figure.operating-chart svg text').allTextContents();
      expect(operating).toContain('每 GPU 输出 tok/s，越高越好');
      expect(operating).toContain('单用户输出 tok/s，越高越好');
      expect(await page.locator('figure.operating-chart figcaption').textContent()).toContain(
        '带圈的点即结论引用的点：优化后配置在并发数 1 时的结果。',
      );
      expect(await page.locator('table.sweep-table thead').innerText()).toContain('单用户输出 tok/s');
      expect(await page.locator('table.sweep-table thead').innerText()).toContain('并发数');
      if (width === 390)
        await page.locator('section.sweep').screenshot({ path: 'test-results/sweep-qwen3-8b-zh-390.png' });
    } finally {
      await page.context().close();
    }
  });
});
