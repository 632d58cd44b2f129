import type { TopLevelSpec } from 'vega-lite';
import { CHART_COLORS } from './comparison-spec.ts';
import { twoSeriesSpec } from './sweep-spec.ts';

/**
 * The operating points of a sweep: output throughput per accelerator against the output rate one
 * request receives, a point per measured setting (request rate or concurrency cap) for the baseline
 * and the recommended configuration. Up and to the right is better. Only measured points are drawn:
 * no line joins them, since nothing between two settings was measured. The point the page's answer
 * quotes is ringed. One layout, as the sweep's other chart (sweep-spec.ts), beside it at a desk.
 */
export type OperatingChartInput = {
  /** the horizontal axis: "Output tok/s per user · higher is better" */
  perUserTitle: string;
  /** the vertical axis: "Output tok/s per GPU · higher is better" */
  perGpuTitle: string;
  baselineLabel: string;
  optimizedLabel: string;
  /** each setting's two points; `setting` is drawn beside them ("4") */
  points: {
    setting: string;
    baseline: { perGpu: number; perUser: number };
    optimized: { perGpu: number; perUser: number };
  }[];
  /** the index in `points` whose recommended point the answer quotes, ringed */
  marked?: number;
};

/** The chart's rows: a row per point, its series, its setting and whether it is the ringed one. */
export function operatingChartData(input: OperatingChartInput) {
  return input.points.flatMap((point, index) =>
    (['baseline', 'optimized'] as const).map((side) => ({
      series: side === 'baseline' ? input.baselineLabel : input.optimizedLabel,
      perGpu: point[side].perGpu,
      perUser: point[side].perUser,
      setting: point.setting,
      marked: side === 'optimized' && index === input.marked,
    })),
  );
}

export function operatingChartSpec(input: OperatingChartInput): TopLevelSpec {
  return twoSeriesSpec({
    series: [input.baselineLabel, input.optimizedLabel],
    values: operatingChartData(input),
    x: { field: 'perUser', title: input.perUserTitle, tickCount: 3 },
    y: { field: 'perGpu', title: input.perGpuTitle, tickCount: 4 },
    // The ring round the answer's point: marked by its shape, not by a colour of its own.
    over: [
      {
        transform: [{ filter: 'datum.marked' }],
        mark: { type: 'point', shape: 'circle', filled: false, size: 260, strokeWidth: 2, opacity: 1 },
        encoding: { color: { value: CHART_COLORS.optimized } },
      },
    ],
    // The setting beside each point: left of the baseline's, right of the recommended one's, which
    // a tuned configuration keeps to the right of the baseline's, so the two sets stay apart.
    labels: [
      { align: 'right', dx: -7, dy: 4 },
      { align: 'left', dx: 7, dy: 4 },
    ],
  });
}
