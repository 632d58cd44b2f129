// site-build: `astro build` (arguments passed on) with V8's old space sized to the site. Left to
// itself V8 lets the heap grow to about twice what the build holds: 2.1 GB at 1,000 guides, where
// a limit of 1,200 MB gives 1.7 GB in the same time (npm run bench). The limit grows with the
// guides (0.8 MB each over 400 MB, never under 1,200 MB) so a larger site is not cut short.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listFiles, repoRoot } from './io.ts';

const guides = listFiles(join(repoRoot, 'data/guides')).filter((path) => path.endsWith('.json')).length;
const heapMb = Math.max(1200, Math.ceil(400 + 0.8 * guides));
const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');
const result = spawnSync(
  process.execPath,
  [`--max-old-space-size=${heapMb}`, astro, 'build', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    // Charts are drawn on a worker thread (src/chart-thread.ts) while astro renders pages.
    env: { ...process.env, PERFLAB_CHART_WORKER: join(import.meta.dirname, 'chart-worker.ts') },
  },
);
process.exitCode = result.status ?? 1;
