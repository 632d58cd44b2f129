// Writes when each guide's raw files last changed (git history of data/raw) for the guide pages'
// "Last updated". Outside a git checkout (a bench's scratch site) it writes no dates.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LAST_UPDATED_FILE, lastUpdatedByGuide } from '../src/lib/last-updated.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { repoRoot } from '../src/pipeline/fs-policy.ts';

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
const target = join(repoRoot, LAST_UPDATED_FILE);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, stableJson(lastUpdatedByGuide(log)));
