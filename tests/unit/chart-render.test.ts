// Charts are compiled once per shape and bound to each guide's rows: the SVG must be exactly what
// compiling that guide's own spec gives, and one chart's rows must never leak into the next.
import { describe, expect, it } from 'vitest';
import { comparisonChartSpec, type ChartLayout } from '../../src/lib/chart/comparison-spec.ts';
import { textWidth, wrapText } from '../../src/lib/chart/text-width.ts';
import { compactSvg, comparisonChartSvg, renderSvg } from '../../src/lib/chart/render.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const charts = ['glm-5.2/h200', 'glm-4.x/h200']
  .flatMap((id) => {
    const guide = buildFromDisk(id).guide!;
    return (['en', 'zh'] as const).map((lang) => {
      const comparison = guideView(guide, { title: '', description: '', slots: {} }, lang).conclusion.comparison;
      if (!comparison) throw new Error(`${id} has no before/after chart`);
      return (['wide', 'narrow'] as ChartLayout[]).map((layout) => ({
        name: `${id} ${lang} ${layout}`,
        input: comparison.chart,
        layout,
      }));
    });
  })
  .flat();

describe('comparison chart bound to a shared compiled spec', () => {
  it.each(charts)('$name: the same SVG as compiling its own spec', async ({ input, layout }) => {
    expect(await comparisonChartSvg(input, layout)).toBe(
      compactSvg(await renderSvg(comparisonChartSpec(input, { layout }))),
    );
  });

  it.each(charts)('$name: every case label is there whole, wrapped, never cut', async ({ input, layout }) => {
    const svg = await comparisonChartSvg(input, layout);
    expect(svg).not.toContain('…');
    const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>|<tspan\b[^>]*>([^<]*)<\/tspan>/g)].map(
      (m) => m[1] ?? m[2],
    );
    const all = texts.join('');
    for (const c of input.cases) expect(all.replace(/\s+/g, '')).toContain(c.label.replace(/\s+/g, ''));
    // Drawn at the width it is shown at: the wide layout fits a 640 px column, the narrow one a phone's 358 px.
    const width = Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
    expect(width).toBeLessThanOrEqual(layout === 'wide' ? 640 : 358);
    for (const [, size] of svg.matchAll(/font-size="([\d.]+)px"/g)) expect(Number(size)).toBeGreaterThanOrEqual(12);
  });

  it.each(charts)(
    '$name: compacting keeps every visible text and drops only hidden ones',
    async ({ input, layout }) => {
      const full = await renderSvg(comparisonChartSpec(input, { layout }));
      const compact = compactSvg(full);
      const texts = (svg: string) => [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)];
      const visible = texts(full).filter(([, attributes]) => !/\sopacity="0"/.test(attributes!));
      expect(texts(compact).map((m) => m[2])).toEqual(visible.map((m) => m[2]));
      expect(compact.match(/font-family=/g)).toHaveLength(1);
      expect(compact).toMatch(/^<svg [^>]*font-family="system-ui, &quot;Noto Sans CJK SC&quot;, sans-serif"/);
      expect(compact).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(compact).not.toMatch(/\d\.\d{3}/);
      expect(compact.length).toBeLessThan(full.length * 0.7);
    },
  );

  it('charts of one shape keep their own rows, in any order', async () => {
    const [first] = charts;
    const other = { ...first!.input, cases: first!.input.cases.map((c) => ({ ...c, baseline: c.baseline * 2 })) };
    const before = await comparisonChartSvg(first!.input);
    const changed = await comparisonChartSvg(other);
    expect(changed).not.toBe(before);
    expect(changed).toContain((first!.input.cases[0]!.baseline * 2).toFixed(2));
    expect(await comparisonChartSvg(first!.input)).toBe(before);
  });

  it('a chart that fails to draw leaves the charts after it as they would be', async () => {
    const [first] = charts;
    const { input } = first!;
    const expected = compactSvg(await renderSvg(comparisonChartSpec(input, { layout: 'wide' })));
    // Same shape (metric and series), but a value that is no number: the rows are bound to the
    // view before drawing fails on it.
    const broken = { ...input, cases: [{ ...input.cases[0]!, baseline: Symbol('not a number') as unknown as number }] };
    const queued = [
      comparisonChartSvg(input, 'wide'),
      comparisonChartSvg(broken, 'wide'),
      comparisonChartSvg(input, 'wide'),
    ];
    const [before, failed, after] = await Promise.allSettled(queued);
    expect(before).toEqual({ status: 'fulfilled', value: expected });
    expect(failed?.status).toBe('rejected');
    expect(after).toEqual({ status: 'fulfilled', value: expected });
  });

  it("a shape's shared view draws each chart as if it were the first, in any order, all at once", async () => {
    // Variants of one shape: bars 1/1000 to 1000 times as long, fewer and more cases, labels that
    // wrap to more lines, so the view's size, axis ticks and marks all have to change back and forth.
    const variants = charts.flatMap(({ input, layout }) => {
      const scaled = (factor: number) => ({
        ...input,
        cases: input.cases.map((c, i) => ({
          ...c,
          baseline: c.baseline * factor,
          optimized: c.optimized * (factor + i),
        })),
      });
      const longer = input.cases.map((c) => ({ ...c, label: `${c.label} ${c.label}` }));
      return [
        input,
        scaled(0.001),
        scaled(1000),
        { ...input, cases: input.cases.slice(0, 1) },
        { ...input, cases: [...input.cases, ...longer] },
        { ...input, cases: longer.slice(1) },
      ].map((variant) => ({ input: variant, layout }));
    });
    const own = await Promise.all(
      variants.map(async ({ input, layout }) => compactSvg(await renderSvg(comparisonChartSpec(input, { layout })))),
    );
    const inOrder: string[] = [];
    for (const { input, layout } of variants) inOrder.push(await comparisonChartSvg(input, layout));
    const reversed: string[] = [];
    for (const { input, layout } of [...variants].reverse()) reversed.unshift(await comparisonChartSvg(input, layout));
    // A fixed shuffle (linear congruential), so a failure is the same on every run.
    let seed = 7;
    const shuffled = variants.map((variant, index) => ({ variant, index }));
    for (let i = shuffled.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const mixed: string[] = [];
    for (const { variant, index } of shuffled) mixed[index] = await comparisonChartSvg(variant.input, variant.layout);
    const together = await Promise.all(variants.map(({ input, layout }) => comparisonChartSvg(input, layout)));
    expect(new Set(own).size).toBe(variants.length);
    expect(inOrder).toEqual(own);
    expect(reversed).toEqual(own);
    expect(mixed).toEqual(own);
    expect(together).toEqual(own);
  });
});

describe('text measured for layout', () => {
  it('a Chinese character is a full em, wider than a Latin letter', () => {
    expect(textWidth('优化后', 12)).toBe(36);
    expect(textWidth('abc', 12)).toBeLessThan(textWidth('优化后', 12));
  });

  it('wraps between words and between Chinese characters, keeping brackets with their text', () => {
    expect(wrapText('Balanced: 8K input / 1K output (optimization target)', 200, 12)).toEqual([
      'Balanced: 8K input / 1K output',
      '(optimization target)',
    ]);
    const zh = wrapText('生成密集型 (1K 输入 / 2K 输出)', 130, 12);
    expect(zh.join('').replace(/\s/g, '')).toBe('生成密集型(1K输入/2K输出)');
    for (const line of zh) expect(textWidth(line, 12)).toBeLessThanOrEqual(130);
    expect(zh.some((line) => line.startsWith(')'))).toBe(false);
  });
});
