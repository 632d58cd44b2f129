import type { Cell, ComputedCase, ComputedGuide, Measured } from '../schema/computed.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';
import type { ComputeContext } from './context.ts';

/**
 * A sweep: the guide's benchmark cases are one workload measured at several request rates (a
 * GPUStack profile per rate) or several concurrency caps (`--max-concurrency`, printed by the
 * block), each for the baseline and the recommended configuration. The page draws throughput
 * against latency for both, the view readers of serving dashboards expect. Each point is two
 * values the runs printed (or compute derived, with its lines), so every dot links to its raw line.
 */
export type Sweep = NonNullable<ComputedGuide['sweep']>;

/** The throughput a sweep is drawn against: what the server produced, per second. */
const THROUGHPUT: MetricKey = 'output_token_throughput';
/** Fewer cases than this are a comparison, not a curve. */
const MIN_POINTS = 3;

type Side = { measured: Measured };

function throughputCell(ctx: ComputeContext, side: Side): Cell | undefined {
  const run = ctx.usedRuns.get(side.measured.runId);
  const value = run?.metrics[THROUGHPUT];
  // A replicated configuration's throughput counts more than the block printed: no dot stands for it.
  return value && side.measured.scale === 1 ? { ...value, runId: run.id } : undefined;
}

/** The latency a sweep is drawn against: the guide's own latency metric, the primary or the first secondary. */
function latencyIndex(ctx: ComputeContext): number | undefined {
  if (metricDirection(ctx.primaryKey) === 'lower') return -1;
  const index = ctx.secondaryKeys.findIndex((key) => metricDirection(key) === 'lower');
  return index < 0 ? undefined : index;
}

/** What each case set: its profile's request rate, or the concurrency cap both its runs printed. */
function setting(ctx: ComputeContext, c: ComputedCase): { parameter: Sweep['parameter']; value: number } | undefined {
  const profile = c.profile ? ctx.guide.profiles.find((p) => p.id === c.profile?.id) : undefined;
  const rate = profile?.config.request_rate;
  if (typeof rate === 'number') return { parameter: 'rate', value: rate };
  const caps = [c.baseline, c.optimized].map((side) => ctx.usedRuns.get(side.measured.runId)?.metrics.max_concurrency);
  const [baseline, optimized] = caps;
  if (baseline && optimized && baseline.value === optimized.value)
    return { parameter: 'concurrency', value: baseline.value };
  return undefined;
}

/** The same workload apart from the swept setting: profiles that differ only in their rate, or the same prompts. */
function oneWorkload(ctx: ComputeContext, cases: readonly ComputedCase[], parameter: Sweep['parameter']): boolean {
  if (parameter === 'rate') {
    const configs = cases.map((c) => {
      const config = ctx.guide.profiles.find((p) => p.id === c.profile?.id)?.config ?? {};
      return JSON.stringify(Object.entries(config).filter(([key]) => key !== 'request_rate'));
    });
    return new Set(configs).size === 1;
  }
  const inputs = cases.map((c) => ctx.usedRuns.get(c.baseline.measured.runId)?.metrics.input_tokens_total?.value);
  return inputs.every((n) => n !== undefined) && new Set(inputs).size === 1;
}

export function computeSweep(ctx: ComputeContext, cases: readonly ComputedCase[]): Sweep | undefined {
  const latency = latencyIndex(ctx);
  if (cases.length < MIN_POINTS || latency === undefined) return undefined;
  const settings = cases.map((c) => setting(ctx, c));
  const [first] = settings;
  if (!first || settings.some((s) => s?.parameter !== first.parameter)) return undefined;
  const values = settings.map((s) => s?.value);
  if (new Set(values).size !== cases.length || !oneWorkload(ctx, cases, first.parameter)) return undefined;
  const latencyOf = (side: Side) => (latency < 0 ? side.measured.primary : side.measured.secondary[latency]);
  const points = cases.map((c, i) => {
    const sides = [c.baseline, c.optimized].map((side) => {
      const throughput = throughputCell(ctx, side);
      const delay = latencyOf(side);
      return throughput && delay ? { throughput, latency: delay } : undefined;
    });
    const [baseline, optimized] = sides;
    return baseline && optimized ? { case: c.id, value: values[i] ?? 0, baseline, optimized } : undefined;
  });
  if (points.some((p) => p === undefined)) return undefined;
  return {
    parameter: first.parameter,
    throughput: THROUGHPUT,
    latency: latency < 0 ? ctx.primaryKey : (ctx.secondaryKeys[latency] ?? ctx.primaryKey),
    points: points.filter((p) => p !== undefined).sort((a, b) => a.value - b.value),
  };
}
