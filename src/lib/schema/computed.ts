import { z } from 'zod';
import { StoryFindingSchema } from './story.ts';
import { LocalizedSchema } from './guide-yaml.ts';
import { EvaluationSchema, FormatIdSchema } from './run.ts';
import { CellSchema, ComputedStepSchema, MeasuredSchema, SecondaryChangesSchema } from './computed-step.ts';
import { Accelerator, Change, Objective, OtherCasesLayout, PagePart, Scaling, SummaryMode } from './vocabulary.ts';

export * from './computed-step.ts';
export * from './computed-environment.ts';
export * from './computed-decision.ts';
import { DecisionSchema } from './computed-decision.ts';
import { EnvironmentsSchema, RunEnvironmentSchema } from './computed-environment.ts';
import { DirectionSchema, MetricKeySchema } from './metric.ts';

/**
 * data/guides/<guide>.json: everything a guide page shows, computed from guide.yaml and the runs.
 * Language-neutral: labels carry both languages, sentences are assembled per locale by src/lib/view.
 */

/** An acknowledgement's reason in the languages its author gave (at least one): guide.yaml's, normalized. */
export const ComputedReasonSchema = z
  .object({ en: z.string().optional(), zh: z.string().optional() })
  .refine((reason) => reason.en !== undefined || reason.zh !== undefined, { message: 'a reason in no language' });
export type ComputedReason = z.infer<typeof ComputedReasonSchema>;

export const AccuracySchema = z.object({
  id: z.string(),
  after: z.string(),
  title: LocalizedSchema,
  column: LocalizedSchema,
  results: z.array(
    z.object({
      label: z.string(),
      score: CellSchema,
      samples: z.number().int().positive(),
      /** what the score measures, as its run records it */
      evaluation: EvaluationSchema.optional(),
    }),
  ),
  /**
   * in what the results differ from the first, when they do: then they are shown side by side
   * with no verdict, since a test between different tasks, scorings or sample sets means nothing
   */
  incomparable: z.array(z.enum(['task', 'scoring', 'samples'])).optional(),
  /** two-proportion z-test of the first two results at 95% confidence; absent for a lone result or incomparable ones */
  verdict: z
    .object({
      difference: z.number(),
      standardError: z.number(),
      z: z.number(),
      withinNoise: z.boolean(),
      questions: z.number(),
    })
    .optional(),
});
export type Accuracy = z.infer<typeof AccuracySchema>;

export const CaseSideSchema = z.object({
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  measured: MeasuredSchema,
});

export const ComputedCaseSchema = z
  .object({
    id: z.string(),
    label: LocalizedSchema,
    profile: z.object({ id: z.string(), name: z.string() }).optional(),
    benchmark: z.string().optional(),
    baseline: CaseSideSchema,
    optimized: CaseSideSchema,
    /** optimized score vs baseline score, percent */
    percent: z.number(),
    /** baseline / optimized for a latency, optimized / baseline for a throughput: above 1 is better */
    ratio: z.number(),
    secondaryChange: Change,
  })
  /** per secondary metric, in the guide's order: optimized against baseline */
  .extend(SecondaryChangesSchema.shape);
export type ComputedCase = z.infer<typeof ComputedCaseSchema>;

export const SummaryRowSchema = z.object({
  step: z.string(),
  label: LocalizedSchema,
  /** the step's best run that served all its requests; absent when none did */
  optimized: MeasuredSchema.optional(),
  /** the step's best run when it had failed requests and was skipped */
  skipped: MeasuredSchema.optional(),
  /** what the row is measured against: the baseline, or the configuration the step started from */
  reference: MeasuredSchema,
  adopted: z.boolean(),
  /** optimized against reference; absent when there is no optimized run */
  percent: z.number().optional(),
  ratio: z.number().optional(),
  /** each secondary metric of optimized against reference; present with `percent` */
  secondaryPercent: z.array(z.number()).optional(),
  secondaryRatio: z.array(z.number()).optional(),
});

export const RunSourceSchema = z.object({
  file: z.string(),
  format: FormatIdSchema,
  blockLabel: z.string().nullable(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  raw: z.string(),
  recorded: RunEnvironmentSchema.optional(),
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
  hardware: z.object({
    name: z.string(),
    gpus: z.number().int(),
    accelerator: Accelerator,
    label: LocalizedSchema,
    short: LocalizedSchema,
  }),
  objective: Objective,
  metrics: z.object({
    primary: MetricKeySchema,
    secondary: z.array(MetricKeySchema),
    /** which way each metric is better ("lower" for a latency), for readers of the JSON download */
    better: z.object({ primary: DirectionSchema, secondary: z.array(DirectionSchema) }),
  }),
  engines: z.array(z.object({ id: z.string(), name: z.string(), version: z.string().optional() })),
  measuredOn: z.string().optional(),
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
  /**
   * The guide's gain in one figure, for the index and reports: the first benchmark case, or, for a
   * guide without a before/after table, the last adopted configuration against the baseline.
   */
  headline: z.object({ percent: z.number(), ratio: z.number(), case: LocalizedSchema.optional() }),
  /**
   * When the cases are one workload at several request rates or concurrency caps: each case's
   * throughput and latency for the baseline and the recommended configuration, by the swept value
   * (compute/sweep.ts), for the page's throughput-against-latency chart.
   */
  sweep: z
    .object({
      parameter: z.enum(['rate', 'concurrency']),
      throughput: MetricKeySchema,
      latency: MetricKeySchema,
      points: z.array(
        z.object({
          case: z.string(),
          /** requests per second, or the concurrency cap */
          value: z.number(),
          baseline: z.object({ throughput: CellSchema, latency: CellSchema }),
          optimized: z.object({ throughput: CellSchema, latency: CellSchema }),
        }),
      ),
    })
    .optional(),
  /** how cases on different accelerator counts are shown: replicated ("x2") or per accelerator ("/GPU") */
  scaling: Scaling,
  sections: z.array(z.object({ id: z.string(), title: LocalizedSchema, after: PagePart })),
  otherCases: z.discriminatedUnion('layout', [
    z.object({ layout: z.literal(OtherCasesLayout.enum['by-case']) }),
    z.object({
      layout: z.literal(OtherCasesLayout.enum['by-config']),
      baseline: OtherCasesSideSchema,
      optimized: OtherCasesSideSchema,
    }),
  ]),
  optimizationSummary: z.object({ mode: SummaryMode, rows: z.array(SummaryRowSchema) }),
  percentDecimals: z.number().int(),
  feedbackUrl: z.string().optional(),
  /** ids the guide had before: their pages send the reader to this one */
  renamedFrom: z.array(z.string()).optional(),
  /** what the story checks found and guide.yaml acknowledged, with the author's reason */
  story: z.array(z.intersection(StoryFindingSchema, z.object({ reason: ComputedReasonSchema }))),
  /**
   * One configuration measured more than once: in different steps (different runs), or repeated
   * runs of one variant (its `measured.repeats`). How far its results lie apart, where a decision
   * rests on one of them.
   */
  repeats: z.array(
    z.object({
      engine: z.string(),
      flags: z.array(z.string()),
      runs: z.array(
        z.object({
          step: z.string(),
          variant: z.string(),
          runId: z.string(),
          score: z.number(),
          /** the tool's number of the run, for the repeated runs of one variant */
          repeat: z.number().int().nonnegative().optional(),
        }),
      ),
      /**
       * percent: last against first for one configuration measured in several steps; for the
       * repeated runs of one variant, the highest against the lowest
       */
      percent: z.number(),
    }),
  ),
  /** every run the page shows, by id, with its verbatim raw text */
  runs: z.record(z.string(), RunSourceSchema),
  /** what the recorded results ran on; absent when no result has a record */
  environments: EnvironmentsSchema.optional(),
  /** what a reader decides from: per-GPU figures, cost, losses, noise, freshness, reproduction */
  decision: DecisionSchema,
});
export type ComputedGuide = z.infer<typeof ComputedGuideSchema>;
