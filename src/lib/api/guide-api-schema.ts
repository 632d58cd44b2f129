import { z } from 'zod';
import { LocalizedSchema } from '../schema/guide-yaml.ts';
import { UnitSchema, DirectionSchema } from '../schema/metric.ts';
import { Accelerator, Objective, VariantStatus } from '../schema/vocabulary.ts';
import { ConfigurationSchema, EngineSchema, FigureSchema } from './figure-schema.ts';
import {
  CaseNoiseApiSchema,
  FreshnessApiSchema,
  LimitsApiSchema,
  NoiseApiSchema,
  PriceApiSchema,
  StepNoiseApiSchema,
  WorkloadApiSchema,
  YieldApiSchema,
} from './decision-api-schema.ts';

/**
 * api/v1/guides/<guide>.json: a guide's decision for programs (a deployment tool, an agent), not
 * the computed guide's internals (data/guides, which the page reads and which may change with any
 * refactor). Every figure carries its unit and the raw file and line it was read from. Its JSON
 * Schema is written from these zod schemas (json-schemas.ts); fields are only ever added within a
 * major version (version.ts). 1.1.0 added the decision (decision-api-schema.ts): yields per
 * accelerator and per user, cost, noise verdicts, freshness and workloads.
 */

export * from './figure-schema.ts';
export * from './decision-api-schema.ts';

/** What one configuration measured. */
export const MeasurementSchema = z.object({
  /** the runs the figures stand on (their count is the run count), ids in `runs` */
  runs: z.array(z.string()).min(1),
  /** the accelerators the configuration ran on */
  gpus: z.number().int().positive(),
  /** the objective's metric */
  primary: FigureSchema,
  /** the metrics shown beside it, in the guide's order */
  secondary: z.array(FigureSchema),
  /** primary × scale, what a step ranks by: the machine's GPUs / the GPUs used, for a throughput */
  score: z.number(),
  scale: z.number().positive(),
  /** a throughput per accelerator it ran on (primary / gpus); absent for a latency */
  perGpu: z.object({ value: z.number(), unit: UnitSchema }).optional(),
  /** the share of requests that succeeded (0–1), when some failed: such a run never wins a step */
  successRate: z.number().optional(),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

const VariantRefSchema = z.object({ step: z.string(), variant: z.string() });

export const VariantSchema = z.object({
  id: z.string(),
  label: LocalizedSchema.optional(),
  /** `ok`, `unsupported` (the engine refused it) or `failed` (it did not start or serve) */
  status: VariantStatus,
  reason: LocalizedSchema.optional(),
  winner: z.boolean(),
  configuration: ConfigurationSchema,
  measurement: MeasurementSchema.optional(),
  /** against the configuration the step started from: percent of its score, and how many times better (above 1) */
  change: z
    .object({
      against: VariantRefSchema,
      percent: z.number(),
      ratio: z.number(),
      secondaryPercent: z.array(z.number()),
    })
    .optional(),
});

export const StepSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  title: LocalizedSchema,
  /** whether the step's winner became the configuration later steps build on */
  adopted: z.boolean(),
  /** why it was not: `no-gain`, `baseline-won`, `no-successful-run`, `not-measured` or `author` (with a reason) */
  notAdopted: z.object({ why: z.string(), reason: LocalizedSchema.optional() }).optional(),
  winner: z.string().optional(),
  /** the configuration the step started from */
  startedFrom: VariantRefSchema.optional(),
  /** the benchmark command its runs were measured with, when the guide records it */
  benchmark: z.string().optional(),
  variants: z.array(VariantSchema),
  /** the winner's change held against the noise band (1.1.0) */
  noise: StepNoiseApiSchema.optional(),
});

const SideSchema = z.object({ configuration: ConfigurationSchema, measurement: MeasurementSchema });

export const CaseSchema = z.object({
  id: z.string(),
  label: LocalizedSchema,
  baseline: SideSchema,
  recommended: SideSchema,
  /** recommended score in percent of the baseline's, and how many times better (above 1) */
  percent: z.number(),
  ratio: z.number(),
  secondaryPercent: z.array(z.number()),
  /** the change held against the noise band (1.1.0) */
  noise: CaseNoiseApiSchema.optional(),
});

export const AccuracyCheckSchema = z.object({
  id: z.string(),
  title: LocalizedSchema,
  results: z.array(
    z.object({
      label: z.string(),
      score: FigureSchema,
      samples: z.number().int().positive(),
      evaluation: z.object({ task: z.string(), scoring: z.string() }).optional(),
    }),
  ),
  /** in what the results differ (task, scoring, samples), when they cannot be compared */
  incomparable: z.array(z.string()).optional(),
  /** two-proportion z-test of the first two results at 95% confidence */
  verdict: z
    .object({ withinNoise: z.boolean(), difference: z.number(), standardError: z.number(), z: z.number() })
    .optional(),
});

export const RunRefSchema = z.object({
  file: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  /** the raw format perflab read it as (docs/formats.md) */
  format: z.string(),
  block: z.string().nullable(),
  /** its llm-d Benchmark Report v0.2.1, for a serving benchmark */
  benchmarkReport: z.string().optional(),
  /** what it yields per accelerator and per user, and its cost at `price` (1.1.0); absent when it printed no total throughput */
  yield: YieldApiSchema.optional(),
  /** what it ran on and when, for a result recorded with `npm run record` */
  recorded: z
    .object({
      started: z.string(),
      ended: z.string(),
      machine: z.object({ name: z.string(), count: z.number().int(), driver: z.string().optional() }).optional(),
      engine: z.object({ name: z.string().optional(), version: z.string().optional() }).optional(),
      /** who signed the record (data/allowed-signers), when its signature verified; absent: stated by the author, unsigned */
      signedBy: z.string().optional(),
    })
    .optional(),
});

export const UrlsSchema = z.object({
  en: z.string(),
  zh: z.string(),
  json: z.string(),
  csv: z.string(),
});
export type Urls = z.infer<typeof UrlsSchema>;

export const GuideApiSchema = z.object({
  $schema: z.string(),
  schemaVersion: z.string(),
  id: z.string(),
  title: LocalizedSchema,
  urls: UrlsSchema,
  model: z.object({ name: z.string(), family: z.string() }),
  hardware: z.object({ name: z.string(), gpus: z.number().int(), accelerator: Accelerator }),
  objective: Objective,
  metrics: z.object({
    primary: z.object({ metric: z.string(), unit: UnitSchema, better: DirectionSchema }),
    secondary: z.array(z.object({ metric: z.string(), unit: UnitSchema, better: DirectionSchema })),
  }),
  engines: z.array(EngineSchema),
  /** the day the results were measured (YYYY-MM-DD), when the guide says */
  measuredOn: z.string().optional(),
  recommendation: ConfigurationSchema.extend({ command: z.string() }),
  /** the guide's gain in one figure: the first benchmark case, or the last adopted step against the baseline */
  headline: z.object({
    percent: z.number(),
    ratio: z.number(),
    case: LocalizedSchema.optional(),
    recommended: MeasurementSchema,
    /** the headline case's change against the noise band, when the headline is a case (1.1.0) */
    noise: CaseNoiseApiSchema.optional(),
  }),
  baseline: SideSchema.extend({ step: z.string(), variant: z.string() }),
  steps: z.array(StepSchema),
  comparison: z.array(CaseSchema),
  accuracy: z.array(AccuracyCheckSchema),
  /** every run a figure stands on, by id */
  runs: z.record(z.string(), RunRefSchema),
  // 1.1.0: what a reader decides from.
  /** the price every `cost` is at; absent when none is stated for the hardware */
  price: PriceApiSchema.optional(),
  freshness: FreshnessApiSchema,
  noise: NoiseApiSchema,
  limits: LimitsApiSchema,
  /** the first case's workload (the optimization target) first */
  workloads: z.array(WorkloadApiSchema),
});
export type GuideApi = z.infer<typeof GuideApiSchema>;
