// The content loaders' reads (src/content/site-files.ts): data/guides, data/prose, data/compare and
// the build's last-updated dates, read where the pipeline reads them (the site root, PERFLAB_ROOT
// for another site's data). Given to the loaders by src/content.config.ts.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computedByThisCode } from './cache.ts';
import { repoRoot } from './fs-policy.ts';

export function siteFiles(root: string = repoRoot) {
  return {
    root,
    list: (dir: string, pattern: string) => {
      const cwd = join(root, dir);
      return existsSync(cwd) ? globSync(pattern, { cwd }).sort() : [];
    },
    read: (path: string) => {
      const absolute = join(root, path);
      return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
    },
    computedByThisCode,
  };
}
