import type { SweepChartInput } from '../chart/sweep-spec.ts';
import { shownAs } from '../format/measurement-text.ts';
import { toDisplayUnit } from '../format/metric-label.ts';
import { formatFixed } from '../format/number.ts';
import type { Cell } from '../schema/computed.ts';
import type { MetricKey } from '../schema/metric.ts';
import { metricHeading } from './metric-heading.ts';
import type { CellLine, ViewContext } from './view-context.ts';
import { operatingPoints } from './operating-point-view.ts';
import type { OperatingChartInput } from '../chart/operating-point-spec.ts';

/**
 * A sweep's throughput against latency (compute/sweep.ts): the chart, and the same numbers as a
 * table whose every value names the raw line that printed it (the chart is a picture of it).
 */
export type SweepView = {
  heading: string;
  caption: string;
  chart: SweepChartInput;
  /** the same settings' throughput per accelerator against tok/s per user, where every run printed both */
  operating?: { caption: string; chart: OperatingChartInput };
  table: {
    /** the swept setting's column, then each configuration over its metrics */
    setting: string;
    configurations: [string, string];
    /** throughput and latency, then tok/s per user (and per accelerator) where the operating points are drawn */
    metrics: string[];
    rows: { id: string; setting: string; cells: CellLine[] }[];
  };
};

/** A rate as the page writes it: "4", "0.5". */
const settingText = (value: number) => (Number.isInteger(value) ? String(value) : formatFixed(value, 2));

export function sweepView(ctx: ViewContext): SweepView | undefined {
  const { guide, tr } = ctx;
  const sweep = guide.sweep;
  if (!sweep) return undefined;
  const line = (cell: Cell, key: MetricKey) => ctx.cellLine(cell, key, shownAs(cell.value, key));
  const baseline = tr('table.baselineShort');
  const optimized = tr('table.optimized');
  const throughput = metricHeading(sweep.throughput, tr);
  const latency = metricHeading(sweep.latency, tr);
  const operating = operatingPoints(ctx, sweep, settingText);
  const extra = (id: string, side: 'baseline' | 'optimized') => operating?.cells.get(id)?.[side] ?? [];
  return {
    heading: tr(`sweep.heading.${sweep.parameter}`),
    caption: tr(`sweep.caption.${sweep.parameter}`),
    chart: {
      throughputTitle: tr('chart.higherBetter', { metric: throughput }),
      latencyTitle: tr('chart.lowerBetter', { metric: latency }),
      baselineLabel: baseline,
      optimizedLabel: optimized,
      points: sweep.points.map((point) => ({
        setting: settingText(point.value),
        baseline: {
          throughput: toDisplayUnit(point.baseline.throughput.value, sweep.throughput),
          latency: toDisplayUnit(point.baseline.latency.value, sweep.latency),
        },
        optimized: {
          throughput: toDisplayUnit(point.optimized.throughput.value, sweep.throughput),
          latency: toDisplayUnit(point.optimized.latency.value, sweep.latency),
        },
      })),
    },
    ...(operating ? { operating: { caption: operating.caption, chart: operating.chart } } : {}),
    table: {
      setting: tr(`sweep.setting.${sweep.parameter}`),
      configurations: [baseline, optimized],
      metrics: [throughput, latency, ...(operating?.metrics ?? [])],
      rows: sweep.points.map((point) => ({
        id: point.case,
        setting: settingText(point.value),
        cells: [
          line(point.baseline.throughput, sweep.throughput),
          line(point.baseline.latency, sweep.latency),
          ...extra(point.case, 'baseline'),
          line(point.optimized.throughput, sweep.throughput),
          line(point.optimized.latency, sweep.latency),
          ...extra(point.case, 'optimized'),
        ],
      })),
    },
  };
}
