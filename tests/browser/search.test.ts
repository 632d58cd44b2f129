// Issue 22, search, in Chromium at 390 and 1440 px against the built site and its Pagefind index:
// a query naming a model family and an objective lists that family's guides first (titles and the
// `model` metadata weigh most, compare pages after them), GLM-5.2's guide among the results shown
// before "load more"; excerpts are the guide's own text, not its title again nor the language
// link ("简体中文" / "English"), and not what pagefind.yml leaves out (commands, parameters, data
// tables): a guide found by its model, machine or engine shows its answer sentence, which weighs
// more than the rest of its text; the index page, a list of every guide, is not a result.
//
// "GLM throughput": the six GLM throughput guides tie on the title and the model (Pagefind's
// metadata boost, 11.65 + 5.66 for each); in their text GLM-5.2's names its model least (its
// answer names the checkpoint, zai-org/GLM-5.2-FP8, a five-part compound) and is the longest, so
// it came last (en 19.13 against 20.44-21.50). A guide the page does not mark "older engine"
// carries the `current` metadata (GuideView.search): GLM-5.2 alone of the six, first (en 24.80).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

type Result = { href: string; title: string; excerpt: string };

/** What an excerpt must not show: a serving command, its flags, a parameter list, a table's labels. */
const COMMAND_OR_TABLE = /python3 -m|vllm serve|trtllm-serve|--[a-z-]+[= ]\S|Backend Parameters|Mean TPOT\(ms\):/;

async function search(page: Page, query: string): Promise<Result[]> {
  await page.locator('site-search button[data-open-modal]').click();
  await page.locator('site-search input').fill(query);
  const results = page.locator('site-search .pagefind-ui__result');
  await results.first().waitFor({ timeout: 10_000 });
  // Pagefind shows results as their fragments load: wait until the count settles.
  let count = -1;
  for (let tries = 0; tries < 20 && count !== (await results.count()); tries++) {
    count = await results.count();
    await page.waitForTimeout(150);
  }
  return results.evaluateAll((items) =>
    items.map((item) => {
      const link = item.querySelector<HTMLAnchorElement>('.pagefind-ui__result-link');
      return {
        href: link?.getAttribute('href') ?? '',
        title: link?.textContent?.trim() ?? '',
        excerpt: item.querySelector('.pagefind-ui__result-excerpt')?.textContent?.trim() ?? '',
      };
    }),
  );
}

describe.each([390, 1440] as const)('search at %i px', (width) => {
  // The file's tab for the width (reusedPage): each test's search starts from a page just loaded.
  const open = (path: string) => reusedPage(site, path, { viewport: { width, height: 844 } });

  it('"GLM throughput" lists the GLM guides first, GLM-5.2’s among the first shown', async () => {
    const page = await open('/en/');
    const results = await search(page, 'GLM throughput');
    const hrefs = results.map((r) => r.href);
    // Every GLM throughput guide, then anything else (compare pages).
    const glmGuides = hrefs.filter((href) => /^\/en\/guides\/glm-/.test(href));
    expect(glmGuides.length).toBe(6);
    expect(hrefs.slice(0, glmGuides.length).sort()).toEqual([...glmGuides].sort());
    // The one GLM guide measured on the site's newest engine releases first.
    expect(hrefs[0]).toBe('/en/guides/glm-5.2/h200/');
    expect(hrefs).not.toContain('/en/');
    for (const { title, excerpt } of results) {
      expect(excerpt).not.toContain('简体中文');
      expect(excerpt.startsWith(title), `${title}: ${excerpt}`).toBe(false);
      // Starlight's footer (previous and next guide) is not part of a page's text.
      expect(excerpt).not.toMatch(/\bNext\b|\bPrevious\b|Last updated/);
      expect(excerpt, title).not.toMatch(COMMAND_OR_TABLE);
    }
    // Each guide is shown by its answer sentence (what to run, where), as much of it as the
    // UI's twelve words (beside sub-results) hold.
    for (const { href, excerpt } of results.filter((r) => /^\/en\/guides\//.test(r.href)))
      expect(excerpt, href).toMatch(/serve \S*GLM/);
    if (width === 1440)
      await page.locator('site-search dialog').screenshot({ path: 'test-results/search-en-1440.png' });
  });

  it('zh: "GLM 吞吐量" lists the GLM guides first; no excerpt holds the language link', async () => {
    const page = await open('/zh/');
    const results = await search(page, 'GLM 吞吐量');
    const hrefs = results.map((r) => r.href);
    expect(
      hrefs.slice(0, 6).every((href) => /^\/zh\/guides\/glm-/.test(href)),
      hrefs.join(' '),
    ).toBe(true);
    expect(hrefs[0]).toBe('/zh/guides/glm-5.2/h200/');
    for (const { title, excerpt } of results) {
      expect(excerpt).not.toMatch(/\bEnglish\b/);
      expect(excerpt.startsWith(title), `${title}: ${excerpt}`).toBe(false);
      expect(excerpt, title).not.toMatch(COMMAND_OR_TABLE);
    }
    for (const { href, excerpt } of results.filter((r) => /^\/zh\/guides\//.test(r.href)))
      expect(excerpt, href).toMatch(/上用 (SGLang|vLLM) 按下方命令部署 \S*GLM/);
    if (width === 390) await page.locator('site-search dialog').screenshot({ path: 'test-results/search-zh-390.png' });
  });

  it('raw output and the notes for reviewers are not searched (pagefind.yml)', async () => {
    const page = await open('/en/');
    // Words every vLLM raw result prints, and the notes' own words: on no page outside those.
    // Pagefind matches each word on its own, so results may come: none from those words together.
    for (const query of ['Peak concurrent requests', 'Accepted because']) {
      await page.locator('site-search button[data-open-modal]').click();
      await page.locator('site-search input').fill(query);
      await page.locator('site-search .pagefind-ui__message').filter({ hasText: query }).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      const excerpts = await page.locator('site-search .pagefind-ui__result-excerpt').allTextContents();
      expect(excerpts.filter((e) => e.toLowerCase().includes(query.toLowerCase()))).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});

// What a reader types besides a family and an objective (a model, a machine and an objective, a
// step's subject, Chinese for latency): the guides it names come first. The order depends on the
// index, not the viewport: at 1440 px only.
describe('search, other queries', () => {
  const cases: [lang: 'en' | 'zh', query: string, first: string[]][] = [
    ['en', 'Qwen3-8B', ['/en/guides/qwen3-8b/h100-latency/']],
    ['en', 'H200 latency', ['/en/guides/qwen3.5-35b-a3b/h200-latency/']],
    ['en', 'DeepSeek', ['/en/guides/deepseek-v3.2/h200/']],
    ['en', 'FP8 KV cache', ['/en/guides/glm-5.2/h200/']],
    ['zh', '延迟', ['/zh/guides/qwen3-8b/h100-latency/', '/zh/guides/qwen3.5-35b-a3b/h200-latency/']],
  ];
  it.each(cases)('%s "%s" lists %j first', async (lang, query, first) => {
    // One tab for every query (a context each would cost Chromium a renderer process each).
    const page = await reusedPage(site, `/${lang}/`, { viewport: { width: 1440, height: 844 } });
    const results = await search(page, query);
    expect(
      results
        .slice(0, first.length)
        .map((r) => r.href)
        .sort(),
      results.map((r) => r.href).join(' '),
    ).toEqual([...first].sort());
    for (const { title, excerpt } of results) expect(excerpt, title).not.toMatch(COMMAND_OR_TABLE);
  });
});
