import { z } from 'zod';
import { isRealDate } from '../dates.ts';
import { FormatIdSchema } from './run.ts';
import { SummaryKind, VariantStatus } from './vocabulary.ts';

/**
 * The pieces of guide.yaml a step is made of: labels in both languages, the raw result a run
 * points at, engines, profiles, variants and steps. schema/guide-yaml.ts assembles the whole guide.
 */

export const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'expected a lower-case id of letters, digits, ".", "_" or "-"');

/** A command a page shows is read by people: longer than this, it is not a command but a pasted log. */
export const COMMAND_LIMITS = { lines: 100, characters: 10_000 } as const;

/** A serving or benchmark command (or script): at most COMMAND_LIMITS long, an error at its line otherwise. */
export const CommandSchema = z
  .string()
  .min(1)
  .superRefine((text, ctx) => {
    const lines = text.replace(/\n$/, '').split('\n').length;
    if (lines > COMMAND_LIMITS.lines || text.length > COMMAND_LIMITS.characters)
      ctx.addIssue({
        code: 'custom',
        message: `a command of at most ${COMMAND_LIMITS.lines} lines and ${COMMAND_LIMITS.characters.toLocaleString('en-US')} characters; this one has ${lines.toLocaleString('en-US')} lines and ${text.length.toLocaleString('en-US')} characters`,
      });
  });

/** A day as YYYY-MM-DD, one that exists. */
export const DateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date as YYYY-MM-DD')
  .refine(isRealDate, 'expected a date that exists (this month has fewer days)');

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
    /** what the file must have been read as: checked by compute, never chosen by it (see README) */
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

export const RunConfig = {
  /** backend parameters, one per line as the page shows them */
  args: z.array(z.string().min(1)).optional(),
  /** a full serving command, for guides that show commands instead of parameters */
  command: CommandSchema.optional(),
};

export const VariantSchema = z
  .strictObject({
    id: Slug,
    /** the variant's heading; a step with a single run may leave it out */
    label: LabelSchema.optional(),
    engine: Slug,
    ...RunConfig,
    /** GPUs this variant uses, when fewer than the machine has; its throughput is scaled up to the machine */
    gpus: z.number().int().positive().optional(),
    status: VariantStatus.default('ok'),
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
  /** the workload every run of the step was measured with: a profile of the guide… */
  profile: Slug.optional(),
  /** …or the exact benchmark command (`vllm bench serve …`) */
  benchmark: CommandSchema.optional(),
  /** how the step's result is stated: a pairwise sentence, a ranking sentence, or nothing */
  summary: SummaryKind,
  /** what the winner is compared with in a pairwise sentence */
  reference: z
    .union([z.enum(['worst', 'first', 'previous-winner']), z.strictObject({ variant: Slug })])
    .default('worst'),
  /** `auto` picks the best variant by the objective metric; an author may overrule with a reason */
  winner: z.union([z.literal('auto'), z.strictObject({ variant: Slug, reason: LocalizedSchema })]).default('auto'),
  /**
   * `auto`: the step is adopted when its winner beats the configuration it started from (the
   * previous adopted winner, or the baseline). An author may decline a step that won, with a reason.
   */
  adopted: z
    .union([z.literal('auto'), z.strictObject({ adopted: z.literal(false), reason: LocalizedSchema })])
    .default('auto'),
  variants: z.array(VariantSchema).min(1),
});
export type Step = z.infer<typeof StepSchema>;

/** An accuracy check: its results, each the raw output of one configuration, shown after a step. */
export const AccuracyCheckSchema = z.strictObject({
  id: Slug,
  /** the step after which the check is shown */
  after: Slug,
  title: LocalizedSchema,
  /** heading of the column that names each result (e.g. the KV cache dtype) */
  column: LocalizedSchema,
  /** sample count, when the raw output does not print it (SGLang's GSM8K stdout does not) */
  samples: z.number().int().positive().optional(),
  /** the exact command each result was measured with, when not the one `npm run plan` derives (SGLang's few_shot_gsm8k, or lm-eval) */
  benchmark: CommandSchema.optional(),
  /** one result is shown as it is; two or more get a verdict on whether the first two differ beyond noise */
  results: z.array(z.strictObject({ label: z.string().min(1), result: ResultRefSchema })).min(1),
});
