// The first screen's decision (src/lib/view/decision-view.ts) words the computed guide's
// `decision`: its figures change with the guide's, a loss inside the noise band is not told as a
// reason to run something else, and where nothing better was measured the page says so.
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import type { DecisionFactId, DecisionView } from '../../src/lib/view/decision-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const noProse = { title: '', description: '', slots: {} };
const decisionOf = (guide: ComputedGuide, lang: 'en' | 'zh'): DecisionView =>
  guideView(guide, noProse, lang).conclusion.decision!;
const fact = (view: DecisionView, id: DecisionFactId) => view.facts.find((f) => f.id === id)?.value;
const group = (view: DecisionView, id: DecisionFactId) => view.details.groups.find((g) => g.id === id)?.items ?? [];

describe('decision view', () => {
  const glm52 = buildFromDisk('glm-5.2/h200').guide!;

  it('GLM-5.2 / H200 in English: per GPU, cost, the ShareGPT loss, runs and noise, versions and date, the benchmark', () => {
    const en = decisionOf(glm52, 'en');
    expect(en.facts.map((f) => f.id)).toEqual(['yield', 'cost', 'workloads', 'noise', 'measured', 'benchmark']);
    expect(en.facts[0]!.label).toBe('Per GPU');
    // (8204000 + 1024000) tokens / 539.39 s / 8 GPUs, as the computed guide holds it.
    expect(fact(en, 'yield')).toBe('2138.53 tok/s total, 237.31 tok/s output');
    // $2.50 × 8 / (2138.53 × 8 × 3600) × 10^6 = $0.32; over the output rate, $2.93.
    expect(fact(en, 'cost')).toBe(
      '$0.32 per million tokens (input and output), $2.93 per million output tokens, at $2.50 per GPU-hour',
    );
    expect(fact(en, 'workloads')).toBe(
      'On ShareGPT the baseline (vLLM) is better: Total TPS -52.90% for the recommendation, beyond noise. 1 more within noise.',
    );
    expect(fact(en, 'noise')).toBe(
      '+219.70% from one run on each side, beyond the 16.11% noise band. Adopted steps within it: 2 of 5 (+8.07%, +5.01%).',
    );
    expect(fact(en, 'measured')).toBe(
      'SGLang v0.5.14, vLLM v0.24.0 (versions from guide.yaml); no later than 2026-08-21 (guide.yaml measuredNoLaterThan)',
    );
    expect(fact(en, 'benchmark')).toBe('guidellm, Random, 8192 in / 1024 out tokens, concurrency 512 (peak)');
    // The detail: the price's date and basis, the within-noise Generation Heavy loss in words, what to serve on ShareGPT.
    expect(group(en, 'cost')[0]).toMatch(
      /^\$2\.50 per GPU-hour for NVIDIA H200, stated 2026-12-07: perflab's stated default/,
    );
    expect(group(en, 'workloads')).toContainEqual(
      expect.stringMatching(
        /^On Generation Heavy \(1K input \/ 2K output\) the baseline \(vLLM\) measured better, but the recommendation’s Total TPS -0\.04% \(2267\.33 tok\/s vs 2268\.18 tok\/s\) is within the 16\.11% noise band\./,
      ),
    );
    expect(group(en, 'workloads')).toContainEqual(
      expect.stringContaining('ShareGPT, mean 328.15 in / mean 270.25 out tokens'),
    );
    expect(group(en, 'benchmark')).toContain('The exact benchmark command was not recorded.');
    // The formula is the methodology page's; every step's change is held against the band, grouped.
    expect(en.details.groups.find((g) => g.id === 'cost')?.link).toEqual({
      text: 'How the cost is computed',
      href: '/en/methodology/#cost-per-million-tokens',
    });
    expect(group(en, 'noise')).toEqual([
      'The band, 16.11%, is the spread this guide measured between two runs of one configuration.',
      'Every step: one run on each side.',
      'Adopted, beyond the noise band: Choose the Inference Engine +18.34%, Memory Fraction +96.27%, KV Cache Data Type +21.28%.',
      'Adopted, within the noise band: Parallelism Strategy +8.07%, DeepEP + Max Running Requests +5.01%.',
    ]);
    expect(en.details.commands).toEqual([
      {
        label: 'What to serve on ShareGPT: the baseline (vLLM)',
        command: expect.stringContaining('--tensor-parallel-size'),
      },
    ]);
  });

  it('GLM-5.2 / H200 in Chinese', () => {
    const zh = decisionOf(glm52, 'zh');
    expect(zh.facts[0]!.label).toBe('每 GPU');
    expect(fact(zh, 'yield')).toBe('总计 2138.53 tok/s，输出 237.31 tok/s');
    expect(fact(zh, 'cost')).toBe('按每 GPU 小时 $2.50 计，每百万 token（输入加输出）$0.32，每百万输出 token $2.93');
    expect(fact(zh, 'workloads')).toBe(
      '在ShareGPT上基线（vLLM）更好：推荐配置 Total TPS -52.90%，超出噪声范围。另有 1 处差距在噪声范围内。',
    );
    expect(fact(zh, 'measured')).toBe(
      'SGLang v0.5.14，vLLM v0.24.0（版本取自 guide.yaml）；不晚于 2026-08-21（guide.yaml 的 measuredNoLaterThan）',
    );
  });

  it('reads its numbers from the computed guide', () => {
    const copy = structuredClone(glm52);
    const balanced = copy.decision.workloads[0]!;
    balanced.points[balanced.recommended!]!.yield!.totalPerGpu = 1234.567;
    copy.decision.price!.usdPerGpuHour = 4;
    copy.decision.noise.band = 1;
    for (const step of copy.decision.noise.steps) step.verdict = 'gain';
    const view = decisionOf(copy, 'en');
    expect(fact(view, 'yield')).toMatch(/^1234\.57 tok\/s total/);
    expect(fact(view, 'cost')).toMatch(/at \$4\.00 per GPU-hour$/);
    expect(fact(view, 'noise')).toMatch(/beyond the 1\.00% noise band\. Every adopted step/);
  });

  it('where the recommendation is best everywhere, it says nothing better was measured', () => {
    const copy = structuredClone(glm52);
    for (const w of copy.decision.workloads) {
      delete w.loss;
      w.best = w.recommended!;
    }
    expect(fact(decisionOf(copy, 'en'), 'workloads')).toBe('Nothing better was measured on any of its 5 workloads.');
  });

  it('a guide without a price for its hardware shows no cost', () => {
    const copy = structuredClone(glm52);
    delete copy.decision.price;
    expect(decisionOf(copy, 'en').facts.map((f) => f.id)).not.toContain('cost');
  });

  it('a recorded engine version and date say so', () => {
    const copy = structuredClone(glm52);
    copy.decision.freshness = {
      engines: [{ id: 'sglang', name: 'SGLang', version: 'v0.5.15', from: 'record' }],
      date: '2026-11-30',
      dateFrom: 'record',
    };
    expect(fact(decisionOf(copy, 'en'), 'measured')).toBe(
      'SGLang v0.5.15 (as the server reported it); on 2026-11-30 (the last recorded result)',
    );
  });
});

describe('decision view on other guides', () => {
  it('marks an older engine release than another guide of the site ran, beside the versions', () => {
    const deepseek = buildFromDisk('deepseek-v3.2/h200').guide!;
    const glm = buildFromDisk('glm-5.2/h200').guide!;
    const measured = (g: ComputedGuide, lang: 'en' | 'zh') =>
      guideView(g, noProse, lang, undefined, undefined, [deepseek, glm]).conclusion.decision!.facts.find(
        (f) => f.id === 'measured',
      );
    expect(measured(deepseek, 'en')?.mark).toBe('older engine (newest on this site: SGLang v0.5.14, vLLM v0.24.0)');
    expect(measured(deepseek, 'zh')?.mark).toBe('引擎较旧（本站最新：SGLang v0.5.14，vLLM v0.24.0）');
    expect(measured(glm, 'en')?.mark).toBeUndefined();
  });

  it('says the tool and dataset once when every workload ran the same, and each workload’s lengths', () => {
    const view = decisionOf(buildFromDisk('deepseek-v3.2/h200').guide!, 'en');
    const workloads = group(view, 'workloads');
    expect(workloads[0]).toBe('Every workload: vllm bench serve, dataset not recorded.');
    expect(workloads[2]).toBe(
      'Short prompt: recommended, best of 2 measured (one run): 2278.42 tok/s per GPU, $0.30 per million tokens; mean 128 in / mean 4 out tokens, concurrency 984 (peak).',
    );
  });

  it('names the runs of each step where they differ', () => {
    const copy = structuredClone(buildFromDisk('glm-5.2/h200').guide!);
    copy.decision.noise.steps[0]!.runs.winner = 3;
    const noise = group(decisionOf(copy, 'en'), 'noise');
    expect(noise).not.toContain('Every step: one run on each side.');
    expect(noise[1]).toMatch(
      /^Adopted, beyond the noise band: Choose the Inference Engine \+18\.34% \(3 runs against one run\), /,
    );
  });

  it('a latency guide words its headline as the answer does, and says when no dataset was recorded', () => {
    const view = decisionOf(buildFromDisk('qwen3-8b/h100-latency').guide!, 'en');
    expect(fact(view, 'noise')).toMatch(/^2\.67x faster from one run on each side, beyond the 5\.0% noise band\./);
    expect(fact(view, 'benchmark')).toBe(
      'vllm bench serve, dataset not recorded, mean 232.6 in / mean 220.61 out tokens, max concurrency 1',
    );
  });
});
