// A browser test file's view of the site: the preview of dist/ and the Chromium that the browser
// project's globalSetup (site-setup.ts) started once for every file. Read `site.preview.url` and
// `site.browser` inside a test. A test opens a context of its own (openAt, newContext) or takes
// the file's tab for a viewport (reusedPage); the file's contexts are closed when it ends.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export type Site = { preview: { url: string }; browser: Browser };

export function previewAndBrowser(): Site {
  const site = {} as Site;
  beforeAll(async () => {
    site.preview = { url: inject('previewUrl') };
    site.browser = await chromium.connect(inject('browserEndpoint'));
  });
  // Closing a connected browser closes this file's contexts and leaves the browser to the others.
  afterAll(() => site.browser?.close());
  return site;
}

/**
 * A page of the preview in a context of its own, `width` × 844 px: below 800 px a phone (a mobile
 * viewport with touch). Close it with `page.context().close()`.
 */
export async function openAt(site: Site, path: string, width: number): Promise<Page> {
  const phone = width < 800;
  const context = await site.browser.newContext({ viewport: { width, height: 844 }, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  await page.goto(`${site.preview.url}${path}`);
  return page;
}

/**
 * This file's page for these context options, opened on first use and taken to `path` on each
 * call, as a reader's tab goes from page to page: a context of its own for every page would cost
 * Chromium a renderer process each time, several times what loading the page costs. The page's
 * local and session storage are cleared first, so no page inherits state from the one before.
 * Closed with the file's connection; do not close it.
 */
export async function reusedPage(site: Site, path: string, options: BrowserContextOptions): Promise<Page> {
  const key = JSON.stringify(options);
  let page = reused.get(site)?.get(key);
  if (!page || page.isClosed()) {
    page = await (await site.browser.newContext(options)).newPage();
    reused.set(site, (reused.get(site) ?? new Map()).set(key, page));
  } else
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  await page.goto(`${site.preview.url}${path}`);
  return page;
}
const reused = new WeakMap<Site, Map<string, Page>>();
