import type { Decision, Freshness, Point } from '../schema/computed.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';
import type { DecisionParts } from './decision-parts.ts';
import { decodeTpot } from './decision-yield.ts';

// The decision's latency limits and freshness (compute/decision.ts assembles the rest).

/**
 * The latency limits the page answers for without script: none on a throughput guide (its
 * objective sets no latency limit); on a latency guide, the recommendation's own mean TTFT and
 * TPOT on the guide's first case, so the default answer is "as fast per request as the recommendation".
 */
export function defaultLimits(
  ctx: ComputeContext,
  parts: DecisionParts,
  runOf: (id: string) => Run | undefined,
): Decision['limits'] {
  if (ctx.primaryHigher) return {};
  const first = parts.comparison[0];
  const run = first ? runOf(first.optimized.measured.runId) : undefined;
  if (!run) return {};
  const ttft = run.metrics['ttft.mean']?.value;
  // the same TPOT the run's points are held to (bestWithin): the one its per-user figure is from
  const tpot = decodeTpot(run)?.cell.value;
  return { ...(ttft !== undefined ? { ttftMs: ttft } : {}), ...(tpot !== undefined ? { tpotMs: tpot } : {}) };
}

/** The point with the highest total throughput per accelerator whose mean TTFT and TPOT are within the limits. */
export function bestWithin(points: readonly Point[], limits: Decision['limits']): number | undefined {
  let best: number | undefined;
  points.forEach((p, i) => {
    const y = p.yield;
    if (!y) return;
    if (limits.ttftMs !== undefined && (y.ttft === undefined || y.ttft.value > limits.ttftMs)) return;
    if (limits.tpotMs !== undefined && (y.tpot === undefined || y.tpot.cell.value > limits.tpotMs)) return;
    const current = best === undefined ? undefined : points[best]?.yield;
    if (!current || y.totalPerGpu > current.totalPerGpu) best = i;
  });
  return best;
}

/** The engines of the recommendation and the baseline, with their versions, and when the results were measured. */
export function freshnessOf(ctx: ComputeContext, parts: DecisionParts): Freshness {
  const { guide } = ctx;
  const recorded = Object.values(parts.runs).flatMap((r) => (r.recorded ? [r.recorded] : []));
  const ids = [parts.recommended.engine.id, parts.baseline.engine.id].filter((id, i, all) => all.indexOf(id) === i);
  const engines = ids.flatMap((id) => {
    const engine = guide.engines.find((e) => e.id === id);
    if (!engine) return [];
    // The version the engine reported in its last recorded result.
    const version = recorded
      .filter((r) => r.engine?.id === id && r.engine.version)
      .sort((a, b) => (a.ended < b.ended ? -1 : a.ended > b.ended ? 1 : 0))
      .at(-1)?.engine?.version;
    return [
      version
        ? { id, name: engine.name, version, from: 'record' as const }
        : { id, name: engine.name, ...(engine.version ? { version: engine.version } : {}), from: 'guide' as const },
    ];
  });
  const ended = recorded.map((r) => r.ended.slice(0, 10)).sort();
  const last = ended.at(-1);
  if (last) return { engines, date: last, dateFrom: 'record' };
  if (guide.measuredOn) return { engines, date: guide.measuredOn, dateFrom: 'measured-on' };
  if (guide.measuredNoLaterThan)
    return {
      engines,
      date: guide.measuredNoLaterThan.date,
      dateFrom: 'no-later-than',
      dateBasis: guide.measuredNoLaterThan.basis,
    };
  return { engines, dateFrom: 'none' };
}
