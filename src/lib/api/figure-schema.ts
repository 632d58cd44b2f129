import { z } from 'zod';
import { DerivedFormula } from '../schema/run.ts';
import { UnitSchema, DirectionSchema } from '../schema/metric.ts';

// The parts of the published files (guide-api-schema.ts) every other part is made of: a figure
// with its unit and raw line, and a configuration with its engine and command.

/** One figure as its raw file printed it, with where: the run, the raw file and the line. */
export const FigureSchema = z.object({
  /** perflab's metric key (`total_token_throughput`, `ttft.p99`), docs/formats.md */
  metric: z.string(),
  value: z.number(),
  unit: UnitSchema,
  /** which way is better: `higher` for a throughput, `lower` for a latency */
  better: DirectionSchema,
  /** the token as printed, in `printedUnit` when that differs from `unit` */
  printed: z.string(),
  printedUnit: UnitSchema.optional(),
  /** a value the file does not print but its own values determine: how, and its inputs' lines */
  derived: z.object({ formula: DerivedFormula, lines: z.array(z.number().int().positive()) }).optional(),
  source: z.object({
    /** the run's id in `runs` */
    run: z.string(),
    /** the raw file, from the repository's root (`data/raw/<model>/<hardware>/…`) */
    file: z.string(),
    line: z.number().int().positive(),
  }),
});
export type Figure = z.infer<typeof FigureSchema>;

/** A value a raw file printed, with where, when it is no metric of its own (a count, a token total). */
export const PrintedValueSchema = FigureSchema.omit({ metric: true, better: true });
export type PrintedValue = z.infer<typeof PrintedValueSchema>;

export const EngineSchema = z.object({ id: z.string(), name: z.string(), version: z.string().optional() });

/** How a configuration was served: its engine, and its serving command or the engine's parameters. */
export const ConfigurationSchema = z.object({
  engine: EngineSchema,
  /** the serving command as the guide gives it (one string, as a shell reads it) */
  command: z.string().optional(),
  /** the engine's parameters, one item each, when the guide gives those rather than a command */
  args: z.array(z.string()).optional(),
  /** the words the program receives: the command's, or the parameters split at spaces */
  argv: z.array(z.string()),
  /** variables the command sets for the program (`NAME=value`), in order */
  env: z.array(z.string()),
});
export type Configuration = z.infer<typeof ConfigurationSchema>;
