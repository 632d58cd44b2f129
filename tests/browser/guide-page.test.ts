// The built guide pages in a real browser: what a reader sees and can do. The conclusion table's
// screenshot is compared with its baseline (tests/helpers/screenshot.ts); no other is taken: the
// pages around it change with every guide added, and the assertions say what must hold.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseShellCommand } from '../../src/lib/serving/shell-words.ts';
import { showsNumber } from '../helpers/page-text.ts';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';
import { BASELINES, compareImages, expectScreenshot, mismatch } from '../helpers/screenshot.ts';

const site = previewAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
});

describe('GLM-5.2 / H200 guide in Chromium', () => {
  it('zh page shows the conclusion with green gains and red losses', async () => {
    await page.goto(`${site.preview.url}/zh/guides/glm-5.2/h200/`);
    expect(await page.title()).toContain('H200 上的 GLM-5.2 吞吐量优化');
    const balanced = page.locator('.comparison-table tr[data-case="balanced"] .measured-primary .delta');
    expect(await balanced.textContent()).toBe('(+219.70%)');
    expect(await balanced.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(144, 238, 144)');
    const sharegpt = page.locator('.comparison-table tr[data-case="sharegpt"] .measured-primary .delta');
    expect(await sharegpt.textContent()).toBe('(-52.90%)');
    expect(await sharegpt.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 214, 214)');
    // Its Mean TPOT rose from 149.24 to 331.21 ms: a latency that rose is a loss too, in the same red.
    const tpot = page.locator('.comparison-table tr[data-case="sharegpt"] .measured-secondary .delta');
    expect(await tpot.textContent()).toBe('(+121.93%)');
    expect(await tpot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 214, 214)');
    await expectScreenshot(site.browser, page.locator('.comparison-table'), 'zh-comparison-table-1280');
  });

  it('a screenshot comparison fails when the table looks different', async () => {
    const table = page.locator('.comparison-table');
    const baseline = readFileSync(join(BASELINES, 'zh-comparison-table-1280.png'));
    expect(mismatch(await compareImages(site.browser, baseline, await table.screenshot()))).toBeUndefined();
    // The gains' green a little darker: no text moved, only colour
    const style = await page.addStyleTag({
      content: '.comparison-table .delta { background-color: rgb(110, 200, 110) !important }',
    });
    expect(mismatch(await compareImages(site.browser, baseline, await table.screenshot()))).toMatch(
      /^\d+ of \d+ pixels differ/,
    );
    await style.evaluate((element) => (element as Element).remove());
    // One row taller: the size differs
    await page.addStyleTag({ content: '.comparison-table tr[data-case="sharegpt"] td { padding-bottom: 20px }' });
    expect(mismatch(await compareImages(site.browser, baseline, await table.screenshot()))).toMatch(/^size \d+×\d+ px/);
    await page.reload();
  });

  it('hovering a table number shows the raw line that printed it', async () => {
    const cell = page.locator('.comparison-table tr[data-case="balanced"] .measured-primary').first();
    // The cell names its file below the guide's raw folder, which the page names once; the hover shows both.
    expect(await cell.getAttribute('data-source')).toBe('engine/vllm.txt:11');
    await cell.hover();
    expect(await cell.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(
      '"data/raw/glm-5.2/h200/engine/vllm.txt:11"',
    );
  });

  it('raw results are collapsed until the reader opens one', async () => {
    const details = page.locator('[data-step="engine"] section.variant:has(#step-engine-vllm) details.raw-result');
    const raw = details.locator('pre');
    expect(await raw.isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await raw.isVisible()).toBe(true);
    expect(showsNumber((await raw.textContent()) ?? '', 'Total Token throughput (tok/s):          5481.90')).toBe(true);
  });

  it('the recommended command has a copy button that copies the command', async () => {
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.preview.url });
    const figure = page.locator('figure.copyable-command');
    const button = figure.locator('button.copy-command');
    expect(await button.textContent()).toBe('复制');
    await button.click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('--kv-cache-dtype=fp8_e4m3');
    expect(copied.startsWith('python3 -m sglang.launch_server')).toBe(true);
    expect(copied).toBe(await figure.locator('pre code').textContent());
    expect(await button.textContent()).toBe('已复制');
  });

  it('a command with quoted words: the copy button copies the text the page shows, which bash splits into the measured words', async () => {
    const other = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.preview.url });
    await other.goto(`${site.preview.url}/en/guides/qwen3.5-35b-a3b/h200-latency/`);
    const figure = other.locator('figure.copyable-command');
    await figure.locator('button.copy-command').click();
    const copied = await other.evaluate(() => navigator.clipboard.readText());
    const code = figure.locator('pre code');
    // Its lines are its own (`\` continuations): what the reader sees is what is copied.
    expect(copied).toBe(await code.textContent());
    expect(copied).toBe(await code.innerText());
    expect(copied).toContain(`--speculative-config='{"method":"mtp","num_speculative_tokens":1}' \\`);
    const guide = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../data/guides/qwen3.5-35b-a3b/h200-latency.json'), 'utf8'),
    ) as { recommended: { command: string } };
    const measured = parseShellCommand(guide.recommended.command).words.map((w) => w.value);
    // The copied text is clean to perflab's reading, so bash may split it: `set --` runs nothing.
    expect(parseShellCommand(copied).problems).toEqual([]);
    const split = execFileSync('bash', ['-r', '-c', 'eval "set -- $1"; printf "%s\\0" "$@"', '_', copied], {
      encoding: 'utf8',
    });
    expect(split.split('\0').slice(0, -1)).toEqual(measured);
    await other.close();
  });

  it('the language picker lands on the same guide in English', async () => {
    await page.locator('starlight-lang-select select').first().selectOption({ label: 'English' });
    await page.waitForURL('**/en/guides/glm-5.2/h200/');
    expect(await page.locator('h1').first().textContent()).toContain('GLM-5.2 Throughput Optimization on H200');
    expect(await page.locator('#conclusion').textContent()).toBe('Conclusion');
  });

  it('the page reads without JavaScript: chart, table and sentences are in the HTML', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${site.preview.url}/en/guides/glm-5.2/h200/`);
    // Both layouts are in the HTML; CSS shows the one that fits the figure.
    expect(await noJs.locator('figure.chart svg').count()).toBe(2);
    expect(await noJs.locator('figure.chart svg:visible').count()).toBe(1);
    expect(await noJs.locator('.step-summary').first().textContent()).toContain(
      'SGLang is faster by 1005.63 tok/s (18.34%)',
    );
    await noJs.locator('a[hreflang="zh-CN"]').click();
    expect(noJs.url()).toBe(`${site.preview.url}/zh/guides/glm-5.2/h200/`);
    await context.close();
  });

  it('a guide page fetches no script until the reader opens search', async () => {
    const fresh = await site.browser.newPage();
    const scripts: string[] = [];
    fresh.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await fresh.goto(`${site.preview.url}/en/guides/glm-5.2/h200/`, { waitUntil: 'networkidle' });
    await fresh.waitForTimeout(1000); // past requestIdleCallback, when Starlight used to fetch its search UI
    expect(scripts).toEqual([]);
    await fresh.locator('site-search button[data-open-modal]').click();
    await fresh.locator('site-search input').fill('DeepEP');
    await fresh.locator('site-search .pagefind-ui__result-link').first().waitFor({ timeout: 10_000 });
    expect(scripts).toContain('/pagefind/pagefind-ui.js');
    await fresh.close();
  });

  it('search finds the guides, in English and in Chinese', async () => {
    for (const [lang, query, expected] of [
      ['en', 'DeepEP', 'GLM-5.2 Throughput Optimization on H200'],
      ['zh', 'GLM-4.x', 'NVIDIA H200 GPUs 上的 GLM-4.x 吞吐量优化'],
      // A phrase only one guide has: every guide's title now says 吞吐量优化 or 延迟优化.
      ['zh', '内存占用比例', 'H200 上的 GLM-5.2 吞吐量优化'],
    ] as const) {
      await page.goto(`${site.preview.url}/${lang}/`);
      await page.locator('site-search button[data-open-modal]').click();
      await page.locator('site-search input').fill(query);
      const results = page.locator('site-search .pagefind-ui__result-link');
      await results.first().waitFor({ timeout: 10_000 });
      const titles = await results.allTextContents();
      expect(titles.join(' | ')).toContain(expected);
      const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(
        hrefs.every((href) => href.startsWith(`/${lang}/`)),
        hrefs.join(' '),
      ).toBe(true);
      await page.keyboard.press('Escape');
    }
  });

  it('the index lists the guide and links to it', async () => {
    await page.goto(`${site.preview.url}/`);
    await page.waitForURL('**/en/');
    await page.locator('table.guide-matrix a[href="/en/guides/glm-5.2/h200/"]').click();
    await page.waitForURL('**/en/guides/glm-5.2/h200/');
    await page.goto(`${site.preview.url}/zh/`);
    const row = async (guide: string) =>
      (await page.locator(`table.guide-matrix a[data-guide="${guide}"]`).textContent()) ?? '';
    expect(showsNumber(await row('glm-5.2/h200'), '+219.70%')).toBe(true);
    expect(showsNumber(await row('glm-4.x/h200'), '+134.8%')).toBe(true);
  });
});
