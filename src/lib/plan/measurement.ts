// A guide's measurements as plan lists them: what each is for, its server and benchmark, and why one cannot run.
import type { YamlPath } from '../yaml-path.ts';
import type { PlannedBenchmark } from './benchmark.ts';
import { serverKey, type PlannedServer } from './serving.ts';

export type MeasurementUse =
  | { kind: 'variant'; step: string; variant: string }
  | { kind: 'case'; case: string; side: 'baseline' | 'optimized' }
  | { kind: 'accuracy'; check: string; label: string };

/** Why a measurement cannot run as planned, at the guide.yaml key to change. */
export type PlanProblem = { message: string; path: YamlPath };

export type Measurement = {
  /** `<file>` or `<file>#<block label>`: what `npm run record` is given */
  id: string;
  /** the raw file, relative to data/raw/<guide>/ */
  file: string;
  /** the `# label` of its block in that file, when the guide names one */
  block: string | null;
  uses: MeasurementUse[];
  /** where guide.yaml names each use, in the order of `uses` */
  paths: YamlPath[];
  server?: PlannedServer;
  benchmark?: PlannedBenchmark;
  problems: PlanProblem[];
};

export type GuidePlan = { guide: string; measurements: Measurement[]; problems: PlanProblem[] };

/** What plan writes for a use, in messages and in its listing. */
export function useText(use: MeasurementUse): string {
  if (use.kind === 'variant') return `step ${use.step}, variant ${use.variant}`;
  if (use.kind === 'case') return `case ${use.case}, ${use.side}`;
  return `accuracy ${use.check}, ${use.label}`;
}

/** A measurement plan can run: a server, a benchmark, no problem. */
export function runnable(m: Measurement): m is Measurement & { server: PlannedServer; benchmark: PlannedBenchmark } {
  return m.server !== undefined && m.benchmark !== undefined && m.problems.length === 0;
}

/** The measurements grouped by the server they need, in the order each server is first needed. */
export function serverGroups(plan: GuidePlan): { key: string; server: PlannedServer; measurements: Measurement[] }[] {
  const groups = new Map<string, { key: string; server: PlannedServer; measurements: Measurement[] }>();
  for (const m of plan.measurements) {
    if (!m.server) continue;
    const key = serverKey(m.server);
    const group = groups.get(key) ?? { key, server: m.server, measurements: [] };
    group.measurements.push(m);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Where guide.yaml defines a variant a measurement is for: its place under steps, or undefined. */
export function variantPath(
  guide: { steps: readonly { id: string; variants: readonly { id: string }[] }[] },
  use: MeasurementUse,
): YamlPath | undefined {
  if (use.kind !== 'variant') return undefined;
  const s = guide.steps.findIndex((step) => step.id === use.step);
  const v = guide.steps[s]?.variants.findIndex((variant) => variant.id === use.variant) ?? -1;
  return s === -1 || v === -1 ? undefined : ['steps', s, 'variants', v];
}
