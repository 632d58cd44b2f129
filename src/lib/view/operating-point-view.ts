import type { OperatingChartInput } from '../chart/operating-point-spec.ts';
import { metricLabel } from '../format/metric-label.ts';
import type { ComputedGuide, Point, Yield } from '../schema/computed.ts';
import { perGpu } from './decision-words.ts';
import type { CellLine, ViewContext } from './view-context.ts';

/**
 * A sweep's operating points (issue 36): at each measured setting, what the baseline and the
 * recommended configuration yield per accelerator against what one request receives, both from the
 * decision's per-run yield (compute/decision-yield.ts), so the figures are the first screen's. The
 * sweep's table carries them (sweep-view.ts): the chart is a picture of its columns, whose every
 * value names the raw line it comes from.
 */
export type OperatingPoints = {
  caption: string;
  chart: OperatingChartInput;
  /** the sweep table's extra columns per configuration: tok/s per user, and per accelerator where a run used several */
  metrics: string[];
  /** by case: each configuration's cells under `metrics` */
  cells: Map<string, { baseline: CellLine[]; optimized: CellLine[] }>;
};

type Sweep = NonNullable<ComputedGuide['sweep']>;
type Operating = { perGpu: number; perUser: number; gpus: number; perGpuCell: CellLine; perUserCell: CellLine };

/** One run's operating point: its output per accelerator and its output per user, each with its line. */
function operatingOf(ctx: ViewContext, y: Yield | undefined): Operating | undefined {
  if (!y?.output || y.outputPerGpu === undefined || y.perUser === undefined || !y.tpot) return undefined;
  const { tr } = ctx;
  const output = ctx.cellLine(y.output, 'output_token_throughput', perGpu(y.outputPerGpu));
  const perUser = ctx.cellLine(y.tpot.cell, y.tpot.key, perGpu(y.perUser));
  return {
    perGpu: y.outputPerGpu,
    perUser: y.perUser,
    gpus: y.gpus,
    perGpuCell: {
      ...output,
      derived: tr('operating.perGpuFrom', { output: y.output.printed, gpus: y.gpus, accelerator: ctx.accelerator }),
    },
    perUserCell: {
      ...perUser,
      derived: y.tpot.cell.derived
        ? tr('operating.perUserFromComputed', {
            metric: metricLabel(y.tpot.key),
            tpot: y.tpot.cell.printed,
            formula: tr(`cell.formula.${y.tpot.cell.derived.formula}`),
          })
        : tr('operating.perUserFrom', { metric: metricLabel(y.tpot.key), tpot: y.tpot.cell.printed }),
    },
  };
}

/**
 * Absent where a setting's run printed no output throughput or TPOT: only measured points are
 * drawn, and a sweep with a hole is not drawn as one.
 */
export function operatingPoints(
  ctx: ViewContext,
  sweep: Sweep,
  setting: (value: number) => string,
): OperatingPoints | undefined {
  const { guide, tr } = ctx;
  const byRun = new Map<string, Point>();
  for (const w of guide.decision.workloads) for (const p of w.points) if (!byRun.has(p.runId)) byRun.set(p.runId, p);
  const sideOf = (runId: string) => operatingOf(ctx, byRun.get(runId)?.yield);
  const rows = sweep.points.flatMap((point) => {
    const baseline = sideOf(point.baseline.throughput.runId);
    const optimized = sideOf(point.optimized.throughput.runId);
    return baseline && optimized ? [{ point, baseline, optimized }] : [];
  });
  if (rows.length !== sweep.points.length) return undefined;
  const headline = guide.comparison[0]?.id;
  const marked = rows.findIndex((r) => r.point.case === headline);
  const markedRow = rows[marked];
  const { accelerator } = ctx;
  // Per accelerator is the table's output throughput where every run used one: a column of its own only otherwise.
  const gpus = [...new Set(rows.flatMap((r) => [r.baseline.gpus, r.optimized.gpus]))];
  const perGpuColumn = gpus.length !== 1 || gpus[0] !== 1;
  const perGpuName = tr('operating.perGpu', { accelerator });
  const perUserName = tr('operating.perUser');
  const cellsOf = (side: Operating) => (perGpuColumn ? [side.perGpuCell, side.perUserCell] : [side.perUserCell]);
  const caption = [
    tr(`operating.caption.${sweep.parameter}`, {
      accelerator,
      perGpu: perGpuColumn ? tr('operating.perGpuColumn', { accelerator }) : tr('operating.perGpuOne', { accelerator }),
    }),
    markedRow ? tr(`operating.marked.${sweep.parameter}`, { setting: setting(markedRow.point.value) }) : '',
  ];
  return {
    caption: caption.filter(Boolean).join(ctx.lang === 'zh' ? '' : ' '),
    chart: {
      perUserTitle: tr('chart.higherBetter', { metric: perUserName }),
      perGpuTitle: tr('chart.higherBetter', { metric: perGpuName }),
      baselineLabel: tr('table.baselineShort'),
      optimizedLabel: tr('table.optimized'),
      points: rows.map((r) => ({
        setting: setting(r.point.value),
        baseline: { perGpu: r.baseline.perGpu, perUser: r.baseline.perUser },
        optimized: { perGpu: r.optimized.perGpu, perUser: r.optimized.perUser },
      })),
      ...(marked < 0 ? {} : { marked }),
    },
    metrics: perGpuColumn ? [perGpuName, perUserName] : [perUserName],
    cells: new Map(rows.map((r) => [r.point.case, { baseline: cellsOf(r.baseline), optimized: cellsOf(r.optimized) }])),
  };
}
