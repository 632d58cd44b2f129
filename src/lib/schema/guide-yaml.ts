import { z } from 'zod';
import { MetricKeySchema } from './metric.ts';
import { SafeUrlSchema } from './safe-url.ts';
import { ACKNOWLEDGEABLE_CODES, PLAUSIBILITY_CODES } from '../diagnostics/codes.ts';
import { visibleLength } from '../visible-text.ts';
import {
  Accelerator,
  BenchmarkTool,
  Objective,
  OtherCasesLayout,
  PagePart,
  Scaling,
  SummaryMode,
} from './vocabulary.ts';
import {
  AccuracyCheckSchema,
  CommandSchema,
  DateSchema,
  LabelSchema,
  LocalizedSchema,
  ResultRefSchema,
  RunConfig,
  Slug,
  StepSchema,
  EngineSchema,
  ProfileSchema,
} from './guide-yaml-step.ts';

export * from './guide-yaml-step.ts';

/**
 * content/guides/<model>/<hardware>/guide.yaml: the structure of one guide, written once for both
 * languages. Short labels are `{en, zh}` maps, or one string when both languages use it (metric
 * names, engine names and flags stay English on zh pages, as in the seeds).
 */

/**
 * Why an acknowledged warning is acceptable, shown beside it on the page: `{ en, zh }` like every
 * other text a page shows. A reason in one language only (one of en/zh, or a plain string, taken as
 * Chinese when it holds Han characters and as English otherwise) still builds, with a
 * W_REASON_UNTRANSLATED warning; the other page shows it in that language, marked as such.
 */
// A reason is judged by what a reader sees: zero-width and other invisible characters do not count.
const REASON_MIN = 10;
const ReasonText = z.string().refine((text) => visibleLength(text) >= REASON_MIN, {
  message: `a reason of at least ${REASON_MIN} visible characters (whitespace and invisible characters such as zero-width spaces do not count)`,
});

export const ReasonSchema = z.union([
  ReasonText,
  z
    .strictObject({ en: ReasonText.optional(), zh: ReasonText.optional() })
    .refine((reason) => reason.en !== undefined || reason.zh !== undefined, {
      message: 'a reason in English (en), Chinese (zh) or both',
    }),
]);
export type Reason = z.infer<typeof ReasonSchema>;

const CaseSide = z.strictObject({
  ...RunConfig,
  result: ResultRefSchema,
  gpus: z.number().int().positive().optional(),
});

export const CaseSchema = z.strictObject({
  id: Slug,
  label: LabelSchema,
  profile: Slug.optional(),
  /** the exact benchmark command both runs of the case were measured with */
  benchmark: CommandSchema.optional(),
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
  z.strictObject({ layout: z.literal(OtherCasesLayout.enum['by-case']) }),
  z.strictObject({
    layout: z.literal(OtherCasesLayout.enum['by-config']),
    baseline: OtherCasesSide,
    optimized: OtherCasesSide,
  }),
]);

/** "nvidia-h200": the slug of a machine's compare page (/compare/hardware/<slug>/), from its name. */
export const hardwareSlugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9.]+/g, '-');

/** A machine's name becomes a path on the site: its slug must be an id ("..", "." or "---" are not). */
const HardwareNameSchema = z
  .string()
  .min(1)
  .refine((name) => Slug.safeParse(hardwareSlugOf(name)).success, {
    message:
      'a machine name with a letter or digit first (its compare page is /compare/hardware/<name in lower case>/)',
  });

/** A guide's id: its two folder names under content/guides, `<model>/<hardware>`. */
const GUIDE_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

export const GuideSchema = z.strictObject({
  title: LocalizedSchema,
  model: z.strictObject({
    name: z.string().min(1),
    family: z.string().min(1),
    /** how the conclusion names what was tuned, when not just the model name ("GLM-4.x (4.5, 4.6 and 4.7)") */
    subject: LabelSchema.optional(),
    /**
     * Other names under which commands serve this model: a quantized build or a local copy of its
     * weights ("Qwen/Qwen3-14B-FP8", "/workspace/DeepSeek-v3.2"). A command that serves anything
     * but `name` or one of these is an error (E_COMMAND_MODEL); names compare without regard to case.
     */
    builds: z.array(z.string().min(1)).default([]),
  }),
  hardware: z.strictObject({
    name: HardwareNameSchema,
    /** how many accelerators the machine has (GPUs, or NPUs when `accelerator: npu`) */
    gpus: z.number().int().positive(),
    accelerator: Accelerator.default('gpu'),
    /** the setup section's description of the machine */
    label: LabelSchema,
    /** the conclusion's short name for it, when different ("H200 GPUs") */
    short: LabelSchema.optional(),
  }),
  objective: Objective,
  metrics: z
    .strictObject({
      /** what decides winners; defaults from the objective (total token throughput, or mean request latency) */
      primary: MetricKeySchema.optional(),
      /** what is shown next to it in tables and sentences: "Mean TPOT", or a list ("Mean TTFT", "Mean TPOT") */
      secondary: z.union([MetricKeySchema, z.array(MetricKeySchema).min(1)]).optional(),
    })
    .default({}),
  engines: z.array(EngineSchema).min(1),
  /** when the results were measured (the last benchmark run), as YYYY-MM-DD */
  measuredOn: DateSchema.optional(),
  /** when no measuring date is known: the latest it can be, and why (a published page's snapshot) */
  measuredNoLaterThan: z.strictObject({ date: DateSchema, basis: LocalizedSchema }).optional(),
  profiles: z.array(ProfileSchema).default([]),
  datasets: z.array(DatasetSchema).default([]),
  /** the benchmark commands, shown as one shell block */
  benchmarkCommands: CommandSchema.optional(),
  /** the tool `npm run plan` runs each profile with (default `vllm-bench-serve`); a step's own `benchmark:` command wins */
  benchmarkTool: BenchmarkTool.optional(),
  /** prefix step headings with their number ("1. Choose the inference engine") */
  numberedSteps: z.boolean().default(false),
  /** the un-tuned configuration every gain is measured against */
  baseline: z.strictObject({ step: Slug, variant: Slug }),
  steps: z.array(StepSchema).min(1),
  accuracy: z.array(AccuracyCheckSchema).default([]),
  recommended: z.strictObject({ engine: Slug, command: CommandSchema }),
  /** the conclusion's before/after table; a guide that measured only its steps has none */
  comparison: z
    .strictObject({
      /**
       * How a configuration on fewer accelerators than its baseline is compared: `replicas` shows it
       * replicated to the same count ("7081.34x2"); `per-gpu` shows the change per accelerator ("+31.6%/GPU").
       */
      scaling: Scaling.default('replicas'),
      cases: z.array(CaseSchema),
    })
    .default({ scaling: 'replicas', cases: [] }),
  /** sections of free prose a guide adds (an "Open-Source Replacement"), each placed after a part of the page */
  sections: z
    .array(
      z.strictObject({
        id: Slug,
        title: LocalizedSchema,
        after: PagePart,
      }),
    )
    .default([]),
  otherCases: OtherCasesSchema.default({ layout: 'by-case' }),
  optimizationSummary: z.strictObject({
    /** `cumulative`: each step's winner against the baseline; `step`: against the previous step's winner */
    mode: SummaryMode,
  }),
  /**
   * Plausibility warnings (src/lib/ingest/plausibility.ts) on runs this guide uses, each accepted with a
   * reason a reviewer can judge. An unacknowledged warning fails the build, as does a stale entry.
   */
  acknowledge: z
    .array(
      z
        .strictObject({
          /** the raw file the warning is on; without it, every run of the guide (a known tool artifact) */
          file: z.string().min(1).optional(),
          block: z.string().min(1).optional(),
          /** the step a story finding is about; without it (and without file), the code everywhere */
          step: Slug.optional(),
          code: z.enum(ACKNOWLEDGEABLE_CODES),
          /** the metric a plausibility warning is about (`peak_output_token_throughput`, `itl.mean`): required for those, and only for those */
          metric: MetricKeySchema.optional(),
          reason: ReasonSchema,
        })
        .superRefine((entry, ctx) => {
          const plausibility = (PLAUSIBILITY_CODES as readonly string[]).includes(entry.code);
          if (plausibility && entry.metric === undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['metric'],
              message: `an acknowledgement of ${entry.code} names the metric it excuses (metric: …), so it covers no other`,
            });
          if (!plausibility && entry.metric !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['metric'],
              message: `${entry.code} is about a guide's story, not one metric: remove metric:`,
            });
        }),
    )
    .default([]),
  /** decimals of every percentage on the page */
  percentDecimals: z.number().int().min(0).max(4),
  /** where readers report problems: https only (no javascript:, data:, …) */
  feedbackUrl: SafeUrlSchema.optional(),
  /**
   * The ids this guide was published under before (`<model>/<hardware>`, its earlier folders): each
   * earlier page stays, as a page that sends the reader here, so links and bookmarks keep working.
   */
  renamedFrom: z
    .array(z.string().regex(GUIDE_ID, 'expected a guide id, <model>/<hardware> as folders'))
    .min(1)
    .optional(),
});
export type Guide = z.infer<typeof GuideSchema>;
