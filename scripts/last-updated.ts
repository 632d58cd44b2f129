// Writes when each guide's raw files last changed (git history of data/raw) for the guide pages'
// "Last updated". Outside a git checkout (a bench's scratch site) it writes no dates. In a shallow
// clone (actions/checkout's default depth of 1) the oldest commit fetched seems to add every file,
// so every guide would read as changed that day: it writes no dates and says why.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { LAST_UPDATED_FILE, lastUpdatedByGuide } from '../src/lib/last-updated.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { repoRoot, writeOwnedIfChanged } from '../src/pipeline/fs-policy.ts';

const git = (args: string[]) =>
  execFileSync('git', args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'ignore'],
  });

let log = '';
try {
  if (git(['rev-parse', '--is-shallow-repository']).trim() === 'true')
    console.warn(
      'last-updated: this clone is shallow, so no guide shows "Last updated" (its dates would all be the oldest fetched commit\'s); clone the whole history (actions/checkout: fetch-depth: 0)',
    );
  else log = git(['log', '--format=%x1e%cs', '--name-only', '--', 'data/raw']);
} catch {
  // not a git checkout, or no git: no dates
}
// Beside the pipeline cache, on real folders (see src/pipeline/fs-policy.ts).
writeOwnedIfChanged(
  join(repoRoot, LAST_UPDATED_FILE),
  join(repoRoot, 'node_modules'),
  stableJson(lastUpdatedByGuide(log)),
);
