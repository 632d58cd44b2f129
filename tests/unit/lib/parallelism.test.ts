// How many GPUs a vLLM or SGLang configuration runs on, read from its flags as the engines read them.
import { describe, expect, it } from 'vitest';
import { parallelismOf } from '../../../src/lib/serving/parallelism.ts';
import { commandWords } from '../../../src/lib/serving/flags.ts';

const gpus = (command: string, family?: 'vllm' | 'sglang' | 'trtllm' | 'mindie') =>
  parallelismOf(commandWords(command), family)?.gpus;

describe('parallelismOf', () => {
  it('multiplies tensor, pipeline and data parallel sizes, in every spelling', () => {
    expect(gpus('vllm serve m --tensor-parallel-size 4', 'vllm')).toBe(4);
    expect(gpus('vllm serve m -tp 2 -pp 2', 'vllm')).toBe(4);
    expect(gpus('vllm serve m --tensor-parallel-size=2 --data-parallel-size=4', 'vllm')).toBe(8);
    expect(gpus('vllm serve m -dp 8 --enable-expert-parallel', 'vllm')).toBe(8);
    expect(gpus('python3 -m sglang.launch_server --model-path m --tp-size 4 --pp-size 2', 'sglang')).toBe(8);
    expect(gpus('python3 -m sglang.launch_server --model-path m --tp 2 --dp 2', 'sglang')).toBe(4);
  });

  it("SGLang's DP attention runs inside the tensor-parallel group; expert parallelism adds no GPU", () => {
    expect(gpus('python3 -m sglang.launch_server --tp-size 8 --dp-size 8 --enable-dp-attention', 'sglang')).toBe(8);
    expect(gpus('python3 -m sglang.launch_server --tp-size 8 --ep-size 8', 'sglang')).toBe(8);
    const uses = parallelismOf(
      commandWords('python3 -m sglang.launch_server --tp-size 8 --dp-size 8 --enable-dp-attention'),
      'sglang',
    )?.uses.map((use) => use.name);
    expect(uses).toEqual(['--tp-size', '--dp-size', '--enable-dp-attention']);
  });

  it('--nnodes adds no GPU: the sizes count the ranks of every node', () => {
    expect(gpus('python3 -m sglang.launch_server --tp-size 16 --nnodes 2 --node-rank 0', 'sglang')).toBe(16);
    expect(gpus('python3 -m sglang.launch_server --tp 8 --pp-size 2 --nnodes 2', 'sglang')).toBe(16);
    expect(gpus('vllm serve m -tp 8 -pp 2 --nnodes 2', 'vllm')).toBe(16);
  });

  it('a vLLM or SGLang command without a parallelism flag runs on one GPU', () => {
    expect(parallelismOf(commandWords('vllm serve m --max-model-len 32768'), 'vllm')).toEqual({ gpus: 1, uses: [] });
  });

  it('says nothing where it cannot tell', () => {
    // engines configured elsewhere
    expect(gpus('trtllm-serve m --tp_size 8', 'trtllm')).toBeUndefined();
    expect(gpus('mindieservice_daemon', 'mindie')).toBeUndefined();
    // an unknown engine: only its parallelism flags say something
    expect(gpus('--max-num-seqs 256')).toBeUndefined();
    expect(gpus('--tp-size 4')).toBe(4);
    // a size that is not a count
    expect(gpus('vllm serve m -tp auto', 'vllm')).toBeUndefined();
    expect(gpus('vllm serve m -tp 0', 'vllm')).toBeUndefined();
  });
});
