// compute/computed-guide.ts: the whole computation of one guide from its validated guide.yaml and runs, on
// threeSteps() (tests/helpers/compute-input.ts): what the page is given (baseline, headline,
// summary rows, the runs it shows), and no guide at all after any error.
import { describe, expect, it } from 'vitest';
import { computeFromGuideYaml } from '../../../src/lib/compute/computed-guide.ts';
import { computeInput, guide, threeSteps, tps } from '../../helpers/compute-input.ts';

const mainCase = {
  id: 'main',
  label: { en: 'Main', zh: '主要' },
  baseline: { result: 'engine/vllm.txt' },
  optimized: { result: 'mem/b.txt' },
};

function compute(keys: Record<string, unknown> = {}) {
  const { guide: g, runs } = threeSteps(keys);
  const { input, reported } = computeInput(g, runs);
  const result = computeFromGuideYaml(input);
  return { ...result, reported: reported(result.diagnostics) };
}

describe('computeFromGuideYaml', () => {
  it('computes the guide without a diagnostic', () => {
    const { guide: computed, reported, acknowledged } = compute({ comparison: { cases: [mainCase] } });
    expect(reported).toEqual([]);
    expect(acknowledged).toEqual([]);
    expect(computed).toMatchObject({
      id: 'tiny/h100',
      model: { name: 'org/tiny-model', family: 'Tiny', subject: { en: 'org/tiny-model', zh: 'org/tiny-model' } },
      hardware: { gpus: 8, accelerator: 'gpu', label: { en: 'NVIDIA H100x8', zh: 'NVIDIA H100x8' } },
      metrics: { primary: 'total_token_throughput', secondary: ['tpot.mean'] },
      baseline: { step: 'engine', variant: 'vllm', engine: { id: 'vllm', name: 'vLLM' }, measured: { score: 1200 } },
      recommended: { engine: { id: 'sglang', name: 'SGLang' } },
      story: [],
      repeats: [],
    });
    // the short name defaults to the label
    expect(computed?.hardware.short).toEqual(computed?.hardware.label);
    expect(computed?.steps.map((s) => [s.id, s.winner, s.adopted])).toEqual([
      ['engine', 'sglang', true],
      ['mem', 'b', true],
      ['chunk', 'c', false],
    ]);
  });

  it('the headline is the first comparison case: b 1800 against vLLM 1200 is +50%, 1.5x', () => {
    const second = { ...mainCase, id: 'second', optimized: { result: 'engine/sglang.txt' } };
    const { guide: computed } = compute({ comparison: { cases: [mainCase, second] } });
    // second: (1500 − 1200) / 1200 = 25%, 1.25
    expect(computed?.comparison.map((c) => [c.id, c.percent, c.ratio])).toEqual([
      ['main', 50, 1.5],
      ['second', 25, 1.25],
    ]);
    expect(computed?.headline).toEqual({ percent: 50, ratio: 1.5, case: { en: 'Main', zh: '主要' } });
  });

  it('without a comparison, the headline is the last adopted winner against the baseline', () => {
    // the last adopted step is mem (b, 1800); chunk was not adopted: (1800 − 1200) / 1200 = 50%
    expect(compute().guide?.headline).toEqual({ percent: 50, ratio: 1.5 });
  });

  it('with no step adopted, the headline is the baseline against itself', () => {
    const { input } = computeInput(guide(), [
      tps('engine/vllm.txt', '1200.00', '40.00'),
      tps('engine/sglang.txt', '1100.00', '32.00'),
    ]);
    const recommendVllm = {
      ...input,
      guide: { ...input.guide, recommended: { engine: 'vllm', command: 'vllm serve -tp 8' } },
    };
    expect(computeFromGuideYaml(recommendVllm).guide?.headline).toEqual({ percent: 0, ratio: 1 });
  });

  it('the optimization summary, in the guide’s mode', () => {
    // cumulative: 1500, 1800, 1700 against 1200 = 25%, 50%, 41.666…%
    expect(compute().guide?.optimizationSummary).toMatchObject({
      mode: 'cumulative',
      rows: [{ percent: 25 }, { percent: 50 }, { percent: 41.6666666667 }],
    });
  });

  it('lists the runs the page shows, by id in code-unit order, with where each came from', () => {
    const runs = compute().guide?.runs ?? {};
    expect(Object.keys(runs)).toEqual(['chunk/c', 'engine/sglang', 'engine/vllm', 'mem/a', 'mem/b']);
    expect(runs['engine/vllm']).toEqual({
      file: 'data/raw/tiny/h100/engine/vllm.txt',
      format: 'vllm-bench-serve',
      blockLabel: null,
      startLine: 1,
      endLine: 3,
      raw: 'total_token_throughput: 1200.00\ntpot.mean: 40.00',
    });
  });

  it('any error leaves no guide: an unknown baseline variant, recommended engine or a repeated id', () => {
    const { guide: g, runs } = threeSteps();
    const cases: [Record<string, unknown>, string][] = [
      [
        { baseline: { step: 'engine', variant: 'vlm' } },
        'baseline.variant E_REFERENCE: step "engine" has no measured variant "vlm" that served every request',
      ],
      [
        { recommended: { engine: 'lmdeploy', command: g.recommended.command } },
        'recommended.engine E_REFERENCE: unknown engine "lmdeploy"',
      ],
      [
        { engines: [...g.engines, { id: 'vllm', name: 'vLLM again' }] },
        'engines.2.id E_DUPLICATE: duplicate engine id "vllm" (first used at index 0)',
      ],
    ];
    for (const [keys, error] of cases) {
      const { input, reported } = computeInput({ ...g, ...keys } as typeof g, runs);
      const result = computeFromGuideYaml(input);
      expect(result.guide).toBeUndefined();
      expect(reported(result.diagnostics)).toEqual([error]);
    }
  });
});
