import type { TopLevelSpec } from 'vega-lite';
import { CHART_COLORS, chartConfig } from './comparison-spec.ts';

/**
 * Throughput against latency across a sweep of request rates or concurrency caps: one line for the
 * baseline and one for the recommended configuration, a point per case labelled with its setting.
 * Down and to the right is better: more throughput at less latency; a configuration whose line lies
 * below the other serves the same load sooner. One layout, drawn at a width a phone's column holds
 * and shown at that size on a desk too, beside the sweep's operating points (operating-point-spec.ts).
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

const WIDTH = 280;
const HEIGHT = 220;
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

/** Where a series' setting labels sit beside its points. */
type LabelPlacement = { align: 'left' | 'right'; dx: number; dy: number };
type Axis = { field: string; title: string; tickCount: number };
type Layer = Record<string, unknown>;

/**
 * What both sweep charts share (this one and operating-point-spec.ts): the baseline and the
 * recommended configuration as two series told apart by colour and by shape, two quantitative
 * axes from zero, a point per row with its setting beside it, and the layers each adds.
 */
export function twoSeriesSpec(spec: {
  series: [baseline: string, optimized: string];
  values: object[];
  x: Axis;
  y: Axis;
  /** drawn under the points (a line joining them) and over them (a ring) */
  under?: Layer[];
  over?: Layer[];
  labels: [baseline: LabelPlacement, optimized: LabelPlacement];
}): TopLevelSpec {
  const { series } = spec;
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
  const axis = (a: Axis, flush: boolean) => ({
    field: a.field,
    type: 'quantitative' as const,
    title: a.title,
    scale: { zero: true, nice: true },
    axis: { tickCount: a.tickCount, ...(flush ? { labelFlush: true } : {}) },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH,
    height: HEIGHT,
    background: 'transparent',
    padding: { left: 0, right: 12, top: 4, bottom: 4 },
    config: chartConfig(),
    data: { values: spec.values },
    encoding: { x: axis(spec.x, true), y: axis(spec.y, false), color },
    layer: [
      ...(spec.under ?? []),
      { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { shape } },
      ...(spec.over ?? []),
      ...series.map((name, i) => {
        const { align, dx, dy } = spec.labels[i] ?? { align: 'left', dx: 0, dy: 0 };
        return {
          transform: [{ filter: { field: 'series', equal: name } }],
          mark: { type: 'text' as const, align, dx, dy, fontSize: FONT_SIZE },
          encoding: { text: { field: 'setting', type: 'nominal' as const }, color: { value: CHART_COLORS.ink } },
        };
      }),
    ],
  } as TopLevelSpec;
}

export function sweepChartSpec(input: SweepChartInput): TopLevelSpec {
  return twoSeriesSpec({
    series: [input.baselineLabel, input.optimizedLabel],
    values: sweepChartData(input),
    x: { field: 'throughput', title: input.throughputTitle, tickCount: 3 },
    y: { field: 'latency', title: input.latencyTitle, tickCount: 4 },
    under: [{ mark: { type: 'line', strokeWidth: 2 }, encoding: { order: { field: 'order', type: 'quantitative' } } }],
    // The setting beside each point: above the baseline's line, below the recommended one's,
    // which a tuned configuration keeps under the baseline, so the two sets stay apart.
    labels: [
      { align: 'left', dx: 6, dy: -7 },
      { align: 'left', dx: 6, dy: 14 },
    ],
  });
}
