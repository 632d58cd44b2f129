// What a reader's browser fetches for one built page before touching it: load the page from a
// local static server in headless Chromium, wait until the network is idle (Starlight fetches its
// search UI when the main thread is idle), and add up every response by kind.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

export type PageLoad = { html: number; css: number; js: number; other: number; requests: number };

export async function loadInBrowser(dist: string, pagePath: string): Promise<PageLoad | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dist, path);
    if (!file.startsWith(dist)) file = join(dist, '404.html');
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const load: PageLoad = { html: 0, css: 0, js: 0, other: 0, requests: 0 };
    const sizes: Promise<void>[] = [];
    page.on('response', (response) => {
      sizes.push(
        response.body().then(
          (body) => {
            const kind = response.request().resourceType();
            load.requests++;
            if (kind === 'document') load.html += body.length;
            else if (kind === 'stylesheet') load.css += body.length;
            else if (kind === 'script') load.js += body.length;
            else load.other += body.length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(`http://127.0.0.1:${port}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000); // requestIdleCallback work after the network went quiet
    await Promise.all(sizes);
    return load;
  } finally {
    await browser.close();
    server.close();
  }
}
