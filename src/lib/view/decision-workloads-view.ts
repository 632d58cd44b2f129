// The decision's workloads (decision-view.ts): where another measured configuration beats the
// recommendation and by how much, each workload's outcome in full, and what to serve instead.
import { formatSignedPercent } from '../format/number.ts';
import type { Point, Workload } from '../schema/computed.ts';
import {
  type DecisionCommand,
  benchmarkLengths,
  benchmarkText,
  benchmarkTool,
  perGpu,
  runsText,
  sentences,
  usd,
  verdictText,
  type Part,
} from './decision-words.ts';
import type { ViewContext } from './view-context.ts';

/** "the baseline (vLLM)" or the variant's step and label: a measured configuration. */
export function pointName(ctx: ViewContext, p: Point): string {
  if (p.role === 'baseline') return ctx.tr('decision.baselineNamed', { engine: p.engine.name });
  return p.label[ctx.lang];
}

/** The workload's label as the page names it: a profile's, a case's or a step's. */
export const workloadName = (ctx: ViewContext, w: Workload) => w.label[ctx.lang];

/** The objective's value of a point, with its unit. */
const scoreText = (ctx: ViewContext, p: Point) => ctx.withUnit(p.score, ctx.guide.metrics.primary);

/** The recommendation and the workload's best point, when another configuration measured better. */
function lossOf(w: Workload) {
  const best = w.points[w.best];
  const rec = w.recommended === undefined ? undefined : w.points[w.recommended];
  return w.loss && best && rec ? { loss: w.loss, best, rec } : undefined;
}

/** A loss beyond the noise band, briefly: what wins and by how much. */
function lossShort(ctx: ViewContext, w: Workload): string | undefined {
  const found = lossOf(w);
  if (!found || found.loss.verdict === 'within-noise') return undefined;
  return ctx.tr('decision.lossShort', {
    workload: workloadName(ctx, w),
    best: pointName(ctx, found.best),
    delta: formatSignedPercent(found.loss.percent, ctx.guide.percentDecimals),
    metric: ctx.primaryName,
  });
}

/**
 * A workload's outcome in full: its best measured configuration, the recommendation's figures
 * beside it, and its benchmark (without the tool and dataset when every workload shares them).
 */
function workloadItem(ctx: ViewContext, w: Workload, shared: boolean): string {
  const { tr } = ctx;
  const workload = workloadName(ctx, w);
  const found = lossOf(w);
  const rec = w.recommended === undefined ? undefined : w.points[w.recommended];
  const best = w.points[w.best];
  const yieldOf = (p: Point) =>
    p.yield
      ? tr('decision.workloadYield', {
          total: perGpu(p.yield.totalPerGpu),
          accelerator: ctx.accelerator,
          cost: p.yield.cost ? usd(p.yield.cost.total) : tr('decision.notRecorded'),
        })
      : tr('decision.notRecorded');
  const benchmark = shared ? benchmarkLengths(ctx, w.reproduce) : benchmarkText(ctx, w.reproduce);
  // The commonest outcome, the recommendation best, is one sentence with its figures and benchmark.
  if (!found && rec)
    return tr('decision.workloadBest', {
      workload,
      points: w.points.length,
      runs: runsText(ctx, rec.runs),
      yield: yieldOf(rec),
      benchmark,
    });
  const parts: string[] = [];
  if (found)
    // A loss inside the noise band is not a reason to run something else.
    parts.push(
      tr(found.loss.verdict === 'within-noise' ? 'decision.lossWithin' : 'decision.loss', {
        workload,
        best: pointName(ctx, found.best),
        delta: formatSignedPercent(found.loss.percent, ctx.guide.percentDecimals),
        metric: ctx.primaryName,
        recommended: scoreText(ctx, found.rec),
        bestValue: scoreText(ctx, found.best),
        verdict: verdictText(ctx, found.loss.verdict),
      }),
    );
  else parts.push(tr('decision.workloadNoRecommended', { workload, best: best ? pointName(ctx, best) : '' }));
  if (found) parts.push(tr('decision.workloadRecommended', { yield: yieldOf(found.rec) }));
  if (best && best !== rec)
    parts.push(tr('decision.workloadBestYield', { best: pointName(ctx, best), yield: yieldOf(best) }));
  parts.push(tr('decision.workloadBenchmark', { benchmark }));
  return sentences(ctx, parts);
}

export function workloadsFact(ctx: ViewContext, workloads: Workload[]): Part {
  const measured = workloads.filter((w) => w.recommended !== undefined);
  // The first screen names the losses beyond noise; one inside it is counted, and worded in the detail.
  const losses = measured.flatMap((w) => lossShort(ctx, w) ?? []);
  const within = measured.filter((w) => w.loss?.verdict === 'within-noise').length;
  const value =
    losses.length > 0
      ? sentences(ctx, losses)
      : ctx.tr(measured.length === 1 ? 'decision.noLossOne' : 'decision.noLoss', { count: measured.length });
  const withinText = within > 0 ? [ctx.tr('decision.lossesWithin', { count: within })] : [];
  // The tool and dataset, said once when every workload ran the same.
  const [first] = workloads;
  const toolAndData = (w: Workload) => benchmarkTool(ctx, w.reproduce);
  const shared =
    workloads.length > 1 && first !== undefined && workloads.every((w) => toolAndData(w) === toolAndData(first));
  const sharedItem = shared && first ? [ctx.tr('decision.workloadsShared', { benchmark: toolAndData(first) })] : [];
  return {
    value: sentences(ctx, [value, ...withinText]),
    more: [...sharedItem, ...workloads.map((w) => workloadItem(ctx, w, shared))],
  };
}

/** Each workload's recorded benchmark command, and the winning configuration's where the recommendation loses beyond noise. */
export function detailCommands(ctx: ViewContext, workloads: Workload[]): DecisionCommand[] {
  const { tr } = ctx;
  return workloads.flatMap((w) => {
    const workload = workloadName(ctx, w);
    const out: DecisionCommand[] = [];
    if (w.reproduce.command)
      out.push({ label: tr('decision.workloadCommand', { workload }), command: w.reproduce.command });
    const found = lossOf(w);
    const served = found?.best.command ?? found?.best.args?.join(' ');
    if (found && served && found.loss.verdict !== 'within-noise')
      out.push({
        label: tr('decision.insteadCommand', { workload, best: pointName(ctx, found.best) }),
        command: served,
      });
    return out;
  });
}
