import { z } from 'zod';
import { FormatIdSchema } from './run.ts';
import { MetricKeySchema } from './metric.ts';
import { SafeUrlSchema } from './safe-url.ts';
import { ACKNOWLEDGEABLE_CODES } from '../diagnostics/codes.ts';

/**
 * content/guides/<model>/<hardware>/guide.yaml: the structure of one guide, written once for both
 * languages. Short labels are `{en, zh}` maps, or one string when both languages use it (metric
 * names, engine names and flags stay English on zh pages, as in the seeds).
 */

const Slug = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'expected a lower-case id of letters, digits, ".", "_" or "-"');

export const LocalizedSchema = z.strictObject({ en: z.string().min(1), zh: z.string().min(1) });
export type Localized = z.infer<typeof LocalizedSchema>;

export const LabelSchema = z.union([z.string().min(1), LocalizedSchema]);
export type Label = z.infer<typeof LabelSchema>;

/** Where a run comes from: a raw file under data/raw/<guide>/, and which block of it. */
export const ResultRefSchema = z.union([
  z.string().min(1),
  z.strictObject({
    file: z.string().min(1),
    /** the `# label` line before the block, or its 1-based position in the file */
    block: z.union([z.string().min(1), z.number().int().positive()]).optional(),
    format: FormatIdSchema.optional(),
  }),
]);
export type ResultRef = z.infer<typeof ResultRefSchema>;

export const EngineSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  version: z.string().min(1).optional(),
});

export const ProfileSchema = z.strictObject({
  id: Slug,
  /** the profile's own name as the benchmark tool knows it ("Balanced") */
  name: z.string().min(1),
  /** heading of the profile's configuration block */
  label: LabelSchema,
  /** the configuration, shown as a YAML block */
  config: z.record(z.string(), z.union([z.string(), z.number()])),
});

const RunConfig = {
  /** backend parameters, one per line as the page shows them */
  args: z.array(z.string().min(1)).optional(),
  /** a full serving command, for guides that show commands instead of parameters */
  command: z.string().min(1).optional(),
};

export const VariantSchema = z
  .strictObject({
    id: Slug,
    label: LabelSchema,
    engine: Slug,
    ...RunConfig,
    /** GPUs this variant uses, when fewer than the machine has; its throughput is scaled up to the machine */
    gpus: z.number().int().positive().optional(),
    status: z.enum(['ok', 'unsupported', 'failed']).default('ok'),
    reason: LabelSchema.optional(),
    result: ResultRefSchema.optional(),
  })
  .superRefine((variant, ctx) => {
    if (variant.status === 'ok' && variant.result === undefined) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: 'a variant with status "ok" needs a result' });
    }
    if (variant.status !== 'ok' && variant.result !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['result'],
        message: `a variant with status "${variant.status}" has no result`,
      });
    }
    if (variant.status !== 'ok' && variant.reason === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `a variant with status "${variant.status}" needs a reason`,
      });
    }
  });
export type Variant = z.infer<typeof VariantSchema>;

export const StepSchema = z.strictObject({
  id: Slug,
  title: LocalizedSchema,
  /** shorter name for the optimization summary table; defaults to the title */
  summaryLabel: LocalizedSchema.optional(),
  profile: Slug.optional(),
  /** how the step's result is stated: a pairwise sentence, a ranking sentence, or nothing */
  summary: z.enum(['pairwise', 'ranking', 'none']),
  /** what the winner is compared with in a pairwise sentence */
  reference: z
    .union([z.enum(['worst', 'first', 'previous-winner']), z.strictObject({ variant: Slug })])
    .default('worst'),
  /** `auto` picks the best variant by the objective metric; an author may overrule with a reason */
  winner: z.union([z.literal('auto'), z.strictObject({ variant: Slug, reason: LocalizedSchema })]).default('auto'),
  variants: z.array(VariantSchema).min(1),
});
export type Step = z.infer<typeof StepSchema>;

export const AccuracyCheckSchema = z.strictObject({
  id: Slug,
  /** the step after which the check is shown */
  after: Slug,
  title: LocalizedSchema,
  /** heading of the column that names each result (e.g. the KV cache dtype) */
  column: LocalizedSchema,
  /** sample count, when the raw output does not print it (SGLang's GSM8K stdout does not) */
  samples: z.number().int().positive().optional(),
  results: z.array(z.strictObject({ label: z.string().min(1), result: ResultRefSchema })).min(2),
});

const CaseSide = z.strictObject({
  ...RunConfig,
  result: ResultRefSchema,
  gpus: z.number().int().positive().optional(),
});

export const CaseSchema = z.strictObject({
  id: Slug,
  label: LabelSchema,
  profile: Slug.optional(),
  baseline: CaseSide,
  optimized: CaseSide,
});

/** A dataset of the benchmark method, optionally with sequence-length variants. */
export const DatasetSchema = z.strictObject({
  id: Slug,
  label: LabelSchema,
  variants: z
    .array(
      z.strictObject({
        label: LocalizedSchema,
        inputTokens: z.number().int().positive(),
        outputTokens: z.number().int().positive(),
      }),
    )
    .optional(),
});

const OtherCasesSide = z.strictObject({ ...RunConfig, log: z.string().min(1) });

/**
 * "Other benchmark cases": `by-case` shows each comparison case with its two raw results (GLM-5.2);
 * `by-config` shows the baseline and the optimized configuration, each with one log holding all
 * its labelled result blocks (GLM-4.x).
 */
export const OtherCasesSchema = z.discriminatedUnion('layout', [
  z.strictObject({ layout: z.literal('by-case') }),
  z.strictObject({ layout: z.literal('by-config'), baseline: OtherCasesSide, optimized: OtherCasesSide }),
]);

export const GuideSchema = z.strictObject({
  title: LocalizedSchema,
  model: z.strictObject({
    name: z.string().min(1),
    family: z.string().min(1),
    /** how the conclusion names what was tuned, when not just the model name ("GLM-4.x (4.5, 4.6 and 4.7)") */
    subject: LabelSchema.optional(),
  }),
  hardware: z.strictObject({
    name: z.string().min(1),
    gpus: z.number().int().positive(),
    /** the setup section's description of the machine */
    label: LabelSchema,
    /** the conclusion's short name for it, when different ("H200 GPUs") */
    short: LabelSchema.optional(),
  }),
  objective: z.enum(['throughput', 'latency']),
  metrics: z.strictObject({
    /** what decides winners; defaults from the objective */
    primary: MetricKeySchema.optional(),
    /** the latency shown next to it in tables and sentences ("Mean TPOT") */
    secondary: MetricKeySchema,
  }),
  engines: z.array(EngineSchema).min(1),
  profiles: z.array(ProfileSchema).default([]),
  datasets: z.array(DatasetSchema).default([]),
  /** the benchmark commands, shown as one shell block */
  benchmarkCommands: z.string().min(1).optional(),
  /** prefix step headings with their number ("1. Choose the inference engine") */
  numberedSteps: z.boolean().default(false),
  /** the un-tuned configuration every gain is measured against */
  baseline: z.strictObject({ step: Slug, variant: Slug }),
  steps: z.array(StepSchema).min(1),
  accuracy: z.array(AccuracyCheckSchema).default([]),
  recommended: z.strictObject({ engine: Slug, command: z.string().min(1) }),
  comparison: z.strictObject({ cases: z.array(CaseSchema).min(1) }),
  otherCases: OtherCasesSchema.default({ layout: 'by-case' }),
  optimizationSummary: z.strictObject({
    /** `cumulative`: each step's winner against the baseline; `step`: against the previous step's winner */
    mode: z.enum(['cumulative', 'step']),
  }),
  /**
   * Plausibility warnings (src/lib/ingest/plausibility.ts) on runs this guide uses, each accepted with a
   * reason a reviewer can judge. An unacknowledged warning fails the build, as does a stale entry.
   */
  acknowledge: z
    .array(
      z.strictObject({
        file: z.string().min(1),
        block: z.string().min(1).optional(),
        code: z.enum(ACKNOWLEDGEABLE_CODES),
        reason: z.string().min(10),
      }),
    )
    .default([]),
  /** decimals of every percentage on the page */
  percentDecimals: z.number().int().min(0).max(4),
  /** where readers report problems: https only (no javascript:, data:, …) */
  feedbackUrl: SafeUrlSchema.optional(),
});
export type Guide = z.infer<typeof GuideSchema>;
