// The GLM-4.x / H200 seed's figures, recomputed from data/raw/glm-4.x/h200.
import { describe, expect, it } from 'vitest';
import { guideView, summaryText } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const built = buildFromDisk('glm-4.x/h200');
const guide = built.guide!;
const noProse = { title: '', description: '', slots: {} };

describe('GLM-4.x on H200, recomputed from raw results', () => {
  it('builds without errors; its only warnings are the plausibility warnings guide.yaml acknowledges', () => {
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(built.diagnostics.map((d) => d.code)).toEqual(Array(1).fill('W_MEAN_ABOVE_PERCENTILE'));
  });

  it('parses the older vllm bench serve blocks: no Latency/P95 sections, optional max concurrency', () => {
    const vllm = guide.runs['engine/vllm']!;
    expect(vllm.format).toBe('vllm-bench-serve');
    const batch4 = guide.runs['other-cases/baseline#sharegpt-batch-size-4']!;
    expect(batch4.raw).toContain('Maximum request concurrency:             4');
  });

  it('engine step: a ranking with the unsupported engine last', () => {
    const step = guide.steps[0]!;
    expect(step.summary).toEqual({ kind: 'ranking', order: ['sglang', 'vllm', 'trtllm'] });
    // The seed writes "SGLang(6979.05 tok/s) > vLLM (6030.90 tok/s)": one item without the space
    // before "(", one with it. The template puts the space in every item.
    expect(summaryText(guide, step, 'zh')!.text).toBe(
      '结果：SGLang (6979.05 tok/s) > vLLM (6030.90 tok/s) > TensorRT-LLM (不支持)',
    );
    expect(summaryText(guide, step, 'en')!.text).toBe(
      'Result: SGLang (6979.05 tok/s) > vLLM (6030.90 tok/s) > TensorRT-LLM (Not supported)',
    );
    expect(step.variants[2]!.measured).toBeUndefined();
  });

  it('the winner of the parallelism step uses half the GPUs and is scaled ×2', () => {
    const step = guide.steps[2]!;
    expect(step.winner).toBe('tp4');
    const tp4 = step.variants.find((v) => v.id === 'tp4')!.measured!;
    expect(tp4.scale).toBe(2);
    expect(tp4.primary.printed).toBe('7081.34');
    expect(tp4.score).toBe(14162.68);
  });

  it('optimization summary is step over step with 1 decimal: +15.7%, +12.6%, +80.2%', () => {
    const view = guideView(guide, noProse, 'zh');
    expect(view.optimizationSummary.headers).toEqual(['优化选项', '吞吐量提升']);
    expect(view.optimizationSummary.rows).toEqual([
      { label: '引擎选择', cells: [{ change: '+15.7%', positive: true }], adopted: true },
      { label: '量化', cells: [{ change: '+12.6%', positive: true }], adopted: true },
      { label: '并行策略', cells: [{ change: '+80.2%', positive: true }], adopted: true },
    ]);
  });

  it('before/after table: scaled optimized values, deltas computed on the scaled value', () => {
    const view = guideView(guide, noProse, 'zh');
    expect(view.conclusion.comparison!.table.headers[2]).toBe('优化后（换算为相同 GPU 数量）');
    expect(
      view.conclusion.comparison!.table.rows.map((r) => [
        r.label,
        r.baseline.primary.text,
        r.baseline.secondary.map((line) => line.text).join(),
        r.optimized.primary.text,
        r.optimized.delta,
        r.optimized.secondary.map((line) => line.text).join(),
      ]),
    ).toEqual([
      [
        'ShareGPT',
        'Total TPS: 6030.90',
        'Mean TPOT(ms): 197.85',
        'Total TPS: 7081.34x2',
        '(+134.8%)',
        'Mean TPOT(ms): 256.43',
      ],
      [
        '短提示词',
        'Total TPS: 9497.19',
        'Mean TPOT(ms): 351.26',
        'Total TPS: 21234.81x2',
        '(+347.2%)',
        'Mean TPOT(ms): 800.25',
      ],
      [
        '中等长度提示词',
        'Total TPS: 17214.85',
        'Mean TPOT(ms): 269.75',
        'Total TPS: 17363.22x2',
        '(+101.7%)',
        'Mean TPOT(ms): 144.82',
      ],
      [
        '长提示词',
        'Total TPS: 16714.91',
        'Mean TPOT(ms): 205.69',
        'Total TPS: 14979.90x2',
        '(+79.2%)',
        'Mean TPOT(ms): 97.74',
      ],
      [
        '超长提示词',
        'Total TPS: 15066.09',
        'Mean TPOT(ms): 479.17',
        'Total TPS: 12223.53x2',
        '(+62.3%)',
        'Mean TPOT(ms): 191.61',
      ],
    ]);
    expect(view.conclusion.comparison!.scaledNotes).toEqual([
      '7081.34x2 表示该配置只使用 4 块 GPU，在 8 块 GPU 的机器上部署 2 个副本，吞吐量按 2 倍换算。',
    ]);
  });

  it('other benchmark cases: each configuration with its whole labelled log', () => {
    const view = guideView(guide, noProse, 'zh');
    const [baseline, optimized] = view.otherCases?.groups[0]?.entries ?? [];
    expect(baseline!.configLabel).toBe('基准配置的推理服务脚本');
    expect(baseline!.result.text.match(/^# .+$/gm)).toEqual([
      '# random 32K input',
      '# random 4K input',
      '# random 2K input',
      '# random 128 input',
      '# ShareGPT batch size 4',
    ]);
    expect(optimized!.result.text.match(/^# .+$/gm)).toEqual([
      '# random 32K input',
      '# random 4K input',
      '# random 2K input',
      '# random 128 input',
    ]);
  });
});
