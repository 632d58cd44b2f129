import { z } from 'zod';
import { LocalizedSchema } from './guide-yaml-step.ts';
import { CellSchema, VariantRefSchema } from './computed-step.ts';
import { MetricKeySchema } from './metric.ts';
import { PriceSchema } from './defaults.ts';

/**
 * The computed guide's `decision` (data/guides/<guide>.json): what a reader decides from on the
 * first screen, computed from measured values only (compute/decision.ts). Absolute figures per
 * accelerator and per user, their cost at a stated price, per workload the best measured
 * configuration and what the recommendation loses there, a noise verdict for every step and case,
 * when and with what it was measured, and what reproduces the benchmark.
 */

/** USD per million tokens at the guide's price: `price × GPUs / (tokens per second × 3600) × 10^6`. */
export const CostSchema = z.object({ total: z.number(), output: z.number().optional() });
export type Cost = z.infer<typeof CostSchema>;

/** What one measured run yields: per accelerator it ran on and per user, each from a printed value. */
export const YieldSchema = z.object({
  runId: z.string(),
  /** the accelerators the configuration ran on */
  gpus: z.number().int().positive(),
  /**
   * total_token_throughput (all its accelerators together): the run's tokens over its duration, as
   * vLLM, SGLang, AIPerf and trtllm-bench print it, or computed from its totals where the tool prints
   * another figure (guidellm's interval means, GPUStack's block), so every guide's is the same figure
   */
  total: CellSchema,
  output: CellSchema.optional(),
  /** total / gpus, tok/s */
  totalPerGpu: z.number(),
  /** output / gpus, tok/s */
  outputPerGpu: z.number().optional(),
  /** the mean time per output token after the first that the per-user figure is 1000 over: `tpot.mean` as printed, or computed from latency and TTFT for guidellm's figures (compute/decision-yield.ts, decodeTpot) */
  tpot: z.object({ key: MetricKeySchema, cell: CellSchema }).optional(),
  /** 1000 / the mean TPOT in ms: tokens per second one request receives */
  perUser: z.number().optional(),
  ttft: CellSchema.optional(),
  /** at the guide's price; absent when no price is stated for its hardware */
  cost: CostSchema.optional(),
});
export type Yield = z.infer<typeof YieldSchema>;

/** How a one-run change reads against the noise band: beyond it (better or worse), or inside it. */
export const VerdictSchema = z.enum(['gain', 'loss', 'within-noise']);
export type Verdict = z.infer<typeof VerdictSchema>;

/** Where a point was measured: a step's variant, or one side of a comparison case. */
export const PointAtSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), step: z.string(), variant: z.string() }),
  z.object({ kind: z.literal('case'), case: z.string(), side: z.enum(['baseline', 'optimized']) }),
]);

/** One measured configuration of a workload (a run shown in several places is one point). */
export const PointSchema = z.object({
  at: PointAtSchema,
  /** the step's title and the variant's label, or the case's side */
  label: LocalizedSchema,
  engine: z.object({ id: z.string(), name: z.string() }),
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  role: z.enum(['recommended', 'baseline', 'variant']),
  runId: z.string(),
  /** the objective score that ranks it (the primary metric × the replication scale) */
  score: z.number(),
  /** how many runs stand behind it */
  runs: z.number().int().positive(),
  /** absent when its run printed no total token throughput */
  yield: YieldSchema.optional(),
});
export type Point = z.infer<typeof PointSchema>;

/** A value that reproduces a benchmark, and where it is stated: guide.yaml's profile, or the run. */
export const StatedSchema = z.object({
  value: z.union([z.number(), z.string()]),
  /** `profile`: guide.yaml's profile; `run`: printed by the run; `run-mean`: the run's total over its requests */
  from: z.enum(['profile', 'run', 'run-mean']),
  /** the printed value(s) it comes from, for `run` and `run-mean` */
  cells: z.array(CellSchema).optional(),
});
export type Stated = z.infer<typeof StatedSchema>;

export const ReproduceSchema = z.object({
  /** the benchmark tool, as guide.yaml names it or the result's format tells */
  tool: z.string(),
  dataset: StatedSchema.optional(),
  inputTokens: StatedSchema.optional(),
  outputTokens: StatedSchema.optional(),
  seed: StatedSchema.optional(),
  requestRate: StatedSchema.optional(),
  /** the concurrency cap the benchmark set, as its run printed it */
  maxConcurrency: StatedSchema.optional(),
  /** when no cap was printed: the most requests in flight at once, as the run measured it */
  peakConcurrency: StatedSchema.optional(),
  requests: StatedSchema.optional(),
  /** the exact benchmark command, when a record or guide.yaml holds it */
  command: z.string().optional(),
  commandFrom: z.enum(['record', 'guide', 'not-recorded']),
});
export type Reproduce = z.infer<typeof ReproduceSchema>;

/** One workload: the configurations measured on the same benchmark (a profile, or a case alone). */
export const WorkloadSchema = z.object({
  id: z.string(),
  label: LocalizedSchema,
  /** the comparison cases measured on it, in the guide's order */
  cases: z.array(z.string()),
  points: z.array(PointSchema),
  /** indexes in `points`; the recommended configuration is absent where it was not measured */
  recommended: z.number().int().nonnegative().optional(),
  baseline: z.number().int().nonnegative().optional(),
  /** the best point by the guide's objective, among runs that served every request */
  best: z.number().int().nonnegative(),
  /** where another configuration beats the recommendation: the recommendation's score in percent of the best's */
  loss: z.object({ percent: z.number(), verdict: VerdictSchema }).optional(),
  /** the highest per-accelerator throughput within the default latency limits (`limits`), or none */
  withinLimits: z.number().int().nonnegative().optional(),
  reproduce: ReproduceSchema,
});
export type Workload = z.infer<typeof WorkloadSchema>;

export const NoiseSchema = z.object({
  /** the spread, in percent, a one-run change must exceed to count as a change */
  band: z.number(),
  /**
   * `repeats`: the guide's own, one configuration measured twice (`repeat` its index in `repeats`);
   * `default`: content/defaults.yaml's, when larger or when the guide measured no spread; `none`:
   * built without content/defaults.yaml (a lone guide in a test), band 0
   */
  source: z.enum(['repeats', 'default', 'none']),
  repeat: z.number().int().nonnegative().optional(),
  /** the default's basis, when the band is the default */
  basis: LocalizedSchema.optional(),
  steps: z.array(
    z.object({
      step: z.string(),
      winner: z.string(),
      reference: VariantRefSchema,
      /** the winner's score against the reference's, percent */
      percent: z.number(),
      runs: z.object({ winner: z.number().int().positive(), reference: z.number().int().positive() }),
      verdict: VerdictSchema,
      adopted: z.boolean(),
    }),
  ),
  cases: z.array(
    z.object({
      case: z.string(),
      percent: z.number(),
      runs: z.object({ baseline: z.number().int().positive(), optimized: z.number().int().positive() }),
      verdict: VerdictSchema,
    }),
  ),
});
export type Noise = z.infer<typeof NoiseSchema>;

export const FreshnessSchema = z.object({
  /** the recommended engine first, then the baseline's when it differs */
  engines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      version: z.string().optional(),
      /** `record`: the server reported it when the result was recorded; `guide`: guide.yaml's engines */
      from: z.enum(['record', 'guide']),
    }),
  ),
  /** YYYY-MM-DD */
  date: z.string().optional(),
  /** `record`: the last recorded result's end; `measured-on`: guide.yaml's measuredOn; `no-later-than`: guide.yaml's measuredNoLaterThan */
  dateFrom: z.enum(['record', 'measured-on', 'no-later-than', 'none']),
  dateBasis: LocalizedSchema.optional(),
});
export type Freshness = z.infer<typeof FreshnessSchema>;

export const DecisionSchema = z.object({
  /** the price the costs are at; absent when content/defaults.yaml states none for the hardware */
  price: PriceSchema.optional(),
  /** the workload of the guide's first case (its optimization target) first */
  workloads: z.array(WorkloadSchema),
  /** the latency limits the page's default answer is for (ms); absent: no limit */
  limits: z.object({ ttftMs: z.number().optional(), tpotMs: z.number().optional() }),
  noise: NoiseSchema,
  freshness: FreshnessSchema,
});
export type Decision = z.infer<typeof DecisionSchema>;
