// Issue 36, in Chromium at 390 and 1440 px: on GLM-5.2 / H200 the decision states ShareGPT's loss
// in words and the price in Chinese, and a tap opens the price's basis and date. That every guide
// page, en and zh, shows the decision before its first table with the values data/guides/<guide>.json
// holds is checked during every-guide-page.test's walk, which loads each page once per width
// (this file loaded all 84 a second time, with the same viewports).
import { describe, expect, it } from 'vitest';
import { decisionShown } from '../helpers/decision-facts.ts';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

/** The file's tab for the width (a phone below 800 px), at `path`. */
function open(path: string, width: number) {
  const phone = width < 800;
  return reusedPage(site, path, { viewport: { width, height: 844 }, isMobile: phone, hasTouch: phone });
}

describe.each([390, 1440] as const)('at %i px', (width) => {
  it('GLM-5.2 / H200: ShareGPT’s loss in words, and the price’s basis a tap away', async () => {
    const en = await decisionShown(await open('/en/guides/glm-5.2/h200/', width));
    expect(en.facts['workloads']).toBe(
      'On ShareGPT the baseline (vLLM) is better: Total TPS -52.90% for the recommendation, beyond noise. 1 more within noise.',
    );
    const zh = await decisionShown(await open('/zh/guides/glm-5.2/h200/', width));
    expect(zh.facts['cost']).toBe('按每 GPU 小时 $2.50 计，每百万 token（输入加输出）$0.32，每百万输出 token $2.93');
    const page = await open('/en/guides/glm-5.2/h200/', width);
    const price = page.locator('.decision details [data-group="cost"] li').first();
    expect(await price.isVisible()).toBe(false);
    const summary = page.locator('.decision details > summary');
    if (width < 800) await summary.tap();
    else await summary.click();
    expect(await price.isVisible()).toBe(true);
    expect(await price.textContent()).toMatch(/^\$2\.50 per GPU-hour for NVIDIA H200, stated 2026-12-07: /);
  });
});
