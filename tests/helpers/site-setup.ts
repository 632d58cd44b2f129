// globalSetup of the browser project: one `astro preview` of dist/ and one Chromium for all its
// test files, which run in parallel, started before the first and stopped after the last. A file
// reaches them through previewAndBrowser() (site-in-browser.ts): the preview's URL, and a
// connection of its own to the browser, in which each test opens its own contexts.
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';
import { startPreview } from './preview-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    previewUrl: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const preview = await startPreview();
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await preview.stop();
    throw error;
  });
  project.provide('previewUrl', preview.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await preview.stop();
  };
}
