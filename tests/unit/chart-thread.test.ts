// Charts drawn on the build's chart worker are byte for byte those drawn on the page's own thread,
// and a chart that cannot be drawn fails its page instead of hanging the build.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonChartSvg, operatingChartSvg, sweepChartSvg } from '../../src/lib/chart/render.ts';
import type { ChartLayout, ComparisonChartInput } from '../../src/lib/chart/comparison-spec.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const charts = ['glm-5.2/h200', 'glm-4.x/h200', 'qwen3-8b/h100-latency'].flatMap((id) =>
  (['en', 'zh'] as const).flatMap((lang) => {
    const chart = guideView(buildFromDisk(id).guide!, { title: '', description: '', slots: {} }, lang).conclusion
      .comparison?.chart;
    return chart ? (['wide', 'narrow'] as ChartLayout[]).map((layout) => ({ input: chart, layout })) : [];
  }),
);

const saved = process.env.PERFLAB_CHART_WORKER;
beforeAll(() => {
  process.env.PERFLAB_CHART_WORKER = join(repoRoot, 'src/chart-worker.ts');
});
afterAll(() => {
  if (saved === undefined) delete process.env.PERFLAB_CHART_WORKER;
  else process.env.PERFLAB_CHART_WORKER = saved;
});

describe('chart worker', () => {
  it('draws every chart, all requested at once, exactly as this thread does', async () => {
    const { comparisonChart } = await import('../../src/chart-thread.ts');
    expect(charts.length).toBeGreaterThanOrEqual(8);
    const onWorker = await Promise.all(charts.map(({ input, layout }) => comparisonChart(input, layout)));
    const here: string[] = [];
    for (const { input, layout } of charts) here.push(await comparisonChartSvg(input, layout));
    expect(onWorker).toEqual(here);
    expect(onWorker.every((svg) => svg.startsWith('<svg '))).toBe(true);
  });

  it('draws a sweep’s two charts as this thread does', async () => {
    const { operatingChart, sweepChart } = await import('../../src/chart-thread.ts');
    const sweep = guideView(
      buildFromDisk('qwen3-8b/h100-latency').guide!,
      { title: '', description: '', slots: {} },
      'en',
    ).otherCases?.sweep;
    expect(sweep?.operating).toBeDefined();
    const [latency, operating] = await Promise.all([sweepChart(sweep!.chart), operatingChart(sweep!.operating!.chart)]);
    expect(latency).toBe(await sweepChartSvg(sweep!.chart));
    expect(operating).toBe(await operatingChartSvg(sweep!.operating!.chart));
  });

  it('rejects a chart it cannot draw, with the worker’s reason, and goes on drawing', async () => {
    const { comparisonChart } = await import('../../src/chart-thread.ts');
    const broken = { metric: 'x', baselineLabel: 'a', optimizedLabel: 'b' } as unknown as ComparisonChartInput;
    await expect(comparisonChart(broken, 'wide')).rejects.toThrow(/^chart worker: /);
    const [first] = charts;
    expect(await comparisonChart(first!.input, first!.layout)).toBe(
      await comparisonChartSvg(first!.input, first!.layout),
    );
  });
});
