import { z } from 'zod';
import { LocalizedSchema } from './guide-yaml-step.ts';
import { CellSchema } from './computed-step.ts';
import { CostSchema, PointSchema } from './computed-decision.ts';

/**
 * data/models/<model>.json: one model on every machine it was measured on, per workload, ranked by
 * what a GPU of each yields and by what a million tokens cost there (compute/across-hardware.ts).
 * Every figure is a computed guide's measured one (its decision's yield), never interpolated.
 */

/** Where a value was printed: `data/raw/<guide>/<file>:<line>` (the first input line of a derived one). */
const SourceSchema = z.string();

/** One machine's best measured configuration on a workload: the highest total tok/s per GPU it reached. */
export const HardwareRowSchema = z.object({
  guide: z.string(),
  /** the machine, as its guide names it in short ("NVIDIA H200x8") */
  hardware: z.object({ name: z.string(), gpus: z.number().int().positive(), short: LocalizedSchema }),
  /** the configuration, as its guide labels it, and whether it is the guide's recommendation */
  label: LocalizedSchema,
  engine: z.string(),
  role: PointSchema.shape.role,
  runId: z.string(),
  /** the accelerators it ran on */
  gpus: z.number().int().positive(),
  total: CellSchema,
  totalSource: SourceSchema,
  output: CellSchema.optional(),
  outputSource: SourceSchema.optional(),
  totalPerGpu: z.number(),
  outputPerGpu: z.number().optional(),
  /** 1000 / the mean TPOT (ms), tok/s one request receives, and the printed TPOT it is from */
  perUser: z.number().optional(),
  tpot: CellSchema.optional(),
  tpotSource: SourceSchema.optional(),
  /** the price per GPU-hour the cost is at (content/defaults.yaml), absent when none is stated */
  price: z.object({ usdPerGpuHour: z.number(), date: z.string() }).optional(),
  cost: CostSchema.optional(),
  /** 1 for the highest total tok/s per GPU; rows that tie share a rank */
  perGpuRank: z.number().int().positive(),
  /** 1 for the lowest cost per million total tokens; absent without a price */
  costRank: z.number().int().positive().optional(),
});
export type HardwareRow = z.infer<typeof HardwareRowSchema>;

export const ModelWorkloadSchema = z.object({
  /** the workload's name, lower-cased English: how guides name the same benchmark */
  key: z.string(),
  label: LocalizedSchema,
  /** by total tok/s per GPU, highest first */
  rows: z.array(HardwareRowSchema),
});
export type ModelWorkload = z.infer<typeof ModelWorkloadSchema>;

export const ComputedModelSchema = z.object({
  /** the model part of its guides' ids ("glm-4.x") */
  slug: z.string(),
  family: z.string(),
  /** its guides, by id in code-unit order */
  guides: z.array(z.string()),
  /** measured on the most machines first, then in the first guide's order */
  workloads: z.array(ModelWorkloadSchema),
});
export type ComputedModel = z.infer<typeof ComputedModelSchema>;
