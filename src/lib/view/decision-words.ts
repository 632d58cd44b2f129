// The words the decision's lines share (decision-view.ts, decision-workloads-view.ts): rates and
// costs as the page prints them, run counts, noise verdicts and a benchmark in one phrase.
import { formatFixed, formatPercent, roundTo } from '../format/number.ts';
import type { Reproduce, Verdict } from '../schema/computed.ts';
import type { ViewContext } from './view-context.ts';

/** Per-accelerator rates and costs as the tables print measured values: 2 decimals. */
const PER_GPU_DECIMALS = 2;
const COST_DECIMALS = 2;

export const perGpu = (value: number) => formatFixed(value, PER_GPU_DECIMALS);
export const usd = (value: number) => `$${formatFixed(value, COST_DECIMALS)}`;

export type Part = { value: string; more: string[] };

/** A command shown whole in the detail, under its label. */
export type DecisionCommand = { label: string; command: string };

export const sentences = (ctx: ViewContext, parts: string[]) => parts.join(ctx.lang === 'zh' ? '' : ' ');
export function verdictText(ctx: ViewContext, verdict: Verdict): string {
  return ctx.tr(`decision.verdict.${verdict}`, {
    band: formatPercent(ctx.guide.decision.noise.band, ctx.guide.percentDecimals),
  });
}

export const runsText = (ctx: ViewContext, n: number) =>
  ctx.tr(n === 1 ? 'decision.runsOne' : 'decision.runs', { count: n });

/** A stated value, marked as a mean where the run's totals give it. */
export function stated(ctx: ViewContext, s: Reproduce['inputTokens']): string {
  if (!s) return ctx.tr('decision.notRecorded');
  const value = typeof s.value === 'number' ? String(roundTo(s.value, 2)) : s.value;
  return s.from === 'run-mean' ? ctx.tr('decision.meanOf', { value }) : value;
}

/** The benchmark's tool and dataset: "guidellm, Random". */
export function benchmarkTool(ctx: ViewContext, r: Reproduce): string {
  const { tr } = ctx;
  return tr('decision.benchmarkTool', {
    tool: r.tool,
    dataset: r.dataset ? stated(ctx, r.dataset) : tr('decision.datasetNotRecorded'),
  });
}

/** The benchmark's lengths and concurrency: "8192 in / 1024 out tokens, concurrency 512 (peak)". */
export function benchmarkLengths(ctx: ViewContext, r: Reproduce): string {
  const { tr } = ctx;
  const concurrency = r.maxConcurrency
    ? tr('decision.maxConcurrency', { value: stated(ctx, r.maxConcurrency) })
    : r.peakConcurrency
      ? tr('decision.peakConcurrency', { value: stated(ctx, r.peakConcurrency) })
      : tr('decision.concurrencyNotRecorded');
  return tr('decision.benchmarkLengths', {
    input: stated(ctx, r.inputTokens),
    output: stated(ctx, r.outputTokens),
    concurrency,
  });
}

export function benchmarkText(ctx: ViewContext, r: Reproduce): string {
  return ctx.tr('decision.benchmarkValue', { tool: benchmarkTool(ctx, r), lengths: benchmarkLengths(ctx, r) });
}
