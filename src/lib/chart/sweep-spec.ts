import type { TopLevelSpec } from 'vega-lite';
import { CHART_COLORS, chartConfig, type ChartLayout } from './comparison-spec.ts';

/**
 * Throughput against latency across a sweep of request rates or concurrency caps: one line for the
 * baseline and one for the recommended configuration, a point per case labelled with its setting.
 * Down and to the right is better: more throughput at less latency; a configuration whose line lies
 * below the other serves the same load sooner. Drawn at the width it is shown at, like the before/after chart.
 */
export type SweepChartInput = {
  /** the horizontal axis: "Output TPS (tok/s) · higher is better" */
  throughputTitle: string;
  /** the vertical axis: "Mean Latency (s) · lower is better" */
  latencyTitle: string;
  baselineLabel: string;
  optimizedLabel: string;
  /** each case's two points, in the page's units; `setting` is the rate or cap drawn beside them ("4") */
  points: {
    setting: string;
    baseline: { throughput: number; latency: number };
    optimized: { throughput: number; latency: number };
  }[];
};

const WIDTHS: Record<ChartLayout, number> = { wide: 520, narrow: 300 };
const HEIGHTS: Record<ChartLayout, number> = { wide: 280, narrow: 240 };
const FONT_SIZE = 12;

/** The chart's rows: a row per point, its series and the setting beside it. */
export function sweepChartData(input: SweepChartInput) {
  return input.points.flatMap((point, order) =>
    (['baseline', 'optimized'] as const).map((side) => ({
      series: side === 'baseline' ? input.baselineLabel : input.optimizedLabel,
      order,
      throughput: point[side].throughput,
      latency: point[side].latency,
      setting: point.setting,
    })),
  );
}

export function sweepChartSpec(input: SweepChartInput, options: { layout?: ChartLayout } = {}): TopLevelSpec {
  const layout = options.layout ?? 'wide';
  const series = [input.baselineLabel, input.optimizedLabel];
  // Colour and shape share one legend (vega-lite merges the two on one field): the same legend
  // properties on both, or it warns of a conflict on every build.
  const legend = { orient: 'top' as const, direction: 'horizontal' as const };
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    scale: { domain: series, range: [CHART_COLORS.baseline, CHART_COLORS.optimized] },
    legend,
  };
  // A shape per series as well as a colour: the two are told apart without colour too.
  const shape = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    scale: { domain: series, range: ['circle', 'square'] },
    legend,
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTHS[layout],
    height: HEIGHTS[layout],
    background: 'transparent',
    padding: { left: 0, right: 8, top: 4, bottom: 4 },
    config: chartConfig(),
    data: { values: sweepChartData(input) },
    encoding: {
      x: {
        field: 'throughput',
        type: 'quantitative',
        title: input.throughputTitle,
        scale: { zero: true, nice: true },
        axis: { tickCount: layout === 'wide' ? 5 : 3, labelFlush: true },
      },
      y: {
        field: 'latency',
        type: 'quantitative',
        title: input.latencyTitle,
        scale: { zero: true, nice: true },
        axis: { tickCount: 4 },
      },
      color,
    },
    layer: [
      { mark: { type: 'line', strokeWidth: 2 }, encoding: { order: { field: 'order', type: 'quantitative' } } },
      { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { shape } },
      // The setting beside each point: above the baseline's line, below the recommended one's,
      // which a tuned configuration keeps under the baseline, so the two sets stay apart.
      ...(
        [
          [input.baselineLabel, -7],
          [input.optimizedLabel, 14],
        ] as const
      ).map(([name, dy]) => ({
        transform: [{ filter: { field: 'series', equal: name } }],
        mark: { type: 'text' as const, align: 'left' as const, dx: 6, dy, fontSize: FONT_SIZE },
        encoding: { text: { field: 'setting', type: 'nominal' as const }, color: { value: CHART_COLORS.ink } },
      })),
    ],
  };
}
