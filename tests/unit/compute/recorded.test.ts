// check against the records: the machine, the engines and the flags guide.yaml states against what
// npm run record wrote beside each result; results without a record are not compared.
import { describe, expect, it } from 'vitest';
import { checkRecorded, sameMachine } from '../../../src/lib/compute/recorded.ts';
import type { RecordedResult } from '../../../src/lib/schema/record.ts';
import type { Run } from '../../../src/lib/schema/run.ts';
import { context, guide, recordedResult, tps } from '../../helpers/compute-input.ts';

const recorded = recordedResult;
const withRecord = (run: Run, over: Partial<RecordedResult> = {}): Run => ({ ...run, recorded: recorded(over) });
const check = (keys: Record<string, unknown>, runs: Run[]) => {
  const { ctx, reported } = context(guide(keys), runs);
  checkRecorded(ctx);
  return reported();
};
const engines = [
  { id: 'vllm', name: 'vLLM', version: 'v0.11.0' },
  { id: 'sglang', name: 'SGLang', version: 'v0.5.3' },
];

describe('check against the records', () => {
  it('names a machine by the model its tool names', () => {
    expect(sameMachine('NVIDIA H100', 'NVIDIA H100 80GB HBM3')).toBe(true);
    expect(sameMachine('NVIDIA A100', 'NVIDIA A100-SXM4-80GB')).toBe(true);
    expect(sameMachine('Ascend 910B', '910B3')).toBe(true);
    expect(sameMachine('NVIDIA H200', 'NVIDIA H100 80GB HBM3')).toBe(false);
  });

  it('finds nothing to say when guide.yaml says what was recorded, or when nothing was', () => {
    const runs = [tps('engine/vllm.txt', '1200', '40'), tps('engine/sglang.txt', '1500', '32')];
    expect(check({ engines }, runs)).toEqual([]);
    expect(check({ engines }, [withRecord(runs[0] as Run), runs[1] as Run])).toEqual([]);
  });

  it('says where guide.yaml differs from the machine, the engine and the flags recorded', () => {
    const runs = [
      withRecord(tps('engine/vllm.txt', '1200', '40'), {
        serving: { command: 'vllm serve org/tiny-model -tp 8 --max-num-seqs 512', startedBy: 'author' },
      }),
      withRecord(tps('engine/sglang.txt', '1500', '32'), {
        accelerators: { kind: 'npu', tool: 'npu-smi', devices: [{ index: 0, name: '910B3' }] },
        engine: { id: 'sglang', version: '0.5.4', source: 'GET http://127.0.0.1:30000/server_info' },
        serving: null,
      }),
    ];
    expect(check({ engines }, runs)).toEqual([
      'hardware.accelerator E_RECORDED_MACHINE: the guide is about GPUs, but the records of engine/sglang.txt say NPUs (npu-smi: 1 × 910B3)',
      'hardware.name E_RECORDED_MACHINE: hardware.name "NVIDIA H100" is not the 910B3 the records of engine/sglang.txt name (npu-smi: 1 × 910B3)',
      'engines.1.version E_RECORDED_ENGINE: SGLang v0.5.3, but the records of engine/sglang.txt say SGLang 0.5.4 (GET http://127.0.0.1:30000/server_info)',
      'steps.0.variants.0 E_RECORDED_FLAGS: step engine, variant vllm: engine/vllm.txt was not run as guide.yaml configures it: it ran with --max-num-seqs 512, which guide.yaml does not set',
    ]);
    expect(check({}, [withRecord(tps('engine/vllm.txt', '1200', '40'))])).toEqual([
      'engines.0 E_RECORDED_ENGINE: vLLM has no version, but the records of engine/vllm.txt say vLLM 0.11.0 (GET http://127.0.0.1:8000/version)',
    ]);
  });
});
