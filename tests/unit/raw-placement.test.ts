// A raw block that a guide page shows more than once is printed in full once; later places link to
// it. Each number of the page's tables links to the raw line that printed it.
import { describe, expect, it } from 'vitest';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { rawResultPlacement, rawRootRule } from '../../src/lib/view/raw-placement.ts';
import { columnLabels, sharedDerived, sharedLabels, stepColumns } from '../../src/lib/view/column-labels.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

describe('raw result placement on the GLM-5.2 page', () => {
  const view = guideView(buildFromDisk('glm-5.2/h200').guide!, { title: '', description: '', slots: {} }, 'en');
  const placement = rawResultPlacement(view);
  const entries = [...placement.results];
  const key = (r: { file: string; startLine: number; endLine: number }) => `${r.file}:${r.startLine}-${r.endLine}`;

  it('prints each distinct block once, first in page order', () => {
    const firsts = entries.filter(([, p]) => p.first);
    expect(entries).toHaveLength(28);
    expect(firsts).toHaveLength(new Set(entries.map(([r]) => key(r))).size);
    expect(firsts).toHaveLength(22);
    expect(new Set(firsts.map(([, p]) => p.anchor)).size).toBe(firsts.length);
  });

  it("names a cell's source below the guide's raw folder, which the page names once", () => {
    expect(placement.root).toBe('data/raw/glm-5.2/h200/');
    expect(placement.source('data/raw/glm-5.2/h200/engine/vllm.txt:11')).toBe('engine/vllm.txt:11');
    // A source in another guide's folder (a copied result) keeps its whole path: perflab.css shows it as is.
    expect(placement.source('data/raw/glm-4.x/h200/engine/vllm.txt:11')).toBe(
      'data/raw/glm-4.x/h200/engine/vllm.txt:11',
    );
    expect(placement.source(undefined)).toBeUndefined();
    expect(rawRootRule(placement.root)).toBe("main{--pl-raw-root:'data/raw/glm-5.2/h200/'}");
    expect(rawRootRule("data/raw/a'b\\</style>/")).toBe("main{--pl-raw-root:'data/raw/a\\'b\\\\\\3c /style\\3e /'}");
  });

  it('links every repeat to the full block of the same lines', () => {
    const fullByAnchor = new Map(entries.filter(([, p]) => p.first).map(([r, p]) => [p.anchor, key(r)]));
    for (const [result, p] of entries.filter(([, q]) => !q.first)) expect(fullByAnchor.get(p.anchor)).toBe(key(result));
  });

  it('links each table number to its line in the first full block that printed it, and gives that line its id', () => {
    const balanced = view.conclusion.comparison!.table.rows.find((r) => r.id === 'balanced')!.optimized.primary;
    expect(balanced.source).toMatch(/:\d+$/);
    const href = placement.href(balanced);
    expect(href).toMatch(/^#raw-\d+-\d+$/);
    const [anchor, line] = /^#(raw-\d+)-(\d+)$/.exec(href!)!.slice(1);
    expect(Number(line)).toBe(balanced.lines[0]);
    const [result, full] = entries.find(([, p]) => p.first && p.anchor === anchor)!;
    expect(result.file).toBe(balanced.file);
    // The id sits on that line of the block's text, which prints the number.
    const index = [...full.lines].find(([, id]) => `#${id}` === href)![0];
    expect(result.text.split('\n')[index]).toContain(balanced.text.split(': ')[1]);
    // Repeats carry no ids; every number of the tables has its link.
    for (const [, p] of entries.filter(([, q]) => !q.first)) expect(p.lines.size).toBe(0);
    const cells = [
      ...view.conclusion.comparison!.table.rows.flatMap((r) => [r.baseline, r.optimized]),
      ...view.optimizationSummary.rows.flatMap((r) => r.cells.filter((c) => typeof c === 'object' && 'primary' in c)),
    ].flatMap((c) => [c.primary, ...c.secondary]);
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter((c) => placement.href(c) === undefined).map((c) => c.source)).toEqual([]);
  });
});

describe('a table explains its derived values once', () => {
  it('when two or more cells share the one explanation, and not otherwise', () => {
    expect(sharedDerived(['computed as A', undefined, 'computed as A'])).toBe('computed as A');
    expect(sharedDerived(['computed as A', undefined])).toBeUndefined();
    expect(sharedDerived(['computed as A', 'computed as B', 'computed as A'])).toBeUndefined();
    expect(sharedDerived([undefined, undefined])).toBeUndefined();
  });
});

describe('a page names the columns its step tables share once', () => {
  it('a step table’s columns in drawn order: variant, objective, its change, then the secondary metrics', () => {
    expect(stepColumns(['Configuration', 'Total TPS', 'Mean TPOT', 'vs start of step'])).toEqual([
      'Configuration',
      'Total TPS',
      'vs start of step',
      'Mean TPOT',
    ]);
    expect(columnLabels(stepColumns(['配置', '总吞吐量', '相对起始配置']))).toBe(
      "--pl-c2:'总吞吐量';--pl-c3:'相对起始配置'",
    );
  });

  it('the names two or more tables share, the most shared first; none when every table differs', () => {
    expect(sharedLabels(['a', 'b', 'b', 'a', 'b'])).toBe('b');
    expect(sharedLabels(['a', 'b'])).toBeUndefined();
    expect(sharedLabels([])).toBeUndefined();
  });
});
