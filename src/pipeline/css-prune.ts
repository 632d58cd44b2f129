// After `astro build`: the built stylesheets without the custom properties nothing in the site reads
// (src/lib/css-unused-properties.ts). Every page loads the site's stylesheet whole, and Starlight's
// palette and type scale were 1.5 KB of it that no rule, page or script read.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { withoutUnreadProperties } from '../lib/css-unused-properties.ts';
import { listFiles } from './fs-policy.ts';

/** Rewrites dist's stylesheets under `_astro/` in place; the pages, scripts and other stylesheets are what may read them. */
export function pruneBuiltStylesheets(dist: string): void {
  const files = listFiles(dist).filter((file) => /\.(?:html|js|mjs|css)$/.test(file));
  const built = files.filter((file) => /[\\/]_astro[\\/][^\\/]+\.css$/.test(file));
  const readers = files.filter((file) => !built.includes(file)).map((file) => readFileSync(file, 'utf8'));
  const pruned = withoutUnreadProperties(new Map(built.map((file) => [file, readFileSync(file, 'utf8')])), readers);
  for (const [file, css] of pruned) writeFileSync(file, css);
}

/** The Astro integration (astro.config.mjs): runs once the site is built. */
export function cssPrune(): AstroIntegration {
  return {
    name: 'perflab-css-prune',
    hooks: {
      'astro:build:done': ({ dir }) => pruneBuiltStylesheets(fileURLToPath(dir)),
    },
  };
}
