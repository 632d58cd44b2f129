// A raw number edited in one guide: npm run data (ingest, then compute, in one process, as npm run
// build runs them) reads that one raw file and no other (the guide's other files keep their stamps,
// and their parses come from the guide's cache entry), re-ingests and recomputes that guide alone,
// and reads only that guide's blocks for the site-wide copy check. What it writes is what a cold
// run writes. Counted, not timed:
// the phase clock (PERFLAB_PHASES, src/lib/phase-times.ts) counts each file read by folder and
// guide (fs-policy's countRead) and each guide a stage redid.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { readPhaseLines, type PhaseTotals } from '../../src/lib/phase-times.ts';
import { listFiles } from '../../src/pipeline/fs-policy.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-one-file-edit-', ['glm-4.x', 'glm-5.2']);
afterAll(repo.remove);

const data = () => {
  const result = repo.run('data.ts', { PERFLAB_PHASES: '1' });
  expect(result.status, result.stderr).toBe(0);
  return readPhaseLines(result.stderr);
};
const calls = (phases: PhaseTotals | undefined, name: string) => phases?.[name]?.calls ?? 0;
/** Files read, by `<folder>/<guide>` (data/raw/glm-5.2/h200), cache entries and data/guides apart. */
const readsOf = (stages: Map<string, PhaseTotals>) =>
  Object.fromEntries(Object.entries(stages.get('reads') ?? {}).map(([name, { calls: n }]) => [name.slice(6), n]));

describe('one raw number edited', { timeout: 120_000 }, () => {
  it('reads that guide alone, and redoes it alone', () => {
    const cold = data();
    const guides = listFiles(join(repo.root, 'content/guides')).filter((path) => path.endsWith('guide.yaml')).length;
    expect(calls(cold.get('ingest'), 'ingest.guide')).toBe(guides);
    expect(calls(cold.get('compute'), 'compute.guide')).toBe(guides);
    // Nothing changed: no source or generated file read, no guide redone.
    const warm = data();
    expect(readsOf(warm)).toEqual({});
    expect(calls(warm.get('ingest'), 'ingest.guide')).toBe(0);
    expect(calls(warm.get('compute'), 'compute.guide')).toBe(0);

    const edited = 'glm-5.2/h200';
    const raw = join(repo.root, 'data/raw', edited, 'engine/vllm.txt');
    writeFileSync(raw, perturbResultText(readFileSync(raw, 'utf8'), 1.013));
    const edit = data();
    expect(calls(edit.get('ingest'), 'ingest.guide')).toBe(1);
    expect(calls(edit.get('compute'), 'compute.guide')).toBe(1);
    // The site-wide copy check reads the edited guide's blocks only (the others' are in its stamps).
    expect(calls(edit.get('compute'), 'compute.block-digests')).toBe(1);
    const reads = readsOf(edit);
    const runFiles = listFiles(join(repo.root, 'data/runs', edited)).length;
    expect(reads).toEqual({
      // Ingest reads the edited file alone (compute does not again: ingest just checked the guide's),
      [`data/raw/${edited}`]: 1,
      // and the guide's last cache entry, which holds its other files' stamps, digests and parses.
      'cache/ingest': 1,
      // Compute reads its guide.yaml and prose, and content/defaults.yaml.
      [`content/guides/${edited}`]: 3,
      'content/defaults.yaml': 1,
      // Its runs: once for the copy check's blocks, once for the guide (a stamp says nothing of their text).
      [`data/runs/${edited}`]: 2 * runFiles,
    });

    // The same files as a cold run makes from the edited sources, byte for byte.
    const afterEdit = repo.snapshot();
    rmSync(repo.cache, { recursive: true, force: true });
    rmSync(join(repo.root, 'data/runs'), { recursive: true, force: true });
    rmSync(join(repo.root, 'data/guides'), { recursive: true, force: true });
    data();
    expect(repo.snapshot()).toEqual(afterEdit);
  });
});
