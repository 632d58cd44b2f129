// What one built guide page weighs: its HTML, the stylesheets it links and the scripts it loads
// (those they import statically included, not dynamic import()).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { byCodeUnit } from '../lib/code-unit-order.ts';
import { listFiles } from '../pipeline/fs-policy.ts';
import { inlineScriptBytes, pageAssets, staticImports } from '../lib/bench/page-weight.ts';

export function pageWeight(dist: string, pagePath: string) {
  const html = readFileSync(pagePath, 'utf8');
  const assets = pageAssets(html);
  const assetPath = (href: string) => join(dist, href.replace(/^\//, '').split(/[?#]/)[0] ?? '');
  const cssBytes = assets.stylesheets.reduce((sum, href) => sum + statSync(assetPath(href)).size, 0);
  const scripts = new Set<string>();
  const pending = assets.scripts.map(assetPath);
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (scripts.has(path)) continue;
    scripts.add(path);
    for (const spec of staticImports(readFileSync(path, 'utf8')))
      if (spec.startsWith('.') || spec.startsWith('/'))
        pending.push(spec.startsWith('/') ? assetPath(spec) : join(dirname(path), spec));
  }
  const jsBytes = [...scripts].reduce((sum, path) => sum + statSync(path).size, 0) + inlineScriptBytes(html);
  return {
    htmlBytes: Buffer.byteLength(html),
    cssBytes,
    jsBytes,
    requests: 1 + assets.stylesheets.length + scripts.size,
  };
}

export type GuidePageWeight = ReturnType<typeof pageWeight> & { page: string; htmlCssBytes: number };

/**
 * Every guide page of a built site (`<lang>/guides/<model>/<hardware>/index.html`), heaviest
 * first by HTML + CSS, each named by its path below `dist` ("zh/guides/deepseek-v3.2/h200/").
 * Nothing when `dist` has no guide page (a site not built).
 */
export function guidePageWeights(dist: string): GuidePageWeight[] {
  if (!existsSync(dist)) return [];
  const pages = listFiles(dist).filter((file) => /^[^/]+\/guides\/.+\/index\.html$/.test(relative(dist, file)));
  return pages
    .map((file) => {
      const weight = pageWeight(dist, file);
      return { ...weight, page: relative(dist, dirname(file)) + '/', htmlCssBytes: weight.htmlBytes + weight.cssBytes };
    })
    .sort((a, b) => b.htmlCssBytes - a.htmlCssBytes || byCodeUnit(a.page, b.page));
}
