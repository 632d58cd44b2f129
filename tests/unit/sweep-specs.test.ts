// Golden files for the sweep charts (in Other benchmark cases): each guide with a sweep, the
// vega-lite specs with their rows in both languages, throughput against latency and the operating
// points (output tok/s per GPU against tok/s per user), compared byte for byte with
// tests/fixtures/sweep-specs/<guide>.json; the SVGs drawn from them are checked too.
// UPDATE_GOLDEN=sweep-specs rewrites them after a deliberate change (review the diff).
import { existsSync, globSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { operatingChartSvg, sweepChartSvg } from '../../src/lib/chart/render.ts';
import { operatingChartSpec } from '../../src/lib/chart/operating-point-spec.ts';
import { sweepChartSpec } from '../../src/lib/chart/sweep-spec.ts';
import { locales } from '../../src/lib/i18n.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { expectGolden } from '../helpers/golden.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const goldens = join(import.meta.dirname, '../fixtures/sweep-specs');
const guides = globSync('content/guides/*/*/guide.yaml', { cwd: repoRoot })
  .map((path) => dirname(path).slice('content/guides/'.length))
  .sort();
const noProse = { title: '', description: '', slots: {} };

const charts = (id: string) => {
  const guide = buildFromDisk(id).guide;
  if (!guide) throw new Error(`${id} does not build`);
  return locales.map((lang) => [lang, guideView(guide, noProse, lang).otherCases?.sweep] as const);
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
      found.map(([lang, sweep]) => {
        if (!sweep) throw new Error(`${id} has a sweep in one language only`);
        return [
          lang,
          {
            sweep: sweepChartSpec(sweep.chart),
            ...(sweep.operating ? { operating: operatingChartSpec(sweep.operating.chart) } : {}),
          },
        ];
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
      for (const [lang, sweep] of charts(id)) {
        compile(sweepChartSpec(sweep!.chart), { logger: logger as never });
        expect(sweep!.operating, `${id} ${lang}: every setting's runs printed output TPS and TPOT`).toBeDefined();
        compile(operatingChartSpec(sweep!.operating!.chart), { logger: logger as never });
        expect(said, `${id} ${lang}`).toEqual([]);
      }
  });

  it('the SVG draws both lines, a point and a label per case, and nothing cut', async () => {
    const [, sweep] = charts('qwen3.5-35b-a3b/h200-latency')[0]!;
    const svg = await sweepChartSvg(sweep!.chart);
    expect(svg).not.toContain('…');
    const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    // The settings, beside each configuration's point.
    for (const setting of ['1', '4', '8', '16']) expect(texts.filter((t) => t === setting).length).toBe(2);
    expect(texts).toContain('Output TPS (tok/s) · higher is better');
    expect(texts).toContain('Mean Latency (s) · lower is better');
    expect(svg).toMatch(/stroke="#68727f"/);
    expect(svg).toMatch(/stroke="#2f7d4f"/);
  });

  it('the operating points: a point and a label per setting and side, no line, the answer’s point ringed', async () => {
    const [, sweep] = charts('qwen3.5-35b-a3b/h200-latency')[0]!;
    const svg = await operatingChartSvg(sweep!.operating!.chart);
    expect(svg).not.toContain('…');
    const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (const setting of ['1', '4', '8', '16']) expect(texts.filter((t) => t === setting).length).toBe(2);
    expect(texts).toContain('Output tok/s per GPU · higher is better');
    expect(texts).toContain('Output tok/s per user · higher is better');
    // Measured points only: no line joins them (a stroked path with no fill is a line or the ring).
    const strokedOnly = [...svg.matchAll(/<path fill="none"[^>]*>/g)].map((m) => m[0]);
    expect(strokedOnly).toHaveLength(1);
    // The ring sits on the recommended point at rate 1 (the guide's first case, the answer's).
    const at = (path: string) => /translate\(([\d.]+),([\d.]+)\)/.exec(path)?.slice(1, 3);
    const squares = [...svg.matchAll(/<path transform="translate\([\d.,]+\)" d="M-[^"]*Z" fill="#2f7d4f"[^>]*>/g)].map(
      (m) => at(m[0]),
    );
    expect(squares).toHaveLength(4 + 1); // four points and the legend's square
    expect(squares).toContainEqual(at(strokedOnly[0]!));
  });
});
