// Compare pages: one model's guides on different machines, or one machine's models, side by side.
import { describe, expect, it } from 'vitest';
import { comparePages, hardwareCompareView, modelCompareView } from '../../src/lib/view/compare-view.ts';
import { indexView } from '../../src/lib/view/index-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const entries = ['glm-4.x/h200', 'glm-4.x/a100', 'glm-5.2/h200', 'gpt-oss-120b/h100', 'gpt-oss-120b/a100'].map(
  (id) => ({
    guide: buildFromDisk(id).guide!,
    title: id,
  }),
);

describe('compare pages', () => {
  it('exist for a model on two or more machines and a machine with two or more models', () => {
    expect(comparePages(entries)).toEqual([
      { kind: 'model', slug: 'glm-4.x' },
      { kind: 'model', slug: 'gpt-oss-120b' },
      { kind: 'hardware', slug: 'nvidia-a100' },
      { kind: 'hardware', slug: 'nvidia-h200' },
    ]);
  });

  it('a model page puts each shared benchmark case of its machines side by side, per machine and per GPU', () => {
    const view = modelCompareView(entries, 'gpt-oss-120b', 'en');
    expect(view.summary.rows.map((r) => [r.name, r.engine])).toEqual([
      ['NVIDIA A100 × 2', 'vLLM'],
      ['NVIDIA H100 × 4', 'vLLM'],
    ]);
    const [table] = view.tables;
    expect(table?.columns.map((c) => c.href)).toEqual([
      '/en/guides/gpt-oss-120b/a100/',
      '/en/guides/gpt-oss-120b/h100/',
    ]);
    const sharegpt = table?.rows.find((r) => r.label === 'ShareGPT');
    // H100: TP2 on 2 of 4 GPUs measures 16042.19 tok/s, two replicas 32084.38, 8021.10 per GPU.
    expect(sharegpt?.cells[1]).toMatchObject({
      value: '32084.38 tok/s',
      perAccelerator: '8021.10 tok/s per GPU',
      change: '+31.6%/GPU',
      positive: true,
    });
    expect(sharegpt?.cells[1]?.source).toMatch(/^data\/raw\/gpt-oss-120b\/h100\/.+:\d+$/);
  });

  it('a machine page lists its models; a case only some guides have leaves the others empty', () => {
    const view = hardwareCompareView(entries, 'nvidia-h200', 'zh');
    expect(view.title).toBe('NVIDIA H200 上的各模型对比');
    expect(view.summary.rows.map((r) => r.id)).toEqual(['glm-4.x/h200', 'glm-5.2/h200']);
    const balanced = view.tables[0]?.rows.find((r) => r.label.startsWith('均衡'));
    expect(balanced?.cells[0]).toBeUndefined();
    expect(balanced?.cells[1]?.change).toBe('+219.70%');
  });

  it('beside each gain, what the guide’s other metrics did, coloured by their own direction', () => {
    const view = hardwareCompareView(entries, 'nvidia-h200', 'en');
    const cell = (label: string) => view.tables[0]?.rows.find((r) => r.label === label)?.cells[1];
    // GLM-5.2 ShareGPT: Mean TPOT 149.24 → 331.21 ms, +121.93%: a latency that rose is worse
    expect(cell('ShareGPT')?.secondary).toEqual([
      { text: 'Mean TPOT 331.21\u00a0ms', delta: { text: '+121.93%', positive: false } },
    ]);
    // Balanced: 636.24 → 217.89 ms, −65.75%: better
    expect(cell('Balanced: 8K input / 1K output (optimization target)')?.secondary).toEqual([
      { text: 'Mean TPOT 217.89\u00a0ms', delta: { text: '-65.75%', positive: true } },
    ]);
  });

  it('the index links each model and machine that has a compare page', () => {
    const view = indexView(entries, 'en');
    expect(view.matrix.rows.map((r) => [r.family, r.compareHref])).toEqual([
      ['GLM-4.x', '/en/compare/model/glm-4.x/'],
      ['GLM-5.2', undefined],
      ['GPT-OSS-120B', '/en/compare/model/gpt-oss-120b/'],
    ]);
    expect(view.matrix.columns.map((c) => [c.name, c.compareHref])).toEqual([
      ['NVIDIA A100', '/en/compare/hardware/nvidia-a100/'],
      ['NVIDIA H100', undefined],
      ['NVIDIA H200', '/en/compare/hardware/nvidia-h200/'],
    ]);
  });
});
