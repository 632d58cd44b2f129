// What record reads from the accelerators' tools and the servers, as they print it.
import { describe, expect, it } from 'vitest';
import {
  acceleratorSummary,
  readNpuSmiInfo,
  readNvidiaSmiCsv,
  versionFromOutput,
  versionFromResponse,
} from '../../../src/lib/record/accelerators.ts';
import { withBlock } from '../../../src/lib/record/record-files.ts';
import { devicesOf } from '../../helpers/gpu-box/gpu-box.ts';

describe('nvidia-smi --query-gpu … --format=csv', () => {
  it('reads each GPU by the header, units in brackets, in any column order', () => {
    const text = [
      'index, name, memory.total [MiB], driver_version, pci.bus_id',
      '0, NVIDIA H200, 143771 MiB, 570.124.06, 00000000:18:00.0',
      '1, NVIDIA H200, 143771 MiB, 570.124.06, 00000000:2A:00.0',
      '',
    ].join('\r\n');
    const read = readNvidiaSmiCsv(text);
    expect(read).toEqual({
      kind: 'gpu',
      tool: 'nvidia-smi',
      driver: '570.124.06',
      devices: devicesOf('NVIDIA H200', 143771, ['00000000:18:00.0', '00000000:2A:00.0']),
    });
    expect(read && acceleratorSummary(read)).toEqual({
      name: 'NVIDIA H200',
      count: 2,
      memoryMiB: 143771,
      driver: '570.124.06',
      names: ['NVIDIA H200'],
    });
    expect(readNvidiaSmiCsv('driver_version, name\n550.54.15, NVIDIA A100-SXM4-80GB\n')?.devices).toEqual([
      { index: 0, name: 'NVIDIA A100-SXM4-80GB' },
    ]);
  });

  it('leaves out what it does not report, and finds no GPU in nothing', () => {
    expect(
      readNvidiaSmiCsv(
        'index, name, memory.total [MiB], driver_version, pci.bus_id\n0, NVIDIA L40S, [N/A], [N/A], [N/A]\n',
      ),
    ).toEqual({ kind: 'gpu', tool: 'nvidia-smi', devices: [{ index: 0, name: 'NVIDIA L40S' }] });
    expect(readNvidiaSmiCsv('')).toBeUndefined();
    expect(readNvidiaSmiCsv('No devices were found\n')).toBeUndefined();
  });
});

describe('npu-smi info', () => {
  it('reads each NPU of an Atlas 800 (HBM) and of an Atlas 300 (memory only), not the process table', () => {
    const rule = '+===========================+===============+====================================================+';
    const a800 = [
      '+------------------------------------------------------------------------------------------------+',
      '| npu-smi 24.1.0                   Version: 24.1.0                                               |',
      '+---------------------------+---------------+----------------------------------------------------+',
      '| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|',
      '| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |',
      rule,
      '| 0     910B3               | OK            | 93.6        40                0    / 0             |',
      '| 0                         | 0000:C1:00.0  | 0           0    / 0          3161 / 65536         |',
      rule,
      '| 1     910B3               | OK            | 91.4        39                0    / 0             |',
      '| 0                         | 0000:C2:00.0  | 0           0    / 0          3162 / 65536         |',
      rule,
      '+---------------------------+---------------+----------------------------------------------------+',
      '| NPU     Chip              | Process id    | Process name             | Process memory(MB)      |',
      rule,
      '| No running processes found in NPU 0                                                            |',
    ].join('\n');
    expect(readNpuSmiInfo(a800)).toEqual({
      kind: 'npu',
      tool: 'npu-smi',
      driver: '24.1.0',
      devices: devicesOf('910B3', 65536, ['0000:C1:00.0', '0000:C2:00.0']),
    });
    const a300 = [
      '| npu-smi 23.0.0                                   Version: 23.0.0                                       |',
      '| NPU     Name                  | Health          | Power(W)     Temp(C)           Hugepages-Usage(page) |',
      '| Chip    Device                | Bus-Id          | AICore(%)    Memory-Usage(MB)                        |',
      '+===============================+=================+======================================================+',
      '| 0       310P3                 | OK              | 12.8         61                0     / 969           |',
      '| 0       0                     | 0000:01:00.0    | 0            577  / 7759                             |',
    ].join('\n');
    expect(readNpuSmiInfo(a300)?.devices).toEqual([
      { index: 0, name: '310P3', memoryMiB: 7759, busId: '0000:01:00.0' },
    ]);
    expect(readNpuSmiInfo('command not found')).toBeUndefined();
  });
});

describe('engine versions', () => {
  it("reads vLLM's /version and SGLang's server info, and an engine's --version", () => {
    expect(versionFromResponse('{"version":"0.11.0"}')).toBe('0.11.0');
    expect(versionFromResponse('{"model_path":"x","tp_size":8,"version":"0.5.3.post1"}')).toBe('0.5.3.post1');
    expect(versionFromResponse('{"detail":"Not Found"}')).toBeUndefined();
    expect(versionFromResponse('<html>')).toBeUndefined();
    expect(versionFromOutput('INFO 12-01 loading\n0.11.0\n')).toBe('0.11.0');
  });
});

describe('a block of a log', () => {
  it('is appended after the blocks there, or replaces its own # label section', () => {
    expect(withBlock(undefined, 'triton', 'A\n')).toBe('# triton\nA\n');
    const two = withBlock('# triton\nA\n', 'fa3', 'B');
    expect(two).toBe('# triton\nA\n# fa3\nB\n');
    expect(withBlock(two, 'triton', 'C\n')).toBe('# triton\nC\n# fa3\nB\n');
    expect(withBlock(two, 'fa3', 'D\n')).toBe('# triton\nA\n# fa3\nD\n');
  });
});
