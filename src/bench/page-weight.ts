// What one built guide page weighs: its HTML, the stylesheets it links and the scripts it loads
// (those they import statically included, not dynamic import()).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
