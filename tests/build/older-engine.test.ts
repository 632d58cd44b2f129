// Issue 36: a guide measured on an older engine release than another guide of the site used is
// marked on its first screen, en and zh, with the newer releases; the others are not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newestEngines, olderEngines } from '../../src/lib/format/engine-age.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { committedGuideIds, repoRoot } from '../helpers/guide-from-disk.ts';

const dist = join(import.meta.dirname, '../../dist');
const guides = committedGuideIds().map(
  (id) => JSON.parse(readFileSync(join(repoRoot, `data/guides/${id}.json`), 'utf8')) as ComputedGuide,
);
const newest = newestEngines(guides);

describe('older engine mark', () => {
  it('is on every guide page whose engine release another guide outran, and only there', () => {
    const marked: string[] = [];
    for (const guide of guides)
      for (const lang of ['en', 'zh'] as const) {
        const html = readFileSync(join(dist, lang, 'guides', guide.id, 'index.html'), 'utf8');
        const mark = /<dd data-fact="measured">[^]*?<span class="older-engine">([^<]*)<\/span>/.exec(html)?.[1];
        const older = olderEngines(guide, newest);
        expect(mark === undefined, `${lang}/${guide.id}`).toBe(older.length === 0);
        for (const e of older) expect(mark, `${lang}/${guide.id}`).toContain(`${e.name} ${e.newer}`);
        if (mark) marked.push(`${lang}/${guide.id}`);
      }
    expect(marked).toContain('zh/deepseek-v3.2/h200');
    expect(marked).not.toContain('en/glm-5.2/h200');
  });
});
