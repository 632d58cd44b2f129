// Charts are compiled once per shape and bound to each guide's rows: the SVG must be exactly what
// compiling that guide's own spec gives, and one chart's rows must never leak into the next.
import { describe, expect, it } from 'vitest';
import { comparisonChartSpec } from '../../src/lib/chart/comparison-spec.ts';
import { compactSvg, comparisonChartSvg, renderSvg } from '../../src/lib/chart/render.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const charts = ['glm-5.2/h200', 'glm-4.x/h200'].flatMap((id) => {
  const guide = buildFromDisk(id).guide!;
  return (['en', 'zh'] as const).map((lang) => {
    const comparison = guideView(guide, { title: '', description: '', slots: {} }, lang).conclusion.comparison;
    if (!comparison) throw new Error(`${id} has no before/after chart`);
    return { name: `${id} ${lang}`, input: comparison.chart };
  });
});

describe('comparison chart bound to a shared compiled spec', () => {
  it.each(charts)('$name: the same SVG as compiling its own spec', async ({ input }) => {
    expect(await comparisonChartSvg(input)).toBe(compactSvg(await renderSvg(comparisonChartSpec(input))));
  });

  it.each(charts)('$name: compacting keeps every visible text and drops only hidden ones', async ({ input }) => {
    const full = await renderSvg(comparisonChartSpec(input));
    const compact = compactSvg(full);
    const texts = (svg: string) => [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)];
    const visible = texts(full).filter(([, attributes]) => !/\sopacity="0"/.test(attributes!));
    expect(texts(compact).map((m) => m[2])).toEqual(visible.map((m) => m[2]));
    expect(texts(full).length).toBeGreaterThan(visible.length);
    expect(compact.match(/font-family=/g)).toHaveLength(1);
    expect(compact).toMatch(/^<svg font-family="system-ui, &quot;Noto Sans CJK SC&quot;, sans-serif" /);
    expect(compact.length).toBeLessThan(full.length * 0.85);
  });

  it('charts of one shape keep their own rows, in any order', async () => {
    const [first] = charts;
    const other = { ...first!.input, cases: first!.input.cases.map((c) => ({ ...c, baseline: c.baseline * 2 })) };
    const before = await comparisonChartSvg(first!.input);
    const changed = await comparisonChartSvg(other);
    expect(changed).not.toBe(before);
    expect(changed).toContain((first!.input.cases[0]!.baseline * 2).toFixed(2));
    expect(await comparisonChartSvg(first!.input)).toBe(before);
  });
});
