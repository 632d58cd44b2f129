import { z } from 'zod';
import { LocalizedSchema } from './guide-yaml.ts';
import { MetricValueSchema } from './run.ts';
import { Change, SummaryKind, VariantStatus } from './vocabulary.ts';

/**
 * The computed parts of a step (data/guides/<guide>.json): measured values with their source
 * lines, variants, the step's winner, adoption and summary. schema/computed.ts assembles the guide.
 */

/** A measured value and where it came from (a derived value says how: MetricValueSchema.derived). */
export const CellSchema = MetricValueSchema.extend({ runId: z.string() });
export type Cell = z.infer<typeof CellSchema>;

/** A run's measured pair and the GPU scale applied to its throughput. */
export const MeasuredSchema = z.object({
  runId: z.string(),
  primary: CellSchema,
  /** the metrics shown beside the primary, in the guide's order */
  secondary: z.array(CellSchema),
  /** the accelerators the configuration ran on: the machine's, unless guide.yaml gives `gpus` */
  gpus: z.number().int().positive(),
  /** machine GPUs / GPUs used; the primary (throughput) is multiplied by it */
  scale: z.number().positive(),
  /** primary × scale */
  score: z.number(),
  /** a throughput per accelerator it ran on (primary / gpus, also score / machine GPUs); absent for a latency */
  perAccelerator: z.number().optional(),
  /** when some requests failed: the share that succeeded (0–1); such a run never wins a step */
  successRate: z.number().optional(),
  /**
   * When the result is several runs of one configuration (RunSchema.repeat): every run, by the
   * tool's index, with its score; `runId` above is the median one (for an even count, the worse
   * of the two middle runs), so every figure shown is one run's printed value with its raw line.
   */
  repeats: z
    .object({
      runs: z.array(
        z.object({
          runId: z.string(),
          index: z.number().int().nonnegative(),
          score: z.number(),
          /** the raw line of the run's primary value (its first input's, for a derived one) */
          line: z.number().int().positive(),
        }),
      ),
      /** the widest spread: the highest score against the lowest, percent */
      percent: z.number(),
    })
    .optional(),
});
export type Measured = z.infer<typeof MeasuredSchema>;

/** A variant named with its step: a reference may be a variant of an earlier step. */
export const VariantRefSchema = z.object({ step: z.string(), variant: z.string() });
export type VariantRef = z.infer<typeof VariantRefSchema>;

/**
 * Every secondary metric of a run against a reference run's, in the guide's order: the change in
 * percent of the reference's value, and how many times better (above 1) or worse it is by that
 * metric's own direction (reference / value for a latency, value / reference for a throughput).
 */
export const SecondaryChangesSchema = z.object({
  secondaryPercent: z.array(z.number()),
  secondaryRatio: z.array(z.number()),
});
export type SecondaryChanges = z.infer<typeof SecondaryChangesSchema>;

/**
 * A variant against a reference variant: its (scaled) objective score in percent of the
 * reference's, how many times better (above 1) or worse it is, and each secondary metric's change;
 * the reference is named with it.
 */
export const VariantChangeSchema = z
  .object({ reference: VariantRefSchema, percent: z.number(), ratio: z.number() })
  .extend(SecondaryChangesSchema.shape);

export const ComputedVariantSchema = z.object({
  id: z.string(),
  /** absent for the single unlabelled run of a step */
  label: LocalizedSchema.optional(),
  engine: z.object({ id: z.string(), name: z.string() }),
  args: z.array(z.string()).optional(),
  command: z.string().optional(),
  status: VariantStatus,
  reason: LocalizedSchema.optional(),
  profile: z.object({ id: z.string(), name: z.string() }).optional(),
  measured: MeasuredSchema.optional(),
  /**
   * against the step's `reference` (the configuration the step started from); only for a run that
   * served every request, and not on the reference itself
   */
  change: VariantChangeSchema.optional(),
});
export type ComputedVariant = z.infer<typeof ComputedVariantSchema>;

export const PairwiseSummarySchema = z.object({
  kind: z.literal(SummaryKind.enum.pairwise),
  winner: z.string(),
  /** a variant of this step, or of `referenceStep` (the previous step's winner) */
  reference: z.string(),
  referenceStep: z.string().optional(),
  /**
   * How much better the winner is on the (scaled) objective metric, as a difference, as a percent of
   * the reference, and as a ratio (slower / faster for a latency, higher / lower for a throughput);
   * negative gain when an author chose a worse variant.
   */
  primary: z.object({ gain: z.number(), percent: z.number(), ratio: z.number() }),
  /** per secondary metric: |reference − winner|, its percent of the reference, the ratio larger / smaller; `change` says which way */
  secondary: z.array(z.object({ diff: z.number(), percent: z.number(), ratio: z.number().optional(), change: Change })),
});

export const StepSummarySchema = z.discriminatedUnion('kind', [
  PairwiseSummarySchema,
  z.object({ kind: z.literal(SummaryKind.enum.ranking), order: z.array(z.string()) }),
  z.object({ kind: z.literal(SummaryKind.enum.none) }),
]);
export type StepSummary = z.infer<typeof StepSummarySchema>;

export const ComputedStepSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  title: LocalizedSchema,
  summaryLabel: LocalizedSchema,
  /** the benchmark command the step's runs were measured with, when guide.yaml records it */
  benchmark: z.string().optional(),
  variants: z.array(ComputedVariantSchema),
  /** absent when no run of the step served all its requests */
  winner: z.string().optional(),
  winnerReason: LocalizedSchema.optional(),
  /**
   * Whether the step's winner became the configuration later steps build on: it must beat the
   * configuration the step started from. `notAdopted` says why not.
   */
  adopted: z.boolean(),
  notAdopted: z
    .discriminatedUnion('why', [
      z.object({ why: z.literal('no-gain') }),
      z.object({ why: z.literal('baseline-won') }),
      z.object({ why: z.literal('no-successful-run') }),
      /** every variant was unsupported or failed to start: nothing was measured */
      z.object({ why: z.literal('not-measured') }),
      z.object({ why: z.literal('author'), reason: LocalizedSchema }),
    ])
    .optional(),
  summary: StepSummarySchema,
  /**
   * What the step's results table measures each variant's `change` against: the configuration the
   * step started from (the baseline, or the last adopted winner). It is a variant of this step when
   * one of them is that configuration's run, else the variant of the earlier step that was adopted.
   * Absent when no run of the step served every request. The summary sentence may compare with
   * another variant (its `reference`: the step's worst run, as the seeds print it).
   */
  reference: VariantRefSchema.optional(),
});
export type ComputedStep = z.infer<typeof ComputedStepSchema>;
