import type { ComputedGuide, Reproduce, Stated } from '../schema/computed.ts';
import type { z } from 'zod';
import type { ApiParts } from './api-parts.ts';
import type {
  CaseNoiseApiSchema,
  FreshnessApiSchema,
  NoiseApiSchema,
  PriceApiSchema,
  ReproduceApiSchema,
  StepNoiseApiSchema,
  WorkloadApiSchema,
} from './decision-api-schema.ts';

// The decision part of a guide's published JSON (decision-api-schema.ts), from the computed
// guide's `decision`: copied value for value, each printed figure with its raw file and line.

type Out<S extends z.ZodType> = z.infer<S>;

export type DecisionApi = {
  price?: Out<typeof PriceApiSchema>;
  freshness: Out<typeof FreshnessApiSchema>;
  noise: Out<typeof NoiseApiSchema>;
  limits: { ttftMs?: number; tpotMs?: number };
  workloads: Out<typeof WorkloadApiSchema>[];
};

export function decisionApi(guide: ComputedGuide, parts: ApiParts): DecisionApi {
  const { price, freshness, noise, limits, workloads } = guide.decision;
  const repeat = noise.repeat !== undefined ? guide.repeats[noise.repeat] : undefined;
  return {
    ...(price
      ? {
          price: { hardware: price.hardware, usdPerGpuHour: price.usdPerGpuHour, date: price.date, basis: price.basis },
        }
      : {}),
    freshness: {
      engines: freshness.engines.map((e) => ({
        id: e.id,
        name: e.name,
        ...(e.version ? { version: e.version } : {}),
        from: e.from,
      })),
      ...(freshness.date ? { date: freshness.date } : {}),
      dateFrom: freshness.dateFrom,
      ...(freshness.dateBasis ? { dateBasis: freshness.dateBasis } : {}),
    },
    noise: {
      band: noise.band,
      unit: 'percent',
      source: noise.source,
      ...(noise.basis ? { basis: noise.basis } : {}),
      ...(repeat ? { repeat: { runs: repeat.runs.map((r) => r.runId), percent: repeat.percent } } : {}),
    },
    limits: {
      ...(limits.ttftMs !== undefined ? { ttftMs: limits.ttftMs } : {}),
      ...(limits.tpotMs !== undefined ? { tpotMs: limits.tpotMs } : {}),
    },
    workloads: workloads.map((w) => ({
      id: w.id,
      label: w.label,
      cases: w.cases,
      points: w.points.map((p) => ({
        at: p.at,
        label: p.label,
        role: p.role,
        configuration: parts.configuration(p.engine, p),
        runs: [p.runId],
        score: p.score,
      })),
      ...(w.recommended !== undefined ? { recommended: w.recommended } : {}),
      ...(w.baseline !== undefined ? { baseline: w.baseline } : {}),
      best: w.best,
      ...(w.loss ? { loss: { percent: w.loss.percent, verdict: w.loss.verdict } } : {}),
      ...(w.withinLimits !== undefined ? { withinLimits: w.withinLimits } : {}),
      reproduce: reproduceApi(w.reproduce, parts),
    })),
  };
}

/** A step's noise verdict, when its winner has a change to hold against the band. */
export function stepNoise(guide: ComputedGuide, step: string): Out<typeof StepNoiseApiSchema> | undefined {
  const found = guide.decision.noise.steps.find((s) => s.step === step);
  return found ? { verdict: found.verdict, percent: found.percent, runs: found.runs } : undefined;
}

export function caseNoise(guide: ComputedGuide, id: string): Out<typeof CaseNoiseApiSchema> | undefined {
  const found = guide.decision.noise.cases.find((c) => c.case === id);
  return found ? { verdict: found.verdict, runs: found.runs } : undefined;
}

const STATED = [
  'dataset',
  'inputTokens',
  'outputTokens',
  'seed',
  'requestRate',
  'maxConcurrency',
  'peakConcurrency',
  'requests',
] as const satisfies readonly (keyof Reproduce)[];

function reproduceApi(r: Reproduce, parts: ApiParts): Out<typeof ReproduceApiSchema> {
  const stated = (s: Stated) => ({
    value: s.value,
    from: s.from,
    ...(s.cells ? { values: s.cells.map(parts.value) } : {}),
  });
  return {
    tool: r.tool,
    ...Object.fromEntries(STATED.flatMap((key) => (r[key] ? [[key, stated(r[key])]] : []))),
    ...(r.command !== undefined ? { command: r.command } : {}),
    commandFrom: r.commandFrom,
  };
}
