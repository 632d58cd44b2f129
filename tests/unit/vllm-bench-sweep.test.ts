// `vllm bench sweep serve` result folders, read value by value as vLLM defines them
// (vllm/benchmarks/sweep/serve.py: run=N.json is a `vllm bench serve` result with `run_number` and
// the combination's settings added; summary.json the list of those objects), each run a repeat of
// its folder's configuration; a run stored once when the folder holds it twice; and a guide whose
// variants are sweep combinations, each measured by its repeats (the median run shown, the spread
// the noise verdict uses). Real files: tests/fixtures/vllm-bench-sweep/*/README.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { parseRawFile } from '../../src/lib/parse/index.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const read = (path: string) => readFileSync(join(fixtures, path), 'utf8');
const SUMMARY = 'vllm-bench-sweep/summary-three-runs/input.json';
const RUN_1 = 'vllm-bench-sweep/run-file/input.json';
const SUMMARY_256 = 'vllm-bench-sweep/summary-max-num-seqs-256/input.json';

type Record = { [key: string]: number | string | null };

/** The 1-based line of the first line of `text` holding `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('a sweep combination’s summary.json', () => {
  const text = read(SUMMARY);
  const objects = JSON.parse(text) as Record[];
  const result = parseRawFile(text, { file: `data/raw/g/sweep/comb-a/summary.json` });

  it('is read as vllm-bench-sweep, one run per object, with no diagnostic', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.runs.map((r) => r.source.format)).toEqual([
      'vllm-bench-sweep',
      'vllm-bench-sweep',
      'vllm-bench-sweep',
    ]);
    expect(result.runs.map((r) => r.source.blockLabel)).toEqual(['run=0', 'run=1', 'run=2']);
  });

  it('each run is a repeat of the folder’s configuration, numbered as vLLM numbers it (run_number)', () =>
    expect(result.runs.map((r) => r.repeat)).toEqual(
      objects.map((o) => ({ group: 'data/raw/g/sweep/comb-a', index: o.run_number })),
    ));

  it('each value is the key vLLM writes, under the id its definition gives', () => {
    result.runs.forEach((run, i) => {
      const o = objects[i]!;
      const m = run.metrics;
      // vllm/benchmarks/serve.py calculate_metrics(): completed, dur_s, the totals, and rates of them.
      expect(m.requests_successful?.value).toBe(o.completed);
      expect(m.requests_failed?.value).toBe(o.failed);
      expect(m.duration?.value).toBe(o.duration);
      expect(m.input_tokens_total?.value).toBe(o.total_input_tokens);
      expect(m.output_tokens_total?.value).toBe(o.total_output_tokens);
      expect(m.request_throughput?.value).toBe(o.request_throughput);
      expect(m.output_token_throughput?.value).toBe(o.output_throughput);
      expect(m.total_token_throughput?.value).toBe(o.total_token_throughput);
      expect(m.peak_output_token_throughput?.value).toBe(o.max_output_tokens_per_s);
      expect(m.peak_concurrent_requests?.value).toBe(o.max_concurrent_requests);
      expect(m.request_rate_configured?.value).toBe(o.request_rate);
      expect(m['ttft.mean']?.value).toBe(o.mean_ttft_ms);
      expect(m['ttft.p99']?.value).toBe(o.p99_ttft_ms);
      expect(m['tpot.median']?.value).toBe(o.median_tpot_ms);
      expect(m['itl.std']?.value).toBe(o.std_itl_ms);
      expect(m['e2e_latency.p99']?.value).toBe(o.p99_e2el_ms);
      // The rates are the totals over the duration (vLLM's definition), to the last bit printed.
      expect(o.request_throughput).toBeCloseTo(Number(o.completed) / Number(o.duration), 9);
      expect(o.total_token_throughput).toBeCloseTo(
        (Number(o.total_input_tokens) + Number(o.total_output_tokens)) / Number(o.duration),
        6,
      );
      // `max_concurrency: null` is no cap, and the combination's settings are not results.
      expect(m.max_concurrency).toBeUndefined();
      expect(Object.keys(m).some((k) => /seqs|batched|model_len|input_len/.test(k))).toBe(false);
    });
  });

  it('each run’s raw text is its object, from its line to its closing brace', () => {
    const lines = text.split('\n');
    for (const run of result.runs) {
      expect(lines[run.source.startLine - 1]!.trim()).toBe('{');
      expect(lines[run.source.endLine - 1]!.trim()).toMatch(/^},?$/);
      expect(JSON.parse(run.raw)).toEqual(objects[run.repeat!.index]);
    }
  });
});

describe('a run=N.json', () => {
  const text = read(RUN_1);
  const result = parseRawFile(text, { file: 'data/raw/g/sweep/comb-a/run=1.json' });

  it('is the sweep’s run 1, not a plain vllm-json result, with the values summary.json holds for it', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.runs).toHaveLength(1);
    const [run] = result.runs;
    expect(run!.source.format).toBe('vllm-bench-sweep');
    expect(run!.repeat).toEqual({ group: 'data/raw/g/sweep/comb-a', index: 1 });
    const fromSummary = parseRawFile(read(SUMMARY), { file: 'data/raw/g/sweep/comb-a/summary.json' }).runs[1]!;
    const values = (m: typeof fromSummary.metrics) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v?.value]));
    expect(values(run!.metrics)).toEqual(values(fromSummary.metrics));
  });

  it('the warm-up run vLLM saves as warmup.json (run_number -1) is skipped, not measured', () => {
    // serve.py run_comb: run_one(..., run_number=-1, output_path=base_path / "warmup.json")
    const warmup = parseRawFile(text.replace('"run_number": 1,', '"run_number": -1,'), { file: 'c/warmup.json' });
    expect(warmup.runs).toEqual([]);
    expect(warmup.diagnostics.map((d) => [d.code, d.line])).toEqual([['W_SKIPPED_FILE', lineOf(text, '"run_number"')]]);
  });

  it('a run_number that is no run’s number is an error at its line', () => {
    const bad = parseRawFile(text.replace('"run_number": 1,', '"run_number": 1.5,'), { file: 'c/run=1.json' });
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([['E_SCHEMA', lineOf(text, '"run_number"')]]);
  });

  it('the failure record --continue-on-error writes for a run that raised is skipped', () => {
    // serve.py run_comb: run_number, error_type, error, serve_overrides, bench_overrides
    const failure = JSON.stringify({
      run_number: 0,
      error_type: 'RuntimeError',
      error: 'Server process exited',
      serve_overrides: { max_num_seqs: 512 },
      bench_overrides: {},
    });
    const skipped = parseRawFile(failure, { file: 'c/run=0.failure.json' });
    expect(skipped.runs).toEqual([]);
    expect(skipped.diagnostics.map((d) => d.code)).toEqual(['W_SKIPPED_FILE']);
  });
});

describe('a sweep folder holding each run twice (run=N.json and summary.json)', () => {
  const folder = 'sweep/SERVE--max_num_seqs=128';
  const files = (run1: string) => [
    { path: `${folder}/run=1.json`, file: `data/raw/g/${folder}/run=1.json`, text: run1 },
    { path: `${folder}/summary.json`, file: `data/raw/g/${folder}/summary.json`, text: read(SUMMARY) },
  ];

  it('stores each run once, from summary.json', () => {
    const { runs, diagnostics } = ingestGuide(files(read(RUN_1)));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(runs.map((r) => r.id)).toEqual([
      `${folder}/summary#run-0`,
      `${folder}/summary#run-1`,
      `${folder}/summary#run-2`,
    ]);
    expect(new Set(runs.map((r) => r.repeat?.group))).toEqual(new Set([`data/raw/g/${folder}`]));
  });

  it('refuses a run=N.json that differs from the same run in summary.json, at the edited value', () => {
    // p99 TTFT is in no relation plausibility checks: only the two copies of the run disagree.
    const edited = read(RUN_1).replace('"p99_ttft_ms": 139.7911370988004', '"p99_ttft_ms": 129.7911370988004');
    const { runs, diagnostics } = ingestGuide(files(edited));
    expect(runs).toEqual([]);
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.line])).toEqual([
      ['E_SAME_RUN_DIFFERS', `data/raw/g/${folder}/run=1.json`, lineOf(edited, '"p99_ttft_ms"')],
    ]);
  });

  it('refuses two files that hold the same run of one combination outside summary.json', () => {
    const copy = { path: `${folder}/run=1 copy.json`, file: `data/raw/g/${folder}/run=1 copy.json`, text: read(RUN_1) };
    const { diagnostics } = ingestGuide([files(read(RUN_1))[0]!, copy]);
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['E_DUPLICATE']);
  });
});

describe('a guide whose variants are sweep combinations, each measured three times', () => {
  const id = 'qwen3-32b/tpu';
  const raw = [
    { path: 'seqs-128/summary.json', fixture: SUMMARY },
    { path: 'seqs-128/run=1.json', fixture: RUN_1 },
    { path: 'seqs-256/summary.json', fixture: SUMMARY_256 },
  ].map((f) => ({ path: f.path, file: `data/raw/${id}/${f.path}`, text: read(f.fixture) }));
  const yaml = (seqs128: string) => `title: { en: Sweep guide, zh: 扫描指南 }
model: { name: Qwen/Qwen3-32B, family: Qwen3 }
hardware: { name: NVIDIA H100, gpus: 8, label: NVIDIA H100x8 }
objective: throughput
metrics: { secondary: tpot.mean }
engines:
  - { id: vllm, name: vLLM }
baseline: { step: seqs, variant: seqs-128 }
steps:
  - id: seqs
    title: { en: Batch size, zh: 批大小 }
    summary: pairwise
    variants:
      - { id: seqs-128, label: "128", engine: vllm, args: [--tensor-parallel-size=8, --max-num-seqs=128], result: ${seqs128} }
      - { id: seqs-256, label: "256", engine: vllm, args: [--tensor-parallel-size=8, --max-num-seqs=256], result: seqs-256/summary.json }
recommended: { engine: vllm, command: vllm serve Qwen/Qwen3-32B --tensor-parallel-size 8 --max-num-seqs 256 }
comparison:
  cases:
    - { id: main, label: Main, baseline: { result: seqs-128/summary.json }, optimized: { result: seqs-256/summary.json } }
optimizationSummary: { mode: cumulative }
percentDecimals: 2
acknowledge:
  - step: seqs
    code: W_STORY_NOISE
    reason: { en: kept for the test of the noise verdict, zh: 为测试噪声判定而保留 }
`;
  const prose = (lang: string) => ({
    file: `content/guides/${id}/${lang}.md`,
    text: read(`bad-guides/base/${lang}.md`),
  });
  const ingested = ingestGuide(raw);
  const build = (seqs128: string) =>
    buildGuide({
      id,
      yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml(seqs128) },
      runs: ingested.runs,
      prose: { en: prose('en'), zh: prose('zh') },
    });
  const built = build('seqs-128/summary.json');
  const objects128 = JSON.parse(read(SUMMARY)) as Record[];
  const objects256 = JSON.parse(read(SUMMARY_256)) as Record[];
  const variant = (vid: string) => built.guide!.steps[0]!.variants.find((v) => v.id === vid)!;

  it('ingests and computes without error', () => {
    expect([...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
    expect(ingested.runs).toHaveLength(6);
  });

  it('each variant holds its three runs, by run_number, each with its total throughput × 1 (all 8 GPUs)', () => {
    for (const [vid, objects] of [
      ['seqs-128', objects128],
      ['seqs-256', objects256],
    ] as const)
      expect(variant(vid).measured!.repeats!.runs.map((r) => [r.index, r.score])).toEqual(
        // the stored precision, 10 decimals (format/number.ts stored())
        objects.map((o) => [o.run_number, Number(Number(o.total_token_throughput).toFixed(10))]),
      );
  });

  it('each variant shows its median run: a run that was measured, with its raw line', () => {
    // 13832.39 (cold run 0) < 14139.50 (run 2) < 14185.80 (run 1): run 2 is the median.
    const m = variant('seqs-128').measured!;
    expect(m.runId).toBe('seqs-128/summary#run-2');
    expect(m.primary.value).toBe(objects128[2]!.total_token_throughput);
    expect(m.primary.line).toBe(
      read(SUMMARY).split('\n').indexOf('        "total_token_throughput": 14139.501478194408,') + 1,
    );
    expect(m.secondary[0]!.value).toBe(objects128[2]!.mean_tpot_ms);
    // 13366.08 (cold) < 14300.57 (run 2) < 14330.58 (run 1): run 2 again.
    expect(variant('seqs-256').measured!.runId).toBe('seqs-256/summary#run-2');
  });

  it('naming one run=N.json of the combination stands for the whole combination', () => {
    const byRunFile = build('seqs-128/run=1.json');
    // run=1.json is stored from summary.json beside it: the reference says to name that.
    const errors = byRunFile.diagnostics.filter((d) => d.severity === 'error');
    // (and the guide's acknowledgement of the step's noise has no step left to hold)
    expect(errors.map((d) => d.code)).toEqual(['E_REFERENCE', 'E_STALE_ACKNOWLEDGEMENT']);
    expect(errors[0]!.hint).toContain('name "seqs-128/summary.json"');
  });

  it('the spread of each variant’s repeats is the highest against the lowest, and the noise band is the widest', () => {
    const spread = (objects: Record[]) => {
      const scores = objects.map((o) => Number(o.total_token_throughput));
      return Number((((Math.max(...scores) - Math.min(...scores)) / Math.min(...scores)) * 100).toFixed(10));
    };
    const repeats = built.guide!.repeats;
    expect(repeats.map((r) => [r.runs.map((run) => run.runId), r.percent])).toEqual([
      [['seqs-128/summary#run-0', 'seqs-128/summary#run-1', 'seqs-128/summary#run-2'], spread(objects128)],
      [['seqs-256/summary#run-0', 'seqs-256/summary#run-1', 'seqs-256/summary#run-2'], spread(objects256)],
    ]);
    const noise = built.guide!.decision.noise;
    expect(noise.source).toBe('repeats');
    expect(noise.band).toBe(Math.max(spread(objects128), spread(objects256)));
    // Three runs stand behind each side of the step's change and of the case.
    expect(noise.steps[0]!.runs).toEqual({ winner: 3, reference: 3 });
    expect(noise.cases[0]!.runs).toEqual({ baseline: 3, optimized: 3 });
    // 14300.57 against 14139.50 is +1.14 %, inside the 7.21 % the seqs-256 runs lie apart.
    expect(noise.steps[0]!.verdict).toBe('within-noise');
  });

  it('every repeat is a run the page shows, with its raw text', () =>
    expect(Object.keys(built.guide!.runs).sort()).toEqual([
      'seqs-128/summary#run-0',
      'seqs-128/summary#run-1',
      'seqs-128/summary#run-2',
      'seqs-256/summary#run-0',
      'seqs-256/summary#run-1',
      'seqs-256/summary#run-2',
    ]));

  it('the step says, in each language, every run’s result with the line that printed it, and the spread', () => {
    for (const lang of ['en', 'zh'] as const) {
      const view = guideView(built.guide!, { title: '', description: '', slots: {} }, lang);
      const notes = view.results.steps[0]!.repeats;
      expect(notes).toHaveLength(2);
      const line = lineOf(read(SUMMARY), '"total_token_throughput": 13832.394989784674');
      expect(notes[0]).toContain('13832.39 tok/s');
      expect(notes[0]).toContain(`data/raw/${id}/seqs-128/summary.json`);
      expect(notes[0]).toContain(lang === 'en' ? `line ${line}` : `第 ${line} 行`);
      expect(notes[0]).toContain('2.55%');
    }
  });
});
