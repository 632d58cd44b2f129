import type { EngineFamily } from './entry-points.ts';
import { canonicalFlag, flagUses, type FlagUse } from './flags.ts';

/**
 * How many GPUs a vLLM or SGLang configuration runs on, from its parallelism flags: tensor ×
 * pipeline × data parallel size, each 1 when not given. SGLang's `--enable-dp-attention` runs its
 * data-parallel attention inside the tensor-parallel group, so `--dp-size` then adds no GPU.
 * Expert parallelism shares the tensor-parallel GPUs in both engines and adds none either.
 *
 * As the engines define them:
 * - vLLM, vllm/engine/arg_utils.py (`parallel_group`: `--tensor-parallel-size/-tp`,
 *   `--pipeline-parallel-size/-pp`, `--data-parallel-size/-dp`) and vllm/config/parallel.py
 *   (`ParallelConfig`: world_size is TP × PP, and data_parallel_size groups of it);
 * - SGLang, python/sglang/srt/server_args.py (`--tensor-parallel-size/--tp-size`,
 *   `--pipeline-parallel-size/--pp-size`, `--data-parallel-size/--dp-size`, `--nnodes`).
 *
 * `--nnodes` adds no GPU in either engine: the sizes count every rank over all nodes, and each node
 * launches its share of them (SGLang, python/sglang/srt/entrypoints/engine.py: each node starts
 * `tp_size // nnodes` of the tensor-parallel ranks, `_calculate_rank_ranges`; vLLM's world_size
 * is TP × PP whatever `nnodes` says), so a 2-node `--tp-size 16` runs on 16 GPUs.
 */

const SIZES = ['--tensor-parallel-size', '--pipeline-parallel-size', '--data-parallel-size'] as const;
const DP_ATTENTION = '--enable-dp-attention';

/** The engines whose flags perflab reads as above; other engines (TensorRT-LLM, MindIE) configure elsewhere. */
const READ_FAMILIES: ReadonlySet<EngineFamily> = new Set(['vllm', 'sglang']);

export type Parallelism = {
  /** the GPUs the configuration runs on */
  gpus: number;
  /** the flags that give it, in the order written (none: the engines' default of one GPU) */
  uses: FlagUse[];
};

/**
 * The GPUs some words of a serving configuration run on, or undefined when perflab cannot tell:
 * an engine whose flags it does not read, a size that is not a positive whole number, or words of
 * an unknown engine that set none of these flags (without a flag, only a vLLM or SGLang command is
 * known to run on one GPU).
 */
export function parallelismOf(words: readonly string[], family: EngineFamily | undefined): Parallelism | undefined {
  if (family !== undefined && !READ_FAMILIES.has(family)) return undefined;
  const sizes = new Map<string, { value: number; use: FlagUse }>();
  let dpAttention: FlagUse | undefined;
  for (const use of flagUses(words)) {
    const flag = canonicalFlag(use.name);
    if (flag === DP_ATTENTION) dpAttention = use;
    if (!(SIZES as readonly string[]).includes(flag)) continue;
    if (!/^[1-9]\d{0,5}$/.test(use.value)) return undefined;
    sizes.set(flag, { value: Number(use.value), use });
  }
  if (family === undefined && sizes.size === 0) return undefined;
  const size = (flag: string) => sizes.get(flag)?.value ?? 1;
  const dp = dpAttention ? 1 : size('--data-parallel-size');
  const uses = SIZES.flatMap((flag) => {
    const given = sizes.get(flag);
    return given ? [given.use] : [];
  });
  return {
    gpus: size('--tensor-parallel-size') * size('--pipeline-parallel-size') * dp,
    uses: dpAttention && sizes.has('--data-parallel-size') ? [...uses, dpAttention] : uses,
  };
}
