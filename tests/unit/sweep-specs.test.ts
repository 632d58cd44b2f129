// Golden files for the sweep charts (throughput against latency, in Other benchmark cases): each
// guide with a sweep, its vega-lite spec with its rows in both languages and both layouts, compared
// byte for byte with tests/fixtures/sweep-specs/<guide>.json; the SVG drawn from it is checked too.
// UPDATE_GOLDEN=sweep-specs rewrites them after a deliberate change (review the diff).
import { existsSync, globSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import type { ChartLayout } from '../../src/lib/chart/comparison-spec.ts';
import { sweepChartSvg } from '../../src/lib/chart/render.ts';
import { sweepChartSpec } from '../../src/lib/chart/sweep-spec.ts';
import { locales } from '../../src/lib/i18n.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { expectGolden } from '../helpers/golden.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const goldens = join(import.meta.dirname, '../fixtures/sweep-specs');
const layouts: ChartLayout[] = ['wide', 'narrow'];
const guides = globSync('content/guides/*/*/guide.yaml', { cwd: repoRoot })
  .map((path) => dirname(path).slice('content/guides/'.length))
  .sort();
const noProse = { title: '', description: '', slots: {} };

const charts = (id: string) => {
  const guide = buildFromDisk(id).guide;
  if (!guide) throw new Error(`${id} does not build`);
  return locales.map((lang) => [lang, guideView(guide, noProse, lang).otherCases?.sweep?.chart] as const);
};

describe('sweep chart specs match their golden files', () => {
  it.each(guides)('%s', (id) => {
    const golden = join(goldens, `${id}.json`);
    const found = charts(id);
    if (found.every(([, chart]) => chart === undefined)) {
      if (process.env.UPDATE_GOLDEN === 'sweep-specs') rmSync(golden, { force: true });
      expect(existsSync(golden), `${golden}: ${id} has no sweep`).toBe(false);
      return;
    }
    const spec = Object.fromEntries(
      found.map(([lang, chart]) => {
        if (!chart) throw new Error(`${id} has a sweep in one language only`);
        return [lang, Object.fromEntries(layouts.map((layout) => [layout, sweepChartSpec(chart, { layout })]))];
      }),
    );
    if (process.env.UPDATE_GOLDEN === 'sweep-specs') mkdirSync(dirname(golden), { recursive: true });
    expectGolden(golden, `${JSON.stringify(spec, null, 2)}\n`, 'sweep-specs');
  });

  it('two committed guides have one', () => {
    expect(
      globSync('*/*.json', { cwd: goldens })
        .filter((p) => !p.includes('-changed'))
        .sort(),
    ).toEqual(['qwen3-8b/h100-latency.json', 'qwen3.5-35b-a3b/h200-latency.json']);
  });

  it('vega-lite compiles each spec without a warning (a build prints none)', () => {
    const said: string[] = [];
    const logger = {
      level: () => logger,
      error: (...message: unknown[]) => (said.push(`error ${message.join(' ')}`), logger),
      warn: (...message: unknown[]) => (said.push(`warn ${message.join(' ')}`), logger),
      info: () => logger,
      debug: () => logger,
    };
    for (const id of ['qwen3-8b/h100-latency', 'qwen3.5-35b-a3b/h200-latency'])
      for (const [lang, chart] of charts(id))
        for (const layout of layouts) {
          compile(sweepChartSpec(chart!, { layout }), { logger: logger as never });
          expect(said, `${id} ${lang} ${layout}`).toEqual([]);
        }
  });

  it('the SVG draws both lines, a point and a label per case, and nothing cut', async () => {
    const [, chart] = charts('qwen3.5-35b-a3b/h200-latency')[0]!;
    for (const layout of layouts) {
      const svg = await sweepChartSvg(chart!, layout);
      expect(svg).not.toContain('…');
      const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      // The settings, beside each configuration's point.
      for (const setting of ['1', '4', '8', '16']) expect(texts.filter((t) => t === setting).length).toBe(2);
      expect(texts).toContain('Output TPS (tok/s) · higher is better');
      expect(texts).toContain('Mean Latency (s) · lower is better');
      expect(svg).toMatch(/stroke="#68727f"/);
      expect(svg).toMatch(/stroke="#2f7d4f"/);
    }
  });
});
