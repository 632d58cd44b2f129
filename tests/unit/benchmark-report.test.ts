// src/lib/benchmark-report and src/lib/api on the committed guides and runs (data/ is committed
// exactly as built): each value against the raw line that printed it. That every export validates
// against llm-d's schema, and every guide JSON against its own, is tests/build/api-files.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideApi } from '../../src/lib/api/guide-api.ts';
import { guideLinks, reportedRuns } from '../../src/lib/api/links.ts';
import { llmsTxt } from '../../src/lib/view/llms-txt.ts';
import { benchmarkReport, runUses } from '../../src/lib/benchmark-report/benchmark-report.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import type { Run } from '../../src/lib/schema/run.ts';
import { ROOT_PATHS } from '../../src/lib/site-paths.ts';
import { rawLine, repoRoot } from '../helpers/guide-from-disk.ts';

const guideOf = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'data/guides', `${id}.json`), 'utf8')) as ComputedGuide;
const runOf = (id: string, runId: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'data/runs', id, `${runId}.json`), 'utf8')) as Run;
const reportOf = (id: string, runId: string) => {
  const guide = guideOf(id);
  return benchmarkReport(guide, runOf(id, runId), runUses(guide).get(runId)) as {
    scenario: {
      stack: { standardized: Record<string, unknown>; native: Record<string, unknown> }[];
      load?: { standardized: Record<string, unknown> };
    };
    results: { request_performance: { aggregate: Record<string, Record<string, Record<string, unknown>>> } };
  };
};
const at = { paths: ROOT_PATHS, site: undefined };

describe('a Benchmark Report', () => {
  it('SGLang with TP, DP and expert parallelism: the sizes its flags set, aliases read as one', () => {
    const report = reportOf('glm-5.2/h200', 'parallel/tp-dp-dp-attention-ep');
    const engine = report.scenario.stack[0]!.standardized;
    expect(engine['tool']).toBe('sglang');
    expect(engine['tool_version']).toBe('v0.5.14');
    expect(engine['accelerator']).toEqual({ model: 'NVIDIA H200', count: 8, parallelism: { tp: 8, dp: 8, ep: 8 } });
    expect(engine['model']).toEqual({ name: 'zai-org/GLM-5.2-FP8' });
    expect(report.scenario.stack[0]!.native['args']).toEqual({
      'tp-size': '8',
      'enable-dp-attention': null,
      'dp-size': '8',
      'ep-size': '8',
    });
  });

  it('vLLM bench serve without a profile: its own cap, and lengths as measured means', () => {
    const report = reportOf('qwen3-8b/h100-latency', 'choosing-the-inference-engine/vllm');
    const file = 'qwen3-8b/h100-latency/choosing-the-inference-engine/vllm.txt';
    expect(rawLine(file, 2)).toMatch(/Successful requests:\s+100\b/);
    expect(rawLine(file, 3)).toMatch(/Maximum request concurrency:\s+4\b/);
    expect(rawLine(file, 5)).toMatch(/Total input tokens:\s+23260\b/);
    expect(report.scenario.load!.standardized).toMatchObject({
      tool: 'vllm-benchmark',
      source: 'unknown',
      concurrency: 4,
      input_seq_len: { distribution: 'other', value: 232.6 },
    });
    const { latency, requests } = report.results.request_performance.aggregate;
    expect(requests).toEqual({ total: 100 });
    // Median is the 50th percentile; TTFT and TPOT as vLLM printed them, in ms.
    expect(Object.keys(latency!).sort()).toEqual([
      'inter_token_latency',
      'time_per_output_token',
      'time_to_first_token',
    ]);
    const run = runOf('qwen3-8b/h100-latency', 'choosing-the-inference-engine/vllm');
    expect(latency!['time_to_first_token']).toEqual({
      units: 'ms',
      mean: run.metrics['ttft.mean']!.value,
      p50: run.metrics['ttft.median']!.value,
      p99: run.metrics['ttft.p99']!.value,
    });
  });

  it('an accuracy result is no Benchmark Report, and is not linked as one', () => {
    const guide = guideOf('glm-5.2/h200');
    expect(
      benchmarkReport(guide, runOf('glm-5.2/h200', 'gsm8k/bf16'), runUses(guide).get('gsm8k/bf16')),
    ).toBeUndefined();
    expect(reportedRuns(guide)).not.toContain('gsm8k/bf16');
    expect(guideApi(guide, guideLinks(at, guide)).runs['gsm8k/bf16']?.benchmarkReport).toBeUndefined();
  });

  it('two runs of a guide that would be published under one file name are refused, naming both', () => {
    const guide = guideOf('qwen3-8b/h100-latency');
    const copy = 'attention-backend/run--flashinfer';
    const [first, ...rest] = guide.steps;
    const variant = first!.variants.find((v) => v.measured)!;
    const clash: ComputedGuide = {
      ...guide,
      runs: { ...guide.runs, [copy]: guide.runs['attention-backend/run#flashinfer']! },
      steps: [
        {
          ...first!,
          variants: [...first!.variants, { ...variant, id: 'copy', measured: { ...variant.measured!, runId: copy } }],
        },
        ...rest,
      ],
    };
    expect(() => reportedRuns(clash)).toThrow(
      /runs "attention-backend\/run#flashinfer" and "attention-backend\/run--flashinfer" would both be published as attention-backend\/run--flashinfer\.json/,
    );
  });
});

describe('a guide’s JSON', () => {
  it('names each figure’s raw file and line, its unit and which way is better', () => {
    const api = guideApi(guideOf('glm-5.2/h200'), guideLinks(at, guideOf('glm-5.2/h200')));
    const baseline = api.baseline.measurement;
    expect(baseline.primary).toMatchObject({
      metric: 'total_token_throughput_interval_mean',
      value: 5481.9,
      unit: 'tok/s',
      better: 'higher',
      source: { run: 'engine/vllm', file: 'data/raw/glm-5.2/h200/engine/vllm.txt', line: 11 },
    });
    expect(rawLine('glm-5.2/h200/engine/vllm.txt', 11)).toContain('5481.90');
    expect(baseline.secondary[0]).toMatchObject({ metric: 'tpot_incl_ttft.mean', unit: 'ms', better: 'lower' });
    expect(baseline.runs).toEqual(['engine/vllm']);
    expect(api.baseline.configuration.argv).toEqual(['--tensor-parallel-size=8']);
  });

  it('a command’s variables are given apart from its words', () => {
    const api = guideApi(guideOf('deepseek-v3.2/h200'), guideLinks(at, guideOf('deepseek-v3.2/h200')));
    const set = api.steps.flatMap((s) => s.variants).find((v) => v.configuration.env.length > 0);
    expect(set?.configuration.env[0]).toMatch(/^VLLM_ATTENTION_BACKEND=[A-Z_]+$/);
    expect(set?.configuration.argv.some((word) => word.includes('VLLM_ATTENTION_BACKEND'))).toBe(false);
  });
});

describe('llms.txt', () => {
  it('an author’s title cannot end its link or start markup', () => {
    const guide = guideOf('glm-5.2/h200');
    const text = llmsTxt(
      [{ guide, title: 'A](https://evil.example) *b* <i>', prose: { title: '', description: '', slots: {} } }],
      at,
    );
    expect(text).toContain('- [A\\](https://evil.example) \\*b\\* \\<i\\>](/en/guides/glm-5.2/h200/)');
  });
});
