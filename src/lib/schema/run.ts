import { z } from 'zod';
import { MetricKeySchema, UnitSchema } from './metric.ts';
import { RunRecordedSchema } from './record.ts';

/**
 * How a value its file does not print is computed from values it does, by name: each page writes
 * the formula in its language (src/i18n, `cell.formula.<name>`). A run's rates a tool does not
 * define as totals / duration (guidellm), or does not write (a vLLM result without its rate keys),
 * are the run's totals over its duration; compute derives a mean latency a block does not print, and
 * a decode time per token from the mean latency and TTFT where the tool's TPOT is not one (guidellm).
 */
export const DerivedFormula = z.enum([
  'mean-latency-from-ttft-tpot',
  'decode-time-from-latency',
  'requests-over-duration',
  'input-tokens-over-duration',
  'output-tokens-over-duration',
  'all-tokens-over-duration',
  'errored-plus-incomplete',
  'requests-times-mean-input-length',
  'requests-times-mean-output-length',
  'run-end-minus-start',
  'sent-minus-failed',
]);
export type DerivedFormula = z.infer<typeof DerivedFormula>;

// Fields in the order of their names, as data/runs stores them: validated runs come out of zod in
// this order, so ingest's stable JSON need not copy every value to sort it.
/** One measured value with the place in the raw file that printed it. */
export const MetricValueSchema = z.object({
  /**
   * For a value the file does not print but its own values determine: how it was computed and the
   * lines of its inputs. `line` is then the first input's line and `printed` the computed value.
   */
  derived: z.object({ formula: DerivedFormula, lines: z.array(z.number().int().positive()) }).optional(),
  line: z.number().int().positive(),
  /** The token as printed (e.g. "5481.90", "651.51" for a value stored as 651510 ms). */
  printed: z.string(),
  /** The unit the tool printed it in, when it differs from the canonical unit. */
  printedUnit: UnitSchema.optional(),
  unit: UnitSchema,
  value: z.number(),
});
export type MetricValue = z.infer<typeof MetricValueSchema>;

export const FormatIdSchema = z.enum([
  'vllm-bench-serve',
  'gpustack-block',
  'vllm-json',
  'sglang-bench-serving',
  'sglang-jsonl',
  'guidellm-json',
  'guidellm-yaml',
  'gpustack-runner-json',
  'gsm8k-sglang',
  'gsm8k-sglang-jsonl',
  'lm-eval-json',
  'lm-eval-table',
  'aiperf-json',
  'aiperf-csv',
  'genai-perf-json',
  'genai-perf-csv',
  'trtllm-bench',
  'trtllm-bench-json',
  'vllm-bench-sweep',
  'llm-d-benchmark-report',
]);
export type FormatId = z.infer<typeof FormatIdSchema>;

/**
 * What an accuracy score measures: the task as its tool names it (`gsm8k`, `gsm8k_platinum_cot`)
 * and how an answer is scored (`last-integer` for SGLang's GSM8K, lm-eval's filter:
 * `strict-match`, `flexible-extract`). Two scores compare only when both are equal and their
 * sample counts too (compute/accuracy-checks.ts).
 */
export const EvaluationSchema = z.object({ scoring: z.string().min(1), task: z.string().min(1) });
export type Evaluation = z.infer<typeof EvaluationSchema>;

/** Where a run stands among the repeats of its configuration (RunSchema.repeat). */
export const RepeatSchema = z.object({
  group: z.string().min(1),
  index: z.number().int().nonnegative(),
});
export type Repeat = z.infer<typeof RepeatSchema>;

// Fields in the order of their names, as data/runs stores them (see MetricValueSchema).
/** A normalized run: one result block (or accuracy result) of one raw file. */
export const RunSchema = z.object({
  /** for an accuracy result, what its score measures; absent for a serving benchmark */
  evaluation: EvaluationSchema.optional(),
  /** `<path under the guide's raw folder, without extension>[#<block label slug>]` */
  id: z.string().min(1),
  /** Values by metric key (schema/metric.ts: every key is checked here, and typed as a MetricKey). */
  metrics: z.partialRecord(MetricKeySchema, MetricValueSchema),
  /** The block exactly as printed (normalized line endings), for the page's collapsible raw result. */
  raw: z.string(),
  /** what the run ran on, when npm run record measured it (`<raw file>.record.json`) */
  recorded: RunRecordedSchema.optional(),
  /**
   * One of several runs of one configuration, by the tool's own account (a `vllm bench sweep`
   * combination's `run=N`): `group` names the configuration, the same for all its runs in the
   * guide, and `index` is the tool's number for this run. Compute keeps a group together as
   * repeats of one variant, for the noise verdict: they are never separate variants.
   */
  repeat: RepeatSchema.optional(),
  source: z.object({
    blockIndex: z.number().int().nonnegative(),
    blockLabel: z.string().nullable(),
    endLine: z.number().int().positive(),
    file: z.string(),
    format: FormatIdSchema,
    startLine: z.number().int().positive(),
    /** the printed block lost its header line and was read from its result lines (W_MISSING_HEADER) */
    headerless: z.literal(true).optional(),
  }),
});
export type Run = z.infer<typeof RunSchema>;

/** A run without its raw text, as a Benchmark Report reads it: the guide's JSON holds that once, and a report needs its values only. */
export const StoredRunSchema = RunSchema.omit({ raw: true });
export type StoredRun = Omit<Run, 'raw'>;
