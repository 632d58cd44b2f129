import { z } from 'zod';
import { LocalizedSchema } from './guide.ts';
import { FormatIdSchema, MetricValueSchema } from './run.ts';
import { MetricKeySchema } from './metric.ts';

/**
 * data/guides/<guide>.json: everything a guide page shows, computed from guide.yaml and the runs.
 * Language-neutral: labels carry both languages, sentences are assembled per locale by src/lib/view.
 */

/** A measured value and where it came from. */
export const CellSchema = MetricValueSchema.extend({ runId: z.string() });
export type Cell = z.infer<typeof CellSchema>;

const Change = z.enum(['reduced', 'increased', 'unchanged']);

/** A run's measured pair and the GPU scale applied to its throughput. */
export const MeasuredSchema = z.object({
  runId: z.string(),
  primary: CellSchema,
  secondary: CellSchema,
  /** machine GPUs / GPUs used; the primary (throughput) is multiplied by it */
  scale: z.number().positive(),
  /** primary × scale */
  score: z.number(),
});
export type Measured = z.infer<typeof MeasuredSchema>;

export const ComputedVariantSchema = z.object({
  id: z.string(),
  label: LocalizedSchema,
  engine: z.object({ id: z.string(), name: z.string() }),
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  status: z.enum(['ok', 'unsupported', 'failed']),
  reason: LocalizedSchema.optional(),
  profile: z.object({ id: z.string(), name: z.string() }).optional(),
  measured: MeasuredSchema.optional(),
});
export type ComputedVariant = z.infer<typeof ComputedVariantSchema>;

export const PairwiseSummarySchema = z.object({
  kind: z.literal('pairwise'),
  winner: z.string(),
  /** a variant of this step, or of `referenceStep` (the previous step's winner) */
  reference: z.string(),
  referenceStep: z.string().optional(),
  /** how much better the winner is on the (scaled) objective metric, and that as a percent of the reference; negative when an author chose a worse variant */
  primary: z.object({ gain: z.number(), percent: z.number() }),
  /** |reference − winner| and its percent of the reference; `change` says which way */
  secondary: z.object({ diff: z.number(), percent: z.number(), change: Change }),
});

export const StepSummarySchema = z.discriminatedUnion('kind', [
  PairwiseSummarySchema,
  z.object({ kind: z.literal('ranking'), order: z.array(z.string()) }),
  z.object({ kind: z.literal('none') }),
]);
export type StepSummary = z.infer<typeof StepSummarySchema>;

export const ComputedStepSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  title: LocalizedSchema,
  summaryLabel: LocalizedSchema,
  variants: z.array(ComputedVariantSchema),
  winner: z.string(),
  winnerReason: LocalizedSchema.optional(),
  summary: StepSummarySchema,
});
export type ComputedStep = z.infer<typeof ComputedStepSchema>;

export const AccuracySchema = z.object({
  id: z.string(),
  after: z.string(),
  title: LocalizedSchema,
  column: LocalizedSchema,
  results: z.array(z.object({ label: z.string(), score: CellSchema, samples: z.number().int().positive() })),
  /** two-proportion z-test of the first two results at 95% confidence */
  verdict: z.object({
    difference: z.number(),
    standardError: z.number(),
    z: z.number(),
    withinNoise: z.boolean(),
    questions: z.number(),
  }),
});
export type Accuracy = z.infer<typeof AccuracySchema>;

export const CaseSideSchema = z.object({
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  measured: MeasuredSchema,
});

export const ComputedCaseSchema = z.object({
  id: z.string(),
  label: LocalizedSchema,
  profile: z.object({ id: z.string(), name: z.string() }).optional(),
  baseline: CaseSideSchema,
  optimized: CaseSideSchema,
  /** optimized score vs baseline score, percent */
  percent: z.number(),
  secondaryChange: Change,
});
export type ComputedCase = z.infer<typeof ComputedCaseSchema>;

export const SummaryRowSchema = z.object({
  step: z.string(),
  label: LocalizedSchema,
  optimized: MeasuredSchema,
  /** what the row is measured against: the baseline, or the previous step's winner */
  reference: MeasuredSchema,
  percent: z.number(),
});

export const RunSourceSchema = z.object({
  file: z.string(),
  format: FormatIdSchema,
  blockLabel: z.string().nullable(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  raw: z.string(),
});

const OtherCasesSideSchema = z.object({
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  log: z.string(),
  /** every result block of the log, in file order */
  runIds: z.array(z.string()),
});

export const ComputedGuideSchema = z.object({
  id: z.string(),
  title: LocalizedSchema,
  model: z.object({ name: z.string(), family: z.string(), subject: LocalizedSchema }),
  hardware: z.object({ name: z.string(), gpus: z.number().int(), label: LocalizedSchema, short: LocalizedSchema }),
  objective: z.enum(['throughput', 'latency']),
  metrics: z.object({ primary: MetricKeySchema, secondary: MetricKeySchema }),
  engines: z.array(z.object({ id: z.string(), name: z.string(), version: z.string().optional() })),
  /** `config` as [key, value] pairs: the author's key order is how the page shows it */
  profiles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      label: LocalizedSchema,
      config: z.array(z.tuple([z.string(), z.union([z.string(), z.number()])])),
    }),
  ),
  datasets: z.array(
    z.object({
      id: z.string(),
      label: LocalizedSchema,
      variants: z
        .array(z.object({ label: LocalizedSchema, inputTokens: z.number(), outputTokens: z.number() }))
        .optional(),
    }),
  ),
  benchmarkCommands: z.string().optional(),
  numberedSteps: z.boolean(),
  baseline: z.object({
    step: z.string(),
    variant: z.string(),
    engine: z.object({ id: z.string(), name: z.string() }),
    measured: MeasuredSchema,
  }),
  steps: z.array(ComputedStepSchema),
  accuracy: z.array(AccuracySchema),
  recommended: z.object({ engine: z.object({ id: z.string(), name: z.string() }), command: z.string() }),
  comparison: z.array(ComputedCaseSchema),
  otherCases: z.discriminatedUnion('layout', [
    z.object({ layout: z.literal('by-case') }),
    z.object({ layout: z.literal('by-config'), baseline: OtherCasesSideSchema, optimized: OtherCasesSideSchema }),
  ]),
  optimizationSummary: z.object({ mode: z.enum(['cumulative', 'step']), rows: z.array(SummaryRowSchema) }),
  percentDecimals: z.number().int(),
  feedbackUrl: z.string().optional(),
  /** every run the page shows, by id, with its verbatim raw text */
  runs: z.record(z.string(), RunSourceSchema),
});
export type ComputedGuide = z.infer<typeof ComputedGuideSchema>;
