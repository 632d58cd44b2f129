// Issue 22, in Chromium at 390 and 1440 px: a zh guide page says in Chinese what perflab writes
// around the tools' tokens: profile names, a variant the seed called "default", column heads and
// the chart's axis; perflab's own sentences take full-width punctuation while the seed's keep
// theirs; no double gap after a full-width colon; the adopted badge stays on one line.
import { describe, expect, it } from 'vitest';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe.each([390, 1440] as const)('at %i px', (width) => {
  const open = async (path: string) => {
    const context = await site.browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.preview.url}${path}`);
    return page;
  };

  it('GLM-5.2 zh: Chinese heads, profile and variant names, axis; the seed’s sentence around them', async () => {
    const page = await open('/zh/guides/glm-5.2/h200/');
    try {
      expect(await page.locator('[data-step="parallel"] table.step-results thead th').allTextContents()).toEqual([
        '配置',
        '区间均值总吞吐量（tok/s）',
        '相对起始配置',
        '平均 TPOT（ms）',
      ]);
      // What a reader reads, code and raw logs aside.
      const prose = await page.evaluate(() => {
        const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
        for (const e of main.querySelectorAll('pre, code, details, svg, .sr-only')) e.remove();
        return main.innerText;
      });
      expect(prose).toContain('测试配置：均衡');
      expect(prose).not.toMatch(/\bBalanced\b|\bdefault\b/);
      expect(prose).toContain('均衡：8K 输入');
      expect(prose).not.toContain('： ');
      // The seed's summary sentence, its punctuation and wording kept, names 默认.
      expect(await page.locator('[data-step="chunked-prefill"] .step-summary').textContent()).toContain(
        '默认 Total TPS = 13760.98, 8K Total TPS = 13758.60. 默认 性能更优，差值为 2.38 tok/s (0.02%);',
      );
      const axis = await page
        .locator(width === 1440 ? '.chart-wide svg text' : '.chart-narrow svg text')
        .allTextContents();
      expect(axis).toContain('区间均值总吞吐量（tok/s），越高越好');
      // The adopted badge is one box on one line.
      const badges = await page
        .locator('table.step-results .winner-badge')
        .evaluateAll((nodes) => nodes.map((n) => [n.textContent, n.getClientRects().length]));
      expect(badges.length).toBeGreaterThan(3);
      for (const [text, boxes] of badges) expect([text, boxes]).toEqual([expect.stringMatching(/^(采用|沿用)$/), 1]);
    } finally {
      await page.context().close();
    }
  });

  it('a zh latency guide: perflab’s own summary sentences take full-width punctuation', async () => {
    const page = await open('/zh/guides/qwen3.5-35b-a3b/h200-latency/');
    try {
      const summaries = await page.locator('.step-summary').allTextContents();
      expect(summaries.length).toBeGreaterThan(1);
      for (const text of summaries) {
        const sentence = text.replace(/^\s*汇总：/, '').trim();
        // Between Chinese and the numbers: ，；。（） — no ASCII , ; . ( ) but inside numbers.
        expect(sentence.replace(/\d\.\d/g, '')).not.toMatch(/[,;()]|\.(?!\d)/);
        expect(sentence).toMatch(/。$/);
      }
      expect(await page.locator('.direction-legend').first().textContent()).toBe(
        '绿色表示更好，红色表示更差：平均延迟：越低越好，平均 TTFT：越低越好，平均 TPOT：越低越好。',
      );
    } finally {
      await page.context().close();
    }
  });
});
