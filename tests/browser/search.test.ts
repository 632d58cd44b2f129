// Issue 22, search, in Chromium at 390 and 1440 px against the built site and its Pagefind index:
// a query naming a model family and an objective lists that family's guides first (titles and the
// `model` metadata weigh most, compare pages after them), GLM-5.2's guide among the results shown
// before "load more"; excerpts are the guide's own text, not its title again nor the language
// link ("简体中文" / "English"); the index page, a list of every guide, is not a result.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

type Result = { href: string; title: string; excerpt: string };

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
  const open = async (path: string) => {
    const context = await site.browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.preview.url}${path}`);
    return page;
  };

  it('"GLM throughput" lists the GLM guides first, GLM-5.2’s among the first shown', async () => {
    const page = await open('/en/');
    try {
      const results = await search(page, 'GLM throughput');
      const hrefs = results.map((r) => r.href);
      // Every GLM throughput guide, then anything else (compare pages).
      const glmGuides = hrefs.filter((href) => /^\/en\/guides\/glm-/.test(href));
      expect(glmGuides.length).toBe(6);
      expect(hrefs.slice(0, glmGuides.length).sort()).toEqual([...glmGuides].sort());
      expect(hrefs).toContain('/en/guides/glm-5.2/h200/');
      expect(hrefs).not.toContain('/en/');
      for (const { title, excerpt } of results) {
        expect(excerpt).not.toContain('简体中文');
        expect(excerpt.startsWith(title), `${title}: ${excerpt}`).toBe(false);
        // Starlight's footer (previous and next guide) is not part of a page's text.
        expect(excerpt).not.toMatch(/\bNext\b|\bPrevious\b|Last updated/);
      }
      if (width === 1440)
        await page.locator('site-search dialog').screenshot({ path: 'test-results/search-en-1440.png' });
    } finally {
      await page.context().close();
    }
  });

  it('zh: "GLM 吞吐量" lists the GLM guides first; no excerpt holds the language link', async () => {
    const page = await open('/zh/');
    try {
      const results = await search(page, 'GLM 吞吐量');
      const hrefs = results.map((r) => r.href);
      expect(
        hrefs.slice(0, 6).every((href) => /^\/zh\/guides\/glm-/.test(href)),
        hrefs.join(' '),
      ).toBe(true);
      expect(hrefs).toContain('/zh/guides/glm-5.2/h200/');
      for (const { title, excerpt } of results) {
        expect(excerpt).not.toMatch(/\bEnglish\b/);
        expect(excerpt.startsWith(title), `${title}: ${excerpt}`).toBe(false);
      }
      if (width === 390)
        await page.locator('site-search dialog').screenshot({ path: 'test-results/search-zh-390.png' });
    } finally {
      await page.context().close();
    }
  });

  it('raw output and the notes for reviewers are not searched (pagefind.yml)', async () => {
    const page = await open('/en/');
    try {
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
    } finally {
      await page.context().close();
    }
  });
});
