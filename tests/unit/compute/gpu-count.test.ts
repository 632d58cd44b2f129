// hardware.gpus against each command's parallelism: each mismatch an E_GPU_COUNT at the line to change.
import { describe, expect, it } from 'vitest';
import { checkGpuCount } from '../../../src/lib/compute/gpu-count.ts';
import { context, guide, step, tps } from '../../helpers/compute-input.ts';

const runs = [tps('engine/vllm.txt', '1200', '40'), tps('engine/sglang.txt', '1500', '32')];
const check = (keys: Record<string, unknown>) => {
  const { ctx, reported } = context(guide(keys), runs);
  checkGpuCount(ctx);
  return reported();
};
const engineStep = (vllmArgs: string[], sglangArgs: string[], extra: Record<string, unknown> = {}) => ({
  steps: [
    step('engine', [
      ['vllm', 'vllm', 'engine/vllm.txt', { args: vllmArgs, ...extra }],
      ['sglang', 'sglang', 'engine/sglang.txt', { args: sglangArgs }],
    ]),
  ],
});
const recommended = (command: string) => ({ recommended: { engine: 'sglang', command } });

describe('GPU count against the commands', () => {
  it('finds nothing when a command runs on the whole machine, fewer beside it allowed', () => {
    expect(check({})).toEqual([]);
    expect(check({ ...engineStep(['-tp 4'], ['--tp-size 8']) })).toEqual([]);
    // TP × DP, and vLLM's pipeline parallelism, multiply.
    expect(
      check({
        ...engineStep(['-tp 4 -pp 2'], ['--tp-size 4 --dp-size 2']),
        ...recommended('python3 -m sglang.launch_server --tp-size 4 --dp-size 2'),
      }),
    ).toEqual([]);
  });

  it('reports a command on more GPUs than the machine has, at its flag', () => {
    expect(
      check({ hardware: { name: 'NVIDIA H100', gpus: 4, label: 'H100x4' }, ...engineStep(['-tp 4'], ['--tp-size 8']) }),
    ).toEqual([
      "steps.0.variants.1.args.0 E_GPU_COUNT: this configuration runs on 8 GPUs, more than the machine's 4 (hardware.gpus, line 1)",
      "recommended.command E_GPU_COUNT: this configuration runs on 8 GPUs, more than the machine's 4 (hardware.gpus, line 1)",
    ]);
  });

  it('reports hardware.gpus when every command runs on another count and none says so', () => {
    const found = check({
      ...engineStep(['-tp 4'], ['--tp-size 4']),
      ...recommended('python3 -m sglang.launch_server --tp-size 4'),
    });
    expect(found).toEqual([
      'hardware.gpus E_GPU_COUNT: the machine has 8 GPUs (hardware.gpus), but no command runs on 8: every one runs on 4',
    ]);
    // A run that says with its own gpus: that it uses fewer lifts that error.
    expect(
      check({
        ...engineStep(['-tp 4'], ['--tp-size 4'], { gpus: 4 }),
        ...recommended('python3 -m sglang.launch_server --tp-size 4'),
      }),
    ).toEqual([]);
  });

  it("reports a variant's gpus: that its command contradicts, at that gpus:", () => {
    expect(check({ ...engineStep(['-tp 2'], ['--tp-size 8'], { gpus: 4 }) })).toEqual([
      'steps.0.variants.0.gpus E_GPU_COUNT: gpus: 4 says this configuration runs on 4 GPUs, but its command runs on 2',
    ]);
  });

  it('leaves out a variant that did not run', () => {
    expect(
      check({
        hardware: { name: 'NVIDIA H100', gpus: 4, label: 'H100x4' },
        steps: [
          {
            ...step('engine', [['sglang', 'sglang', 'engine/sglang.txt', { args: ['--tp-size 4'] }]]),
            variants: [
              {
                id: 'vllm',
                label: 'vLLM',
                engine: 'vllm',
                args: ['-tp 8'],
                status: 'failed',
                reason: { en: 'OOM', zh: '显存不足' },
              },
              { id: 'sglang', label: 'SGLang', engine: 'sglang', args: ['--tp-size 4'], result: 'engine/sglang.txt' },
            ],
          },
        ],
        ...recommended('python3 -m sglang.launch_server --tp-size 4'),
      }),
    ).toEqual([]);
  });
});
