import { z } from 'zod';
import { Accelerator } from './vocabulary.ts';

/**
 * What a raw result ran on, as `npm run record` wrote it beside the raw file
 * (`<raw file>.record.json`, src/lib/record/record-files.ts): the accelerators as their tool listed
 * them, the engine and its version as the server reported it, the serving and benchmark commands,
 * and when the run started and ended. One entry per result block the file holds.
 */

export const RecordedDeviceSchema = z.strictObject({
  index: z.number().int().nonnegative(),
  /** as the tool names it: "NVIDIA H200", "910B3" */
  name: z.string().min(1),
  /** total memory in MiB */
  memoryMiB: z.number().nonnegative().optional(),
  busId: z.string().min(1).optional(),
});
export type RecordedDevice = z.infer<typeof RecordedDeviceSchema>;

export const RecordedAcceleratorsSchema = z.strictObject({
  kind: Accelerator,
  /** the command that listed them */
  tool: z.enum(['nvidia-smi', 'npu-smi']),
  /** the driver version the tool reported */
  driver: z.string().min(1).optional(),
  devices: z.array(RecordedDeviceSchema).min(1),
  /** CUDA_VISIBLE_DEVICES or ASCEND_RT_VISIBLE_DEVICES as the server was started with it, when set */
  visible: z.string().optional(),
});
export type RecordedAccelerators = z.infer<typeof RecordedAcceleratorsSchema>;

export const RecordedEngineSchema = z.strictObject({
  /** the guide's engine id the plan started (vllm, sglang) */
  id: z.string().min(1).optional(),
  version: z.string().min(1).optional(),
  /** where the version was read: `GET http://127.0.0.1:8000/version`, `vllm --version`; or why it is unknown */
  source: z.string().min(1),
});
export type RecordedEngine = z.infer<typeof RecordedEngineSchema>;

const IsoTime = z.iso.datetime({ offset: true });

export const RecordedResultSchema = z.strictObject({
  /** the result's `# label` in the raw file, or null for a file of one result */
  block: z.string().min(1).nullable(),
  started: IsoTime,
  ended: IsoTime,
  /** null when neither nvidia-smi nor npu-smi answered; `acceleratorsUnknown` says why */
  accelerators: RecordedAcceleratorsSchema.nullable(),
  acceleratorsUnknown: z.string().min(1).optional(),
  engine: RecordedEngineSchema.nullable(),
  /**
   * The server's command: as `npm run run-plan` started it (`run-plan`), as the author said they
   * started it (`author`, record's --serving-command), or as the plan says to start it when record
   * ran against a server it did not start and was not told about (`planned`); null when not known.
   */
  serving: z
    .strictObject({ command: z.string().min(1), startedBy: z.enum(['run-plan', 'author', 'planned']) })
    .nullable(),
  benchmark: z.strictObject({ command: z.string().min(1) }),
  /** sha256 of the result's text in its raw file, as signed (src/lib/record/record-manifest.ts signedSpan) */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** the SSH signature (`ssh-keygen -Y sign`, armored) of the entry's manifest; an entry without one is unsigned */
  signature: z
    .string()
    .regex(/^-----BEGIN SSH SIGNATURE-----\n[A-Za-z0-9+/=\n]+\n-----END SSH SIGNATURE-----\n?$/)
    .max(16_384)
    .optional(),
});
export type RecordedResult = z.infer<typeof RecordedResultSchema>;

/**
 * A record's entry as a run carries it (data/runs): the signature checked and dropped, and
 * `signedBy` the signer the allowed-signers file names when it verified. Without `signedBy` the
 * entry is what its author states, unsigned.
 */
export const RunRecordedSchema = RecordedResultSchema.omit({ sha256: true, signature: true }).extend({
  signedBy: z.string().min(1).max(200).optional(),
});
export type RunRecorded = z.infer<typeof RunRecordedSchema>;

export const RecordFileSchema = z.strictObject({
  perflabRecord: z.literal(1),
  results: z.array(RecordedResultSchema).min(1),
});
export type RecordFile = z.infer<typeof RecordFileSchema>;
