// build (npm run build): the whole site from what is in the repository, each step a process of its
// own, stopping at the first that fails: ingest and compute (scripts/data.ts), the guides' "Last
// updated" dates (scripts/last-updated.ts), astro build (scripts/site-build.ts), then the search
// index (pagefind --site dist).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run build   (node scripts/build.ts)
Builds the site into dist/: ingest and compute (npm run data), the guides' "Last updated" dates
from git, astro build, then pagefind's search index. Takes no arguments; PERFLAB_SITE sets the
site's URL (see the README, Publishing).`);

if (process.argv.length > 2) {
  process.stderr.write(`build: takes no arguments, found ${process.argv.slice(2).join(' ')} (see --help)\n`);
  process.exit(2);
}

const script = (name: string): [string, string[]] => [process.execPath, [join(import.meta.dirname, name)]];
const steps: [string, string[]][] = [
  script('data.ts'),
  script('last-updated.ts'),
  script('site-build.ts'),
  [join(import.meta.dirname, '../node_modules/.bin/pagefind'), ['--site', 'dist']],
];
for (const [program, args] of steps) {
  const result = spawnSync(program, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
