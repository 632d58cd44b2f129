// Golden files for the charts the site builds: each guide's before/after chart, as the vega-lite
// spec with its rows (what the page's SVG is drawn from, see chart-render.test.ts), in both
// languages and both layouts, compared byte for byte with tests/fixtures/chart-specs/<guide>.json.
// UPDATE_GOLDEN=chart-specs rewrites them after a deliberate change (review the diff).
import { existsSync, globSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonChartSpec, type ChartLayout } from '../../src/lib/chart/comparison-spec.ts';
import { locales } from '../../src/lib/i18n.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { expectGolden } from '../helpers/golden.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const goldens = join(import.meta.dirname, '../fixtures/chart-specs');
const layouts: ChartLayout[] = ['wide', 'narrow'];
const guides = globSync('content/guides/*/*/guide.yaml', { cwd: repoRoot })
  .map((path) => dirname(path).slice('content/guides/'.length))
  .sort();
const noProse = { title: '', description: '', slots: {} };

/** The guide's chart specs by language and layout, or undefined for a guide without a before/after chart. */
function specs(id: string) {
  const guide = buildFromDisk(id).guide;
  if (!guide) throw new Error(`${id} does not build`);
  const charts = locales.map((lang) => [lang, guideView(guide, noProse, lang).conclusion.comparison?.chart] as const);
  if (charts.every(([, chart]) => chart === undefined)) return undefined;
  return Object.fromEntries(
    charts.map(([lang, chart]) => {
      if (!chart) throw new Error(`${id} has a chart in one language only`);
      return [lang, Object.fromEntries(layouts.map((layout) => [layout, comparisonChartSpec(chart, { layout })]))];
    }),
  );
}

describe('chart specs match their golden files', () => {
  it('the site has guides with charts', () => {
    expect(guides.length).toBeGreaterThan(10);
  });

  it.each(guides)('%s', (id) => {
    const golden = join(goldens, `${id}.json`);
    const spec = specs(id);
    if (!spec) {
      // A guide without a comparison draws no chart: a golden left for it is stale.
      if (process.env.UPDATE_GOLDEN === 'chart-specs') rmSync(golden, { force: true });
      expect(existsSync(golden), `${golden}: ${id} has no chart`).toBe(false);
      return;
    }
    if (process.env.UPDATE_GOLDEN === 'chart-specs') mkdirSync(dirname(golden), { recursive: true });
    expectGolden(golden, `${JSON.stringify(spec, null, 2)}\n`, 'chart-specs');
  });

  it('every golden file is a guide’s', () => {
    const files = globSync('*/*.json', { cwd: goldens })
      .filter((path) => !path.endsWith('-changed.json'))
      .map((path) => path.replace(/\.json$/, ''));
    expect(files.filter((file) => !guides.includes(file))).toEqual([]);
  });
});
