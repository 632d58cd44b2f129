import { z } from 'zod';
import { LocalizedSchema } from '../schema/guide-yaml.ts';
import { UnitSchema } from '../schema/metric.ts';
import { ConfigurationSchema, FigureSchema, PrintedValueSchema } from './figure-schema.ts';

/**
 * What a reader decides from (the computed guide's `decision`, compute/decision.ts), in the
 * published guide JSON since schema version 1.1.0: what a configuration yields per accelerator and
 * per user and what it costs at a stated price, how sure each step's and case's change is, when and
 * with which engine versions it was measured, and per workload the best measured configuration and
 * what reproduces the benchmark. Every value is computed from printed ones, which it names.
 */

/** `value` tokens per second in `unit`, computed from printed figures. */
const RateSchema = z.object({ value: z.number(), unit: UnitSchema });

/**
 * What one run yields on the accelerators it ran on. `cost` is USD per million tokens at the
 * guide's `price`: usdPerGpuHour × gpus × 10^6 / (tok/s × 3600), `total` over all tokens
 * (input and output) and `output` over the generated ones.
 */
export const YieldApiSchema = z.object({
  gpus: z.number().int().positive(),
  /**
   * total_token_throughput, all accelerators together: the run's tokens over its duration, as
   * printed, or `derived` from its totals where its tool prints another figure (GPUStack's block:
   * guidellm's interval means), so that every guide's is the same figure
   */
  total: FigureSchema,
  output: FigureSchema.optional(),
  /** total / gpus */
  totalPerGpu: RateSchema,
  /** output / gpus */
  outputPerGpu: RateSchema.optional(),
  /** what one request receives: 1000 / the mean time per output token (ms), the figure in `tpot` */
  perUser: RateSchema.extend({ tpot: FigureSchema }).optional(),
  ttft: FigureSchema.optional(),
  cost: z.object({ unit: z.literal('USD/Mtok'), total: z.number(), output: z.number().optional() }).optional(),
});
export type YieldApi = z.infer<typeof YieldApiSchema>;

/** How a change reads against the noise band: beyond it, better or worse, or inside it. */
export const VerdictApiSchema = z.enum(['gain', 'loss', 'within-noise']);

/** A step's change (its winner against the configuration it started from) held against the band. */
export const StepNoiseApiSchema = z.object({
  verdict: VerdictApiSchema,
  /** the winner's score against the reference's, percent */
  percent: z.number(),
  /** how many runs stand behind each side */
  runs: z.object({ winner: z.number().int().positive(), reference: z.number().int().positive() }),
});

export const CaseNoiseApiSchema = z.object({
  verdict: VerdictApiSchema,
  runs: z.object({ baseline: z.number().int().positive(), optimized: z.number().int().positive() }),
});

/** The band, in percent, a one-run change must exceed to count as a change, and where it comes from. */
export const NoiseApiSchema = z.object({
  band: z.number(),
  unit: z.literal('percent'),
  /** `repeats`: this guide measured one configuration twice; `default`: the site's stated default; `none`: no band */
  source: z.enum(['repeats', 'default', 'none']),
  /** the stated default's basis */
  basis: LocalizedSchema.optional(),
  /** for `repeats`: the runs of the one configuration, and the last against the first, percent */
  repeat: z.object({ runs: z.array(z.string()), percent: z.number() }).optional(),
});

/** The price `cost` is at: a stated figure with its date and basis, not a measurement. */
export const PriceApiSchema = z.object({
  hardware: z.string(),
  usdPerGpuHour: z.number(),
  date: z.string(),
  basis: LocalizedSchema,
});

/** When and with which engine versions the results were measured. */
export const FreshnessApiSchema = z.object({
  /** the recommended engine first; `from`: `record` (the server reported it), `guide` (guide.yaml) */
  engines: z.array(
    z.object({ id: z.string(), name: z.string(), version: z.string().optional(), from: z.enum(['record', 'guide']) }),
  ),
  /** YYYY-MM-DD */
  date: z.string().optional(),
  /** `record`: the last recorded result's end; `measured-on`: guide.yaml's date; `no-later-than`: a date the results are known to precede */
  dateFrom: z.enum(['record', 'measured-on', 'no-later-than', 'none']),
  dateBasis: LocalizedSchema.optional(),
});

/** A benchmark setting and where it is stated: guide.yaml's profile, or printed by the run (`values`). */
const StatedApiSchema = z.object({
  value: z.union([z.number(), z.string()]),
  /** `profile`, `run`, or `run-mean` (a total over the run's requests: `values` are the two) */
  from: z.enum(['profile', 'run', 'run-mean']),
  values: z.array(PrintedValueSchema).optional(),
});

/** What reproduces a workload's benchmark. */
export const ReproduceApiSchema = z.object({
  tool: z.string(),
  dataset: StatedApiSchema.optional(),
  inputTokens: StatedApiSchema.optional(),
  outputTokens: StatedApiSchema.optional(),
  seed: StatedApiSchema.optional(),
  requestRate: StatedApiSchema.optional(),
  /** the concurrency cap the benchmark set */
  maxConcurrency: StatedApiSchema.optional(),
  /** without a cap: the most requests in flight at once, as measured */
  peakConcurrency: StatedApiSchema.optional(),
  requests: StatedApiSchema.optional(),
  command: z.string().optional(),
  /** where `command` comes from: a recorded run, guide.yaml, or nowhere */
  commandFrom: z.enum(['record', 'guide', 'not-recorded']),
});

/** One measured configuration of a workload. */
export const PointApiSchema = z.object({
  /** a step's variant, or a comparison case's side */
  at: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('variant'), step: z.string(), variant: z.string() }),
    z.object({ kind: z.literal('case'), case: z.string(), side: z.enum(['baseline', 'optimized']) }),
  ]),
  label: LocalizedSchema,
  role: z.enum(['recommended', 'baseline', 'variant']),
  configuration: ConfigurationSchema,
  /** the runs it stands on, ids in `runs` (each with its `yield`) */
  runs: z.array(z.string()).min(1),
  /** the objective's score that ranks it (as a measurement's `score`) */
  score: z.number(),
});

/**
 * The configurations measured on one benchmark, and which is best. `recommended`, `baseline`,
 * `best` and `withinLimits` are indexes in `points`; `loss` is where another configuration beats
 * the recommendation (its score in percent of the best's, with its verdict).
 */
export const WorkloadApiSchema = z.object({
  id: z.string(),
  label: LocalizedSchema,
  /** the comparison cases measured on it */
  cases: z.array(z.string()),
  points: z.array(PointApiSchema),
  recommended: z.number().int().nonnegative().optional(),
  baseline: z.number().int().nonnegative().optional(),
  best: z.number().int().nonnegative(),
  loss: z.object({ percent: z.number(), verdict: VerdictApiSchema }).optional(),
  /** the highest throughput per accelerator within `limits`, when a point meets them */
  withinLimits: z.number().int().nonnegative().optional(),
  reproduce: ReproduceApiSchema,
});

/** The latency limits `withinLimits` answers for, ms; absent: no limit. */
export const LimitsApiSchema = z.object({ ttftMs: z.number().optional(), tpotMs: z.number().optional() });
