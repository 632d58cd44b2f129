// A raw block that a guide page shows more than once is printed in full once; later places link to it.
import { describe, expect, it } from 'vitest';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { rawResultPlacement } from '../../src/lib/view/raw-placement.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

describe('raw result placement on the GLM-5.2 page', () => {
  const view = guideView(buildFromDisk('glm-5.2/h200').guide!, { title: '', description: '', slots: {} }, 'en');
  const placement = rawResultPlacement(view);
  const entries = [...placement];
  const key = (r: { file: string; startLine: number; endLine: number }) => `${r.file}:${r.startLine}-${r.endLine}`;

  it('prints each distinct block once, first in page order', () => {
    const firsts = entries.filter(([, p]) => p.first);
    expect(entries).toHaveLength(28);
    expect(firsts).toHaveLength(new Set(entries.map(([r]) => key(r))).size);
    expect(firsts).toHaveLength(22);
    expect(new Set(firsts.map(([, p]) => p.anchor)).size).toBe(firsts.length);
  });

  it('links every repeat to the full block of the same lines', () => {
    const fullByAnchor = new Map(entries.filter(([, p]) => p.first).map(([r, p]) => [p.anchor, key(r)]));
    for (const [result, p] of entries.filter(([, q]) => !q.first)) expect(fullByAnchor.get(p.anchor)).toBe(key(result));
  });
});
