// Writes when each guide's raw files last changed (git history of data/raw) for the guide pages'
// "Last updated". Outside a git checkout (a bench's scratch site) it writes no dates.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { LAST_UPDATED_FILE, lastUpdatedByGuide } from '../src/lib/last-updated.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { repoRoot, writeOwnedIfChanged } from '../src/pipeline/fs-policy.ts';

let log = '';
try {
  log = execFileSync('git', ['log', '--format=%x1e%cs', '--name-only', '--', 'data/raw'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch {
  // not a git checkout, or no git: no dates
}
// Beside the pipeline cache, on real folders (see src/pipeline/fs-policy.ts).
writeOwnedIfChanged(
  join(repoRoot, LAST_UPDATED_FILE),
  join(repoRoot, 'node_modules'),
  stableJson(lastUpdatedByGuide(log)),
);
