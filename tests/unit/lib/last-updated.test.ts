// last-updated.ts: each guide's "Last updated" is the date of the newest commit that touched one
// of its raw files, read from `git log --format=%x1e%cs --name-only -- data/raw`.
import { describe, expect, it } from 'vitest';
import { lastUpdatedByGuide } from '../../../src/lib/last-updated.ts';

describe('lastUpdatedByGuide', () => {
  it('keeps, for each guide, the first (newest) commit that touched one of its raw files', () => {
    const log = [
      '',
      '2026-12-03\n\ndata/raw/glm-5.2/h200/engine/vllm.txt\n',
      '2026-11-20\n\ndata/raw/glm-4.x/h200/engine/sglang.txt\ndata/raw/glm-5.2/h200/kv-cache/fp8.txt\n',
      '2026-10-01\n\ndata/raw/glm-4.x/a100/run.txt\ndata/raw/README.md\n',
    ].join('\x1e');
    // In code-unit order of the ids; glm-5.2/h200 keeps 2026-12-03, not its older 2026-11-20
    expect(Object.entries(lastUpdatedByGuide(log))).toEqual([
      ['glm-4.x/a100', '2026-10-01'],
      ['glm-4.x/h200', '2026-11-20'],
      ['glm-5.2/h200', '2026-12-03'],
    ]);
  });

  it('ignores what is not a dated commit, and files outside a guide’s folder', () => {
    expect(lastUpdatedByGuide('')).toEqual({});
    expect(lastUpdatedByGuide('\x1enot a date\ndata/raw/a/b/c.txt\n\x1e2026-01-02\ndata/raw/top.txt\n')).toEqual({});
  });
});
