import type { Decision, Measured, Point, Workload } from '../schema/computed.ts';
import type { Defaults } from '../schema/defaults.ts';
import type { Localized } from '../schema/guide-yaml.ts';
import type { Run } from '../schema/run.ts';
import { servedEveryRequest } from '../schema/served.ts';
import type { ComputeContext } from './context.ts';
import { computeNoise, runsBehind, verdictOf } from './decision-noise.ts';
import { reproduceOf } from './decision-reproduce.ts';
import { yieldOf } from './decision-yield.ts';
import { percentChange } from './percent-change.ts';
import { bestWithin, defaultLimits, freshnessOf } from './decision-limits.ts';
import type { DecisionParts } from './decision-parts.ts';

export { bestWithin };

/**
 * What a reader decides from (schema/computed-decision.ts), from the guide's measured values only.
 * A workload is one benchmark: a profile of the guide, the steps' common benchmark, or a case
 * measured on its own. Its points are every run measured on it (a step's variants, a case's two
 * sides), so a recommendation is only ever held against configurations measured the same way.
 */

/** The benchmark a step's runs were measured with: its profile, or its command, or the steps' one. */
function stepWorkload(step: { profile?: string | undefined; benchmark?: string | undefined }): string {
  if (step.profile) return `profile:${step.profile}`;
  if (step.benchmark) return `benchmark:${step.benchmark}`;
  return 'steps';
}

type Draft = { key: string; label: Localized; cases: string[]; points: Point[]; profile?: string; stated?: string };

function joinLabel(a: Localized, b: Localized | undefined): Localized {
  return b ? { en: `${a.en}: ${b.en}`, zh: `${a.zh}：${b.zh}` } : a;
}

export function computeDecision(ctx: ComputeContext, parts: DecisionParts, defaults: Defaults | undefined): Decision {
  const { guide } = ctx;
  const price = defaults?.prices.find((p) => p.hardware === guide.hardware.name);
  const runOf = (id: string): Run | undefined => ctx.usedRuns.get(id);
  const recommendedRuns = new Set(parts.comparison.map((c) => c.optimized.measured.runId));
  const lastAdopted = parts.steps.findLast((s) => s.adopted);
  const adoptedRun = lastAdopted?.variants.find((v) => v.id === lastAdopted.winner)?.measured?.runId;
  if (parts.comparison.length === 0 && adoptedRun) recommendedRuns.add(adoptedRun);
  const baselineRuns = new Set([
    parts.baseline.measured.runId,
    ...parts.comparison.map((c) => c.baseline.measured.runId),
  ]);
  const roleOf = (runId: string): Point['role'] =>
    recommendedRuns.has(runId) ? 'recommended' : baselineRuns.has(runId) ? 'baseline' : 'variant';

  const point = (
    at: Point['at'],
    label: Localized,
    engine: Point['engine'],
    config: { args?: string[] | undefined; command?: string | undefined },
    measured: Measured,
  ): Point | undefined => {
    const run = runOf(measured.runId);
    if (!run || !servedEveryRequest(measured)) return undefined;
    const y = yieldOf(run, measured, price);
    return {
      at,
      label,
      engine,
      ...(config.args ? { args: config.args } : {}),
      ...(config.command ? { command: config.command } : {}),
      role: roleOf(measured.runId),
      runId: measured.runId,
      score: measured.score,
      runs: runsBehind(measured),
      ...(y ? { yield: y } : {}),
    };
  };

  // Workloads in the guide's order: each case's first, then the steps' where no case is measured on them.
  const drafts = new Map<string, Draft>();
  const add = (key: string, init: () => Omit<Draft, 'points' | 'cases'>, p: Point | undefined, caseId?: string) => {
    let draft = drafts.get(key);
    if (!draft) drafts.set(key, (draft = { ...init(), points: [], cases: [] }));
    if (caseId && !draft.cases.includes(caseId)) draft.cases.push(caseId);
    if (!p) return;
    const same = draft.points.findIndex((q) => q.runId === p.runId);
    if (same < 0) draft.points.push(p);
  };
  const baselineConfig =
    parts.steps.find((st) => st.id === parts.baseline.step)?.variants.find((v) => v.id === parts.baseline.variant) ??
    {};
  const stepOfRun = new Map<string, string>();
  for (const step of parts.steps) {
    const source = guide.steps.find((s) => s.id === step.id);
    for (const v of step.variants)
      if (v.measured && source && !stepOfRun.has(v.measured.runId))
        stepOfRun.set(v.measured.runId, stepWorkload(source));
  }
  for (const c of parts.comparison) {
    const source = guide.comparison.cases.find((x) => x.id === c.id);
    const key = c.profile
      ? `profile:${c.profile.id}`
      : (stepOfRun.get(c.baseline.measured.runId) ?? stepOfRun.get(c.optimized.measured.runId) ?? `case:${c.id}`);
    const init = () => ({
      key,
      label: c.label,
      ...(c.profile ? { profile: c.profile.id } : {}),
      ...(source?.benchmark ? { stated: source.benchmark } : {}),
    });
    for (const side of ['optimized', 'baseline'] as const) {
      const s = c[side];
      const engine = side === 'baseline' ? parts.baseline.engine : parts.recommended.engine;
      // A case side that names no configuration ran the guide's baseline or its recommendation.
      const config =
        s.args || s.command ? s : side === 'baseline' ? baselineConfig : { command: parts.recommended.command };
      add(key, init, point({ kind: 'case', case: c.id, side }, c.label, engine, config, s.measured), c.id);
    }
  }
  for (const step of parts.steps) {
    const source = guide.steps.find((s) => s.id === step.id);
    if (!source) continue;
    const key = stepWorkload(source);
    const init = () => ({
      key,
      label: step.title,
      ...(source.profile ? { profile: source.profile } : {}),
      ...(source.benchmark ? { stated: source.benchmark } : {}),
    });
    for (const v of step.variants)
      if (v.measured)
        add(
          key,
          init,
          point(
            { kind: 'variant', step: step.id, variant: v.id },
            joinLabel(step.title, v.label),
            v.engine,
            v,
            v.measured,
          ),
        );
  }

  const noise = computeNoise(parts.steps, parts.comparison, parts.repeats, defaults?.noise, ctx.primaryHigher);
  const better = (a: Point, b: Point) => (ctx.primaryHigher ? a.score > b.score : a.score < b.score);
  const limits = defaultLimits(ctx, parts, runOf);
  const workloads: Workload[] = [];
  for (const draft of drafts.values()) {
    const { points } = draft;
    const [first] = points;
    if (!first) continue;
    let best = 0;
    points.forEach((p, i) => {
      if (better(p, points[best] ?? first)) best = i;
    });
    const recommended = points.findIndex((p) => p.role === 'recommended');
    const baseline = points.findIndex((p) => p.role === 'baseline');
    const bestPoint = points[best] ?? first;
    const rec = points[recommended];
    const loss =
      rec && best !== recommended && bestPoint.score !== rec.score
        ? (() => {
            const percent = percentChange(bestPoint.score, rec.score);
            return { percent, verdict: verdictOf(percent, noise.band, ctx.primaryHigher) };
          })()
        : undefined;
    const within = bestWithin(points, limits);
    const reproduceRun = runOf((rec ?? bestPoint).runId);
    const profile = draft.profile ? guide.profiles.find((p) => p.id === draft.profile) : undefined;
    if (!reproduceRun) continue;
    workloads.push({
      id: draft.key,
      label: draft.label,
      cases: draft.cases,
      points,
      ...(recommended >= 0 ? { recommended } : {}),
      ...(baseline >= 0 ? { baseline } : {}),
      best,
      ...(loss ? { loss } : {}),
      ...(within !== undefined ? { withinLimits: within } : {}),
      reproduce: reproduceOf(guide, reproduceRun, profile, draft.stated ?? stepBenchmark(draft.key)),
    });
  }
  return {
    ...(price ? { price } : {}),
    workloads,
    limits,
    noise,
    freshness: freshnessOf(ctx, parts),
  };
}

/** A step workload's exact benchmark command, as guide.yaml gives it. */
function stepBenchmark(key: string): string | undefined {
  return key.startsWith('benchmark:') ? key.slice('benchmark:'.length) : undefined;
}
