import { z } from 'zod';
import { Accelerator } from './vocabulary.ts';

// What recorded results ran on, in the computed guide (data/guides/<guide>.json): per run, and the
// guide's distinct environments. Only results with a record (npm run record) have them.

/** A machine as a record lists it: its accelerators' model and count, memory and driver. */
export const MachineSchema = z.object({
  kind: Accelerator,
  tool: z.enum(['nvidia-smi', 'npu-smi']),
  /** "NVIDIA H200", or every model joined by " + " on a machine that mixes them */
  name: z.string(),
  count: z.number().int(),
  /** each accelerator's memory, MiB, when they all have the same */
  memoryMiB: z.number().optional(),
  driver: z.string().optional(),
});
export type Machine = z.infer<typeof MachineSchema>;

/** An engine as its server reported it: the guide's engine it is, and its version when known. */
export const RecordedEngineViewSchema = z.object({
  id: z.string().optional(),
  /** the guide's name for it ("vLLM"), or its id when the guide names none */
  name: z.string().optional(),
  version: z.string().optional(),
  /** where the version was read, or why it is unknown */
  source: z.string(),
});

/**
 * What a result ran on and when, from its record (`<raw file>.record.json`, npm run record): only
 * on results that have one.
 */
export const RunEnvironmentSchema = z.object({
  /** ISO times, as recorded */
  started: z.string(),
  ended: z.string(),
  machine: MachineSchema.optional(),
  /** why the accelerators are not known, when they are not */
  machineUnknown: z.string().optional(),
  engine: RecordedEngineViewSchema.optional(),
  serving: z.object({ command: z.string(), startedBy: z.enum(['run-plan', 'author', 'planned']) }).optional(),
  benchmark: z.string(),
  /**
   * who signed the record, as data/allowed-signers names them, when its signature verified; a
   * record without one is what its author states, unsigned
   */
  signedBy: z.string().optional(),
});
export type RunEnvironment = z.infer<typeof RunEnvironmentSchema>;

/**
 * The environments a guide's recorded results ran on: one per distinct machine, driver and engine
 * version, with the results of each; and what the guide mixes (one engine at several versions,
 * several drivers), which check warns about (W_RECORDED_MIXED).
 */
export const EnvironmentsSchema = z.object({
  rows: z.array(
    z.object({
      machine: MachineSchema.optional(),
      engine: RecordedEngineViewSchema.omit({ source: true }).optional(),
      /** each result's raw file below data/raw/<guide>/, and its block label */
      results: z.array(
        z.object({
          runId: z.string(),
          file: z.string(),
          block: z.string().nullable(),
          /** the record's verified signer; absent when it is unsigned */
          signedBy: z.string().optional(),
        }),
      ),
    }),
  ),
  mixed: z.object({
    engines: z.array(z.object({ name: z.string(), versions: z.array(z.string()) })),
    drivers: z.array(z.string()),
  }),
});
export type Environments = z.infer<typeof EnvironmentsSchema>;
