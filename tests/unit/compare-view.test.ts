// Compare pages: one model's guides on different machines, or one machine's models, side by side.
import { describe, expect, it } from 'vitest';
import { comparePages } from '../../src/lib/format/compare-pages.ts';
import { hardwareCompareView, modelCompareView } from '../../src/lib/view/compare-view.ts';
import { comparePage } from '../helpers/compare-page.ts';
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

  it('a model page puts each shared benchmark case of its machines side by side, per GPU where they differ', () => {
    const view = modelCompareView(entries, comparePage(entries, 'model', 'gpt-oss-120b'), 'en');
    expect(view.summary.rows.map((r) => [r.name, r.engine])).toEqual([
      ['NVIDIA A100 × 2', 'vLLM'],
      ['NVIDIA H100 × 4', 'vLLM'],
    ]);
    const sharegpt = view.tables.find((t) => t.label === 'ShareGPT');
    expect(sharegpt?.headers).toEqual({
      name: 'Hardware',
      perAccelerator: 'Total TPS / GPU (tok/s)',
      value: 'Total TPS (tok/s), whole machine',
      change: 'Change vs. its baseline',
      secondary: ['Mean TPOT (ms)'],
    });
    expect(sharegpt?.rows.map((r) => r.href)).toEqual([
      '/en/guides/gpt-oss-120b/a100/',
      '/en/guides/gpt-oss-120b/h100/',
    ]);
    // H100: TP2 on 2 of 4 GPUs measures 16042.19 tok/s, two replicas 32084.38, 8021.10 per GPU.
    expect(sharegpt?.rows[1]).toMatchObject({
      value: '32084.38',
      perAccelerator: '8021.10',
      change: '+31.6%/GPU',
      positive: true,
    });
    expect(sharegpt?.rows[1]?.source).toMatch(/^data\/raw\/gpt-oss-120b\/h100\/.+:\d+$/);
  });

  it('GLM-4.x: every machine has a value for the case they share, and nothing stands empty', () => {
    const all = ['glm-4.x/a100', 'glm-4.x/h100', 'glm-4.x/h200'].map((id) => ({
      guide: buildFromDisk(id).guide!,
      title: id,
    }));
    const view = modelCompareView(all, comparePage(all, 'model', 'glm-4.x'), 'en');
    expect(view.tables.map((t) => t.label)).toEqual(['ShareGPT']);
    const [sharegpt] = view.tables;
    // Machines of one size: the whole machine's throughput, no column per GPU.
    expect(sharegpt?.headers.perAccelerator).toBeUndefined();
    expect(
      sharegpt?.rows.map((r) => [r.name, r.value, r.change, r.secondary.map((c) => `${c.value} ${c.delta?.text}`)]),
    ).toEqual([
      ['NVIDIA A100 × 8', '2824.82', '+1.3%', ['160.28 +3.9%']],
      ['NVIDIA H100 × 8', '3856.69', '+21.8%', ['677.30 +33.1%']],
      ['NVIDIA H200 × 8', '14162.68', '+134.8%', ['256.43 +29.6%']],
    ]);
    expect(view.notCompared).toEqual([
      'Measured by NVIDIA H200 × 8 alone, so not compared: Short prompt, Medium prompt, Long prompt, Very long prompt.',
    ]);
  });

  it('a machine page lists its models; a case one guide alone measured is named, not compared', () => {
    const view = hardwareCompareView(entries, comparePage(entries, 'hardware', 'nvidia-h200'), 'zh');
    expect(view.title).toBe('NVIDIA H200 上的各模型对比');
    expect(view.summary.rows.map((r) => r.id)).toEqual(['glm-4.x/h200', 'glm-5.2/h200']);
    expect(view.notCompared.some((line) => line.includes('均衡：8K 输入'))).toBe(true);
  });

  it('unlike figures are never set side by side: both measured ShareGPT, each by its own Total TPS', () => {
    // GLM-4.x's blocks are vLLM's (totals / duration), GLM-5.2's GPUStack's (guidellm's interval mean).
    const view = hardwareCompareView(entries, comparePage(entries, 'hardware', 'nvidia-h200'), 'en');
    expect(view.tables).toEqual([]);
    expect(view.notCompared).toContain(
      'ShareGPT: GLM-5.2 · NVIDIA H200 × 8 measured it by Interval-mean Total TPS, which no other guide here did, so it is not compared.',
    );
    expect(view.notCompared).toContain(
      'ShareGPT: GLM-4.x · NVIDIA H200 × 8 measured it by Total TPS, which no other guide here did, so it is not compared.',
    );
    // The summary's gains are of different figures, and each says which.
    expect(view.summary.rows.map((r) => [r.id, r.gain, r.gainMetric])).toEqual([
      ['glm-4.x/h200', '+134.8%', 'by Total TPS'],
      ['glm-5.2/h200', '+219.70%', 'by Interval-mean Total TPS'],
    ]);
    const zh = hardwareCompareView(entries, comparePage(entries, 'hardware', 'nvidia-h200'), 'zh');
    expect(zh.summary.rows.map((r) => r.gainMetric)).toEqual(['按总吞吐量', '按区间均值总吞吐量']);
    // A page whose guides are all judged by one figure says nothing more beside each gain.
    expect(
      modelCompareView(entries, comparePage(entries, 'model', 'glm-4.x'), 'en').summary.rows.every(
        (r) => r.gainMetric === undefined,
      ),
    ).toBe(true);
  });

  it('beside each gain, what the guide’s other metrics did, coloured by their own direction', () => {
    const both = ['glm-4.x/h200', 'deepseek-v3.2/h200'].map((id) => ({ guide: buildFromDisk(id).guide!, title: id }));
    const view = hardwareCompareView(both, comparePage(both, 'hardware', 'nvidia-h200'), 'en');
    const row = (label: string, id: string) =>
      view.tables.find((t) => t.label === label)?.rows.find((r) => r.id === id);
    // GLM-4.x short prompt: Mean TPOT 351.08 → 800.25 ms: a latency that rose is worse
    expect(row('Short prompt', 'glm-4.x/h200')?.secondary).toEqual([
      { value: '800.25', delta: { text: '+127.8%', positive: false } },
    ]);
    // Medium prompt: it fell, which is better
    expect(row('Medium prompt', 'glm-4.x/h200')?.secondary).toEqual([
      { value: '144.82', delta: { text: '-46.3%', positive: true } },
    ]);
    expect(view.tables[0]?.legend).toBe(
      'Green is better, red is worse: higher Total TPS is better, lower Mean TPOT is better.',
    );
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

describe('the index', () => {
  const all = ['glm-4.x/a100', 'glm-4.x/h200', 'glm-5.2/h200', 'qwen3-8b/h100-latency', 'qwen3-30b-a3b/910b'].map(
    (id) => ({ guide: buildFromDisk(id).guide!, title: id }),
  );

  it('lists every guide once, in the cell of its model and machine', () => {
    const view = indexView(all, 'en');
    expect(view.matrix.columns.map((c) => c.id)).toEqual(['ascend-910b', 'nvidia-a100', 'nvidia-h100', 'nvidia-h200']);
    const ids = view.matrix.rows.map((r) => [r.family, r.cells.map((cell) => cell.map((g) => g.id))]);
    expect(ids).toEqual([
      ['GLM-4.x', [[], ['glm-4.x/a100'], [], ['glm-4.x/h200']]],
      ['GLM-5.2', [[], [], [], ['glm-5.2/h200']]],
      ['Qwen3-30B-A3B', [['qwen3-30b-a3b/910b'], [], [], []]],
      ['Qwen3-8B', [[], [], ['qwen3-8b/h100-latency'], []]],
    ]);
    const glm52 = view.matrix.rows[1]?.cells[3]?.[0];
    expect(glm52).toMatchObject({
      gain: '+219.70%',
      // guidellm's interval mean, as GPUStack's blocks print it: named apart from vLLM's Total TPS.
      metric: 'Interval-mean Total TPS',
      // The case the headline gain is on (issue 22: the cells named it before the matrix).
      case: 'Balanced: 8K input / 1K output (optimization target)',
      objective: 'Throughput',
      engine: 'SGLang',
      gpus: '8 GPUs',
      positive: true,
      filters: { objective: 'throughput', engine: 'sglang', accelerator: 'nvidia-h200', family: 'glm-5.2' },
    });
    expect(view.matrix.rows[2]?.cells[0]?.[0]?.gpus).toBe('2 NPUs');
  });

  it('shows beside each change the recommendation’s measured figure: per accelerator for a throughput, as measured for a latency', () => {
    const cell = (view: ReturnType<typeof indexView>, row: number, column: number) =>
      view.matrix.rows[row]?.cells[column]?.[0]?.figure;
    const en = indexView(all, 'en');
    // glm-5.2/h200: 17525.76 tok/s interval-mean Total TPS on 8 GPUs (its first case, line 4).
    expect(cell(en, 1, 3)).toEqual({
      text: '2191 tok/s/GPU',
      title: "The recommended configuration's measured Interval-mean Total TPS: 17525.76 tok/s on 8 GPUs",
    });
    // qwen3-30b-a3b/910b: 4712.47 tok/s on 2 NPUs.
    expect(cell(en, 2, 0)?.text).toBe('2356 tok/s/NPU');
    // qwen3-8b/h100-latency: a mean latency of 621.06 ms, which pages show in seconds.
    expect(cell(en, 3, 2)).toEqual({
      text: '0.62 s',
      title: "The recommended configuration's measured Mean Latency: 0.62 s on 1 GPU",
    });
    expect(cell(indexView(all, 'zh'), 1, 3)).toEqual({
      text: '2191 tok/s/GPU',
      title: '推荐配置实测区间均值总吞吐量：17525.76 tok/s（8 块 GPU）',
    });
  });

  it('offers each filter’s values as the guides have them, named as the page names them', () => {
    const view = indexView(all, 'zh');
    expect(view.filters.fields.map((f) => [f.name, f.options.map((o) => `${o.value}=${o.label}`)])).toEqual([
      ['objective', ['throughput=吞吐量', 'latency=延迟']],
      ['engine', ['mindie=MindIE', 'sglang=SGLang', 'vllm=vLLM']],
      [
        'accelerator',
        ['ascend-910b=Ascend 910B', 'nvidia-a100=NVIDIA A100', 'nvidia-h100=NVIDIA H100', 'nvidia-h200=NVIDIA H200'],
      ],
      ['family', ['glm-4.x=GLM-4.x', 'glm-5.2=GLM-5.2', 'qwen3-30b-a3b=Qwen3-30B-A3B', 'qwen3-8b=Qwen3-8B']],
    ]);
    expect(view.filters.count).toBe('显示 {shown} / {total} 份指南');
    expect(view.matrix.rows[1]?.cells[3]?.[0]?.metric).toBe('区间均值总吞吐量');
    expect(view.matrix.rows[1]?.cells[3]?.[0]?.case).toBe('均衡：8K 输入 / 1K 输出 (优化目标)');
  });
});
