import { z } from 'zod';
import { MetricKeySchema } from './metric.ts';

/**
 * data/compare/<kind>/<slug>.json: which of a compare page's guides stand side by side on which of
 * their benchmark cases, as compute chose (src/lib/compute/compare.ts). A pure selection: every
 * value the page shows is a computed guide's; this says only which of them are set beside each
 * other, so that a compare page never shows a case or a metric for a guide that did not measure it.
 */
export const SharedCaseSchema = z.object({
  /** the case's name, lower-cased English: how guides name the same workload */
  key: z.string(),
  /** the objective's metric every guide measured the case by */
  primary: MetricKeySchema,
  /** the guides that measured it (two or more, in the page's order) and the case's id in each */
  entries: z.array(z.object({ guide: z.string(), case: z.string() })),
  /** secondary metrics every one of them measured (a TPOT with the first token is another metric) */
  secondary: z.array(MetricKeySchema),
  /**
   * the machines have different numbers of accelerators: a throughput is compared per accelerator
   * (a latency is per request on any machine, so never)
   */
  perAccelerator: z.boolean(),
});
export type SharedCase = z.infer<typeof SharedCaseSchema>;

export const CompareSelectionSchema = z.object({
  /** shared by the most guides first, then in the first such guide's case order */
  shared: z.array(SharedCaseSchema),
  /**
   * per guide, the cases it measured that no other guide of the page did by the same metric: named,
   * not compared; `otherMetric` are those another guide measured by another one (guidellm's
   * interval-mean Total TPS beside vLLM's totals over duration): unlike figures, never set side by side
   */
  unshared: z.array(z.object({ guide: z.string(), cases: z.array(z.string()), otherMetric: z.array(z.string()) })),
});
export type CompareSelection = z.infer<typeof CompareSelectionSchema>;

export const ComparePageKind = z.enum(['model', 'hardware']);
export type ComparePageKind = z.infer<typeof ComparePageKind>;

/** One compare page: one model on every machine it has a guide for, or every model on one machine. */
export const ComputedCompareSchema = CompareSelectionSchema.extend({
  kind: ComparePageKind,
  /** the model part of its guides' ids ("glm-4.x"), or the machine's slug ("nvidia-h200") */
  slug: z.string(),
  /** the page's guides, by id in code-unit order: the order of its tables' rows */
  guides: z.array(z.string()),
});
export type ComputedCompare = z.infer<typeof ComputedCompareSchema>;
