// Writes when each guide's raw files last changed (git history of data/raw) for the guide pages'
// "Last updated". Outside a git checkout (a bench's scratch site) it writes no dates. In a shallow
// clone it writes none either, and says why (src/pipeline/last-updated.ts).
import { join } from 'node:path';
import { LAST_UPDATED_FILE } from '../src/lib/last-updated.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { today } from '../src/pipeline/clock.ts';
import { repoRoot, writeOwnedIfChanged } from '../src/pipeline/fs-policy.ts';
import { gitLastUpdated } from '../src/pipeline/last-updated.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: node scripts/last-updated.ts   (npm run build runs it)
Writes, for each guide, the date of the newest commit that changed its raw files (git log of
data/raw) to ${LAST_UPDATED_FILE}, for the guide pages' "Last updated".`);

const date = today();
const { dates, future, shallow } = gitLastUpdated(repoRoot, date);
if (shallow)
  console.warn(
    'last-updated: this clone is shallow, so no guide shows "Last updated" (its dates would all be the oldest fetched commit\'s); clone the whole history (actions/checkout: fetch-depth: 0)',
  );
for (const commit of future)
  console.warn(
    `last-updated: a commit dated ${commit.date}, after today (${date}), changed ${commit.guides.join(', ')}: not taken as their "Last updated"`,
  );
// Beside the pipeline cache, on real folders (see src/pipeline/fs-policy.ts).
writeOwnedIfChanged(join(repoRoot, LAST_UPDATED_FILE), join(repoRoot, 'node_modules'), stableJson(dates));
