// site-build: `astro build` (arguments passed on) with V8's old space sized to the site. Left to
// itself V8 lets the heap grow to about twice what the build holds: 2.1 GB at 1,000 guides, where
// the build holds about 500 MB. The limit grows with the guides (0.75 MB each over 300 MB, never
// under 1,000 MB) so a larger site is not cut short. Some 700 MB of the process lies outside V8's
// heap (it appears while Vite bundles the pages with astro's data store, 58 MB of JSON at 1,000
// guides, inlined as one string), so the limit decides the peak: at 1,000 guides, 1,000–1,050 MB
// gave 1.55–1.60 GiB in six runs out of six, 1,200 MB gave 1.63–1.86 GiB (2026-12-03).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listFiles, repoRoot } from '../src/pipeline/fs-policy.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: node scripts/site-build.ts [astro build options, e.g. --outDir DIR]   (npm run build runs it)
Runs astro build with Node's heap sized to the number of guides in data/guides.`);

const guides = listFiles(join(repoRoot, 'data/guides')).filter((path) => path.endsWith('.json')).length;
const heapMb = Math.max(1000, Math.ceil(300 + 0.75 * guides));
const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');
const result = spawnSync(
  process.execPath,
  [`--max-old-space-size=${heapMb}`, astro, 'build', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    // Charts are drawn on a worker thread (src/chart-thread.ts) while astro renders pages.
    env: { ...process.env, PERFLAB_CHART_WORKER: join(import.meta.dirname, '../src/chart-worker.ts') },
  },
);
process.exitCode = result.status ?? 1;
