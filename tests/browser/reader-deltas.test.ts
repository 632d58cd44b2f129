// Issue 22, in Chromium at 390 and 1440 px: every metric shown beside a gain carries its own
// coloured, direction-aware change (a latency that rose is red, one that fell green) in the
// conclusion table, the step tables, the summary table and the compare pages, and the page says
// which way each metric is better; a step's table compares every run with where the step started
// and marks the configuration later steps build on, never a "winner" beside "not adopted".
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';
import { stepRow } from '../helpers/step-row.ts';

const site = previewAndBrowser();
const WIDTHS = [390, 1440] as const;

const open = (path: string, width: number) => reusedPage(site, path, { viewport: { width, height: 844 } });

/** Each coloured change inside `selector`: its text and whether it is drawn as better or worse. */
function deltas(
  scope: Page | Locator,
  selector: string,
): Promise<{ text: string; up: boolean; down: boolean; visible: boolean }[]> {
  return scope.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        text: node.textContent?.trim() ?? '',
        up: node.classList.contains('delta-up'),
        down: node.classList.contains('delta-down'),
        visible: box.width > 0 && box.height > 0,
      };
    }),
  );
}

describe.each(WIDTHS)('at %i px', (width) => {
  it('GLM-5.2 conclusion: ShareGPT’s Mean TPOT 149.24 → 331.21 ms is +121.93%, red; Balanced’s −65.75%, green', async () => {
    const page = await open('/en/guides/glm-5.2/h200/', width);
    const secondary = (id: string) => deltas(page, `tr[data-case="${id}"] .measured-secondary .delta`);
    expect(await secondary('sharegpt')).toEqual([{ text: '(+121.93%)', up: false, down: true, visible: true }]);
    expect(await secondary('balanced')).toEqual([{ text: '(-65.75%)', up: true, down: false, visible: true }]);
    // The primary keeps its own change; the baseline column compares with nothing.
    expect(await deltas(page, 'tr[data-case="sharegpt"] td:not(.first-on-phone) .delta')).toEqual([]);
    const legend = await page.locator('.comparison-table + .direction-legend').textContent();
    // GLM-5.2's blocks are GPUStack's: its Total TPS is guidellm's interval mean, named so.
    expect(legend).toBe(
      'Green is better, red is worse: higher Interval-mean Total TPS is better, lower Mean TPOT is better.',
    );
    // The background of a worse change is not that of a better one.
    const colours = await page
      .locator(
        'tr[data-case="sharegpt"] .measured-secondary .delta, tr[data-case="balanced"] .measured-secondary .delta',
      )
      .evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).backgroundColor));
    expect(new Set(colours).size).toBe(2);
  });

  it('a latency guide: its TTFT and TPOT changes in every comparison row, with the same colours', async () => {
    const page = await open('/zh/guides/qwen3-8b/h100-latency/', width);
    const rows = await page.locator('.comparison-table tbody tr').count();
    const secondary = await deltas(page, '.comparison-table .measured-secondary .delta');
    // Each case's optimized cell carries a change for both TTFT and TPOT, each up or down.
    expect(secondary).toHaveLength(rows * 2);
    for (const d of secondary) {
      expect(d.visible).toBe(true);
      expect(d.text).toMatch(/^\(\d+\.\d\dx (更快|更慢)\)$|^\(1\.00x\)$/);
      if (d.text !== '(1.00x)') expect(d.up !== d.down).toBe(true);
      if (d.text.includes('更慢')) expect(d.down).toBe(true);
    }
    expect(await page.locator('.direction-legend').first().textContent()).toContain('越低越好');
  });

  it('GLM-5.2 parallel step: +8.07% over TP, where it started, the adopted row marked; the summary keeps +10.04% over the worst run', async () => {
    const page = await open('/en/guides/glm-5.2/h200/', width);
    const step = page.locator('[data-step="parallel"]');
    const table = step.locator('table.step-results');
    const row = (label: string) => stepRow(table, label);
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Configuration',
      'Interval-mean Total TPS (tok/s)',
      'vs start of step',
      'Mean TPOT (ms)',
    ]);
    expect(await row('TP').innerText()).toContain('start of this step');
    expect(await deltas(row('TP + DP + DP-Attention'), '.delta')).toEqual([
      { text: '+8.07%', up: true, down: false, visible: true },
      // Mean TPOT 497.48 against 540.79 ms
      { text: '-8.01%', up: true, down: false, visible: true },
    ]);
    expect(await row('TP + DP + DP-Attention').locator('.winner-badge').textContent()).toBe('adopted');
    expect(await table.locator('.winner-badge').count()).toBe(1);
    expect(await step.locator('.step-outcome').textContent()).toBe(
      'Adopted: later steps build on TP + DP + DP-Attention (+8.07% against TP, where this step started).',
    );
    expect(await step.locator('.step-summary').textContent()).toContain('(10.04%)');
  });

  it('a step not adopted marks where it started as kept: no "winner" beside "not adopted"', async () => {
    const page = await open('/en/guides/qwen3.5-35b-a3b/h200-latency/', width);
    for (const id of ['engine', 'cuda-graph', 'max-batched-tokens']) {
      const step = page.locator(`[data-step="${id}"]`);
      expect(await step.locator('.step-outcome').textContent()).toMatch(/^Not adopted/);
      expect(await step.locator('.winner-badge').allTextContents()).toEqual(['kept']);
      expect(await step.locator('.winner-badge').evaluate((b) => b.getClientRects().length)).toBe(1);
    }
    // The engine step started from the baseline, vLLM: SGLang is 4.73x slower, red.
    expect(
      await deltas(
        stepRow(page.locator('[data-step="engine"] table.step-results'), 'SGLang'),
        'td:nth-child(3) .delta',
      ),
    ).toEqual([{ text: '4.73x slower', up: false, down: true, visible: true }]);
    // The tie the author broke reads as one, not "faster by 0.00 s".
    const summary = await page.locator('[data-step="max-batched-tokens"] .step-summary').textContent();
    expect(summary).toContain('the same at the precision shown (a difference of 0.00 s)');
    expect(summary).not.toContain('faster by');
  });

  it('the hardware compare page shows each guide’s Mean TPOT and its change beside the gain', async () => {
    const page = await open('/en/compare/hardware/nvidia-h200/', width);
    // GLM-4.x on the short prompt: Mean TPOT 351.08 → 800.25 ms, a latency that rose: red.
    const cell = page.locator('table[data-case="case-short-prompt"] tr[data-guide="glm-4.x/h200"] .compare-secondary');
    expect((await cell.textContent())?.replace(/\s+/g, ' ').trim()).toBe('800.25 +127.8%');
    expect(
      await deltas(
        page,
        'table[data-case="case-short-prompt"] tr[data-guide="glm-4.x/h200"] .compare-secondary .delta',
      ),
    ).toEqual([{ text: '+127.8%', up: false, down: true, visible: true }]);
    // Every such change is coloured, but one that reads as none (a latency guide's "1.00x").
    const uncoloured = (await deltas(page, 'table.compare-cases .compare-secondary .delta')).filter(
      (d) => !d.up && !d.down,
    );
    expect(uncoloured.map((d) => d.text)).toEqual(uncoloured.map(() => '1.00x'));
    expect(
      await page.locator('.table-scroll:has(table[data-case="case-short-prompt"]) + .direction-legend').textContent(),
    ).toContain('lower Mean TPOT is better');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  });
});

describe.each(WIDTHS)('the chart at %i px', (width) => {
  it.each([
    ['/en/guides/glm-5.2/h200/', '17525.76 (+219.70%)', 'higher is better'],
    ['/zh/guides/glm-5.2/h200/', '2845.48 (-52.90%)', '越高越好'],
    ['/en/guides/qwen3-8b/h100-latency/', '0.62 (2.67x faster)', 'lower is better'],
    ['/zh/guides/qwen3.5-35b-a3b/h200-latency/', '(2.74x 更快)', '越低越好'],
  ])(
    '%s: each optimized bar shows its change, the axis which way is better, every text inside',
    async (path, change, way) => {
      const page = await open(path, width);
      // The headline chart (a latency guide's sweep has a chart of its own, tested with the sweep).
      const headline = 'figure.chart:not(.sweep-chart)';
      const chart = page.locator(`${headline} ${width === 1440 ? '.chart-wide svg' : '.chart-narrow svg'}`);
      const texts = await chart.locator('text').evaluateAll((nodes) => {
        const svg = nodes[0]?.closest('svg')?.getBoundingClientRect();
        return nodes.map((n) => {
          const box = n.getBoundingClientRect();
          return {
            text: n.textContent ?? '',
            inside: !!svg && box.left >= svg.left - 1 && box.right <= svg.right + 1,
          };
        });
      });
      expect(texts.map((t) => t.text).join('\n')).toContain(change);
      expect(texts.some((t) => t.text.includes(way))).toBe(true);
      expect(texts.filter((t) => !t.inside).map((t) => t.text)).toEqual([]);
    },
  );
});
