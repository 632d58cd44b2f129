// hardware.gpus against each command's parallelism: each mismatch an E_GPU_COUNT at the line to change.
import { describe, expect, it } from 'vitest';
import { checkGpuCount } from '../../../src/lib/compute/gpu-count.ts';
import { context, guide, recordedResult, run, step, tps } from '../../helpers/compute-input.ts';

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

  describe('a case side that names only its result counts the GPUs of what ran', () => {
    // The case: a TP 4 result on an 8-GPU machine, shown with gpus: 4; gpus: 1 would
    // divide its throughput by one GPU instead of four.
    const tp4 = tps('parallel/tp4.txt', '9000', '20');
    const tp4Step = step('parallel', [['tp4', 'sglang', 'parallel/tp4.txt', { args: ['--tp-size 4'], gpus: 4 }]], {
      summary: 'none',
    });
    const caseOf = (optimized: Record<string, unknown>) => ({
      comparison: {
        cases: [{ id: 'sharegpt', label: 'ShareGPT', baseline: { result: 'engine/vllm.txt' }, optimized }],
      },
    });
    const checkWith = (keys: Record<string, unknown>, extra = [tp4]) => {
      const { ctx, reported } = context(guide(keys), [...runs, ...extra]);
      checkGpuCount(ctx);
      return reported();
    };

    it('from the step variant that measured it: gpus: 1 on a --tp-size 4 result fails at its gpus:', () => {
      const steps = [engineStep(['-tp 8'], ['--tp-size 8']).steps[0], tp4Step];
      expect(checkWith({ steps, ...caseOf({ result: 'parallel/tp4.txt', gpus: 4 }) })).toEqual([]);
      expect(checkWith({ steps, ...caseOf({ result: 'parallel/tp4.txt', gpus: 1 }) })).toEqual([
        'comparison.cases.0.optimized.gpus E_GPU_COUNT: gpus: 1 says this configuration runs on 1 GPU, but the command guide.yaml gives its result (steps.1.variants.0, line 1) runs on 4',
      ]);
    });

    it("from the other cases' side whose log holds it", () => {
      const block = run(
        'other-cases/optimized.log',
        { total_token_throughput: '9000' },
        { index: 0, label: 'random 128 input' },
      );
      const keys = (gpus: number) => ({
        ...caseOf({ result: { file: 'other-cases/optimized.log', block: 'random 128 input' }, gpus }),
        otherCases: {
          layout: 'by-config',
          baseline: { command: 'vllm serve org/tiny-model -tp 8', log: 'other-cases/baseline.log' },
          optimized: { command: 'python3 -m sglang.launch_server --tp 4', log: 'other-cases/optimized.log' },
        },
      });
      expect(checkWith(keys(4), [block])).toEqual([]);
      expect(checkWith(keys(2), [block])).toEqual([
        'comparison.cases.0.optimized.gpus E_GPU_COUNT: gpus: 2 says this configuration runs on 2 GPUs, but the command guide.yaml gives its result (otherCases.optimized, line 1) runs on 4',
      ]);
    });

    it('from its record first, whatever guide.yaml says elsewhere', () => {
      const recorded = {
        ...tp4,
        recorded: recordedResult({
          serving: { command: 'python3 -m sglang.launch_server --tp-size 2 --dp-size 2', startedBy: 'run-plan' },
        }),
      };
      expect(checkWith(caseOf({ result: 'parallel/tp4.txt', gpus: 4 }), [recorded])).toEqual([]);
      expect(checkWith(caseOf({ result: 'parallel/tp4.txt', gpus: 1 }), [recorded])).toEqual([
        'comparison.cases.0.optimized.gpus E_GPU_COUNT: gpus: 1 says this configuration runs on 1 GPU, but the serving command its record holds (parallel/tp4.txt.record.json) runs on 4',
      ]);
      // A variant's own command yields to its record too (the flags' difference is E_RECORDED_FLAGS).
      const steps = [
        engineStep(['-tp 8'], ['--tp-size 8']).steps[0],
        step('parallel', [['tp4', 'sglang', 'parallel/tp4.txt', { args: ['--tp-size 1'], gpus: 1 }]], {
          summary: 'none',
        }),
      ];
      expect(checkWith({ steps }, [recorded])).toEqual([
        'steps.1.variants.0.gpus E_GPU_COUNT: gpus: 1 says this configuration runs on 1 GPU, but the serving command its record holds (parallel/tp4.txt.record.json) runs on 4',
      ]);
    });

    it('says nothing when nothing in the guide or a record tells what ran', () => {
      expect(checkWith(caseOf({ result: 'parallel/tp4.txt', gpus: 1 }))).toEqual([]);
    });
  });
});
