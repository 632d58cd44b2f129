// The reader on a phone (390 px) and at a desk (1440 px), in light and dark: both seed guides in
// both languages and a compare page. Nothing wider than the screen but focusable scroll regions,
// chart text at least 10 px as drawn, no serious or critical axe violation, every delta in view
// without scrolling sideways. The chart and two step tables are compared with their baselines at
// both widths and in both themes (tests/helpers/screenshot.ts). Whole pages are not photographed:
// their sidebar and index change with every guide added, and at 390 px an element taller than the
// screen is drawn with the sticky header across it, so such a baseline would fail for no reason.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { showsNumber } from '../helpers/page-text.ts';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';
import { stepRow } from '../helpers/step-row.ts';
import { expectScreenshot } from '../helpers/screenshot.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const site = previewAndBrowser();

const WIDTHS = [390, 1440] as const;
const THEMES = ['light', 'dark'] as const;

/** The file's tab for the width and theme (reusedPage), at `path`: do not close it. */
function open(path: string, width: number, theme: 'light' | 'dark'): Promise<Page> {
  return reusedPage(site, path, { viewport: { width, height: 900 }, colorScheme: theme });
}

/** Elements that reach past the right edge of the viewport and are not inside a focusable scroll region. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let clipped = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.position === 'fixed' && up.getBoundingClientRect().right <= width + 1) clipped = true;
        if (!['visible'].includes(style.overflowX)) {
          const scrolls = ['auto', 'scroll'].includes(style.overflowX) && up.scrollWidth > up.clientWidth;
          // A region that scrolls must be reachable by keyboard; one that clips hides nothing a reader needs.
          if (up.getBoundingClientRect().right <= width + 1 && (!scrolls || up.tabIndex >= 0)) clipped = true;
          break;
        }
      }
      // Hidden from everyone (Starlight's collapsed right sidebar below its breakpoint).
      if (!clipped && getComputedStyle(element).visibility !== 'hidden')
        found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} → ${Math.round(box.right)}px`);
    }
    return found.slice(0, 10);
  });
}

/** Each visible chart text's font size as drawn (its SVG size times the SVG's scale on the page). */
function chartTextSizes(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<SVGSVGElement>('figure.chart svg')]
      .filter((svg) => svg.getBoundingClientRect().width > 0)
      .flatMap((svg) => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
      }),
  );
}

/** Deltas (coloured changes) a reader cannot see without scrolling sideways. */
function hiddenDeltas(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return (
      [...document.querySelectorAll('main .delta')]
        .filter((delta) => delta.closest('details:not([open])') === null)
        // A guide the index's filters leave out is hidden on purpose.
        .filter((delta) => delta.closest('[hidden]') === null)
        .filter((delta) => {
          const box = delta.getBoundingClientRect();
          return box.width === 0 || box.right > width || box.left < 0;
        })
        .map((delta) => delta.textContent ?? '')
    );
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run({ resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const PAGES = [
  { name: 'glm-5.2 en', path: '/en/guides/glm-5.2/h200/' },
  { name: 'glm-5.2 zh', path: '/zh/guides/glm-5.2/h200/' },
  { name: 'glm-4.x en', path: '/en/guides/glm-4.x/h200/' },
  { name: 'glm-4.x zh', path: '/zh/guides/glm-4.x/h200/' },
  { name: 'compare glm-4.x en', path: '/en/compare/model/glm-4.x/' },
  { name: 'compare h200 zh', path: '/zh/compare/hardware/nvidia-h200/' },
  { name: 'index zh', path: '/zh/' },
  { name: 'index en, latency guides', path: '/en/?objective=latency' },
  { name: 'compare gpt-oss-120b en', path: '/en/compare/model/gpt-oss-120b/' },
  { name: 'qwen3.5-35b latency zh (a sweep)', path: '/zh/guides/qwen3.5-35b-a3b/h200-latency/' },
];

describe.each(PAGES)('$name', ({ path }) => {
  for (const width of WIDTHS)
    for (const theme of THEMES)
      it(`${width} px, ${theme}: fits the screen, charts readable, deltas in view, no serious axe violation`, async () => {
        const page = await open(path, width, theme);
        expect(await overflowing(page)).toEqual([]);
        for (const size of await chartTextSizes(page)) expect(size).toBeGreaterThanOrEqual(10);
        expect(await hiddenDeltas(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
});

describe('the before/after chart looks as it did', () => {
  for (const [path, width, theme, name] of [
    ['/zh/guides/glm-5.2/h200/', 390, 'light', 'chart-glm-5.2-zh-390-light'],
    ['/en/guides/glm-5.2/h200/', 1440, 'dark', 'chart-glm-5.2-en-1440-dark'],
  ] as const)
    it(`${name}: the ${width === 390 ? 'narrow' : 'wide'} layout`, async () => {
      const page = await open(path, width, theme);
      await expectScreenshot(site.browser, page.locator('figure.chart'), name);
    });
});

describe('step results tables', () => {
  it('GLM-5.2: every max-running variant with its throughput and TPOT, each changed against where the step started, the adopted one marked', async () => {
    const page = await open('/en/guides/glm-5.2/h200/', 390, 'light');
    const table = page.locator('[data-step="max-running"] table.step-results');
    const row = (label: string) => stepRow(table, label);
    expect((await row('max-running 512').innerText()).replace(/\s+/g, ' ')).toBe(
      'max-running 512 14251.08 +3.56% 259.25 -2.86%',
    );
    expect(await row('0.85 (Memory Fraction)').innerText()).toContain('start of this step');
    expect(await row('max-running 256').locator('.winner-badge').textContent()).toBe('adopted');
    expect(await table.locator('.bar').count()).toBe(4);
    await expectScreenshot(site.browser, table, 'step-results-max-running-390-light');
  });

  it('GLM-4.x: an unsupported engine reads "Not supported"; one-line commands show one flag a line', async () => {
    const page = await open('/zh/guides/glm-4.x/h200/', 1440, 'dark');
    const engine = page.locator('[data-step="engine"] table.step-results');
    expect(await engine.locator('tr', { hasText: 'TensorRT-LLM' }).innerText()).toContain('不支持');
    // A command measured on one line is shown one flag a line, and the breaks are the text's own.
    expect(await page.locator('figure.copyable-command code').textContent()).toBe(
      [
        'python3 -m sglang.launch_server \\',
        '    --model zai-org/GLM-4.6-FP8 \\',
        '    --tp 4 \\',
        '    --tool-call-parser glm \\',
        '    --reasoning-parser glm45',
      ].join('\n'),
    );
    await expectScreenshot(
      site.browser,
      page.locator('[data-step="parallel"] table.step-results'),
      'step-results-parallel-1440-dark',
    );
  });
});

describe('compare page', () => {
  it('the index links to a model’s compare page, which puts its machines side by side', async () => {
    const page = await open('/en/', 1440, 'light');
    await page.locator('a.compare-link[href="/en/compare/model/glm-4.x/"]').click();
    await page.waitForURL('**/en/compare/model/glm-4.x/');
    const machines = await page.locator('table.compare-cases tbody th a').allTextContents();
    expect(machines).toEqual(['NVIDIA A100 × 8', 'NVIDIA H100 × 8', 'NVIDIA H200 × 8']);
    const summary = await page.locator('table.compare-summary tr[data-guide="glm-4.x/h200"]').innerText();
    expect(showsNumber(summary, '+134.8%')).toBe(true);
  });
});

describe('around the guide', () => {
  it('the root page sends a reader whose browser prefers Chinese to /zh/, others to /en/', async () => {
    for (const [locale, expected] of [
      ['zh-CN', '/zh/'],
      ['en-US', '/en/'],
    ] as const) {
      const context = await site.browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(`${site.preview.url}/`);
      await page.waitForURL(`**${expected}`);
      expect(new URL(page.url()).pathname).toBe(expected);
      await context.close();
    }
  });

  it('the zh search UI speaks Chinese', async () => {
    const page = await open('/zh/', 1440, 'light');
    await page.locator('site-search button[data-open-modal]').click();
    await page.locator('site-search input').fill('吞吐');
    const message = page.locator('site-search .pagefind-ui__message');
    await message.filter({ hasText: '找到' }).waitFor({ timeout: 10_000 });
    expect(await message.textContent()).toMatch(/^找到 \d+ 个“吞吐”的结果$/);
    expect(await page.locator('site-search .pagefind-ui__search-clear').textContent()).toBe('清除');
  });

  it('search files a note under its own heading, not under the variant before it', async () => {
    const page = await open('/en/', 1440, 'light');
    await page.locator('site-search button[data-open-modal]').click();
    await page.locator('site-search input').fill('out-of-memory');
    const links = page.locator('site-search .pagefind-ui__result-link');
    await links.first().waitFor({ timeout: 10_000 });
    await page.locator('site-search a[href$="#prose-step-chunked-prefill-1"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('site-search a[href$="#prose-step-chunked-prefill-1"]').textContent()).toBe(
      'A Chunked Prefill Size That Is Too Large Runs Out of Memory',
    );
  });

  it('printed, a guide keeps its evidence: every raw result is open', async () => {
    // A context of its own: print media stays with the page it is set on.
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${site.preview.url}/en/guides/glm-5.2/h200/`);
    await page.emulateMedia({ media: 'print' });
    const raw = page.locator('details.raw-result pre').first();
    expect(await raw.isVisible()).toBe(true);
    expect(await page.locator('details.raw-result pre:visible').count()).toBe(
      await page.locator('details.raw-result').count(),
    );
    await context.close();
  });
});
