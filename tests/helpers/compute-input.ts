// Small hand-made inputs for compute's unit tests (tests/unit/compute-*.test.ts): runs that print
// only the metrics a test needs, a guide validated by the real schema from a few keys over a
// minimal base, and a compute context whose diagnostics can be read back by the guide.yaml path
// they point at. Nothing here stands in for our code: every test runs the real compute functions.
import { createContext, type ComputeContext, type ComputeInput } from '../../src/lib/compute/context.ts';
import type { Diagnostic } from '../../src/lib/diagnostics/diagnostics.ts';
import { GuideSchema, type Guide } from '../../src/lib/schema/guide-yaml.ts';
import { metricUnit, type MetricKey } from '../../src/lib/schema/metric.ts';
import type { Run } from '../../src/lib/schema/run.ts';
import type { RecordedResult } from '../../src/lib/schema/record.ts';

export const GUIDE_ID = 'tiny/h100';
export const GUIDE_FILE = `content/guides/${GUIDE_ID}/guide.yaml`;

/**
 * A run of data/raw/tiny/h100/<file>: `metrics` as printed ("1200.00"), each on its own line from
 * line 2 in the order given. `block` makes it one labelled (or numbered) block of a log.
 */
export function run(
  file: string,
  metrics: Partial<Record<MetricKey, string>>,
  block: { index: number; label: string | null } = { index: 0, label: null },
): Run {
  const base = file.replace(/\.[^./]+$/, '');
  const suffix =
    block.label !== null ? `#${block.label.replace(/\W+/g, '-')}` : block.index > 0 ? `#${block.index + 1}` : '';
  const entries = Object.entries(metrics) as [MetricKey, string][];
  return {
    id: `${base}${suffix}`,
    metrics: Object.fromEntries(
      entries.map(([key, printed], i) => [
        key,
        { line: i + 2, printed, unit: metricUnit(key), value: Number(printed) },
      ]),
    ),
    raw: entries.map(([key, printed]) => `${key}: ${printed}`).join('\n'),
    source: {
      blockIndex: block.index,
      blockLabel: block.label,
      endLine: entries.length + 1,
      file: `data/raw/${GUIDE_ID}/${file}`,
      format: 'vllm-bench-serve',
      startLine: 1,
    },
  };
}

/** A throughput run: Total TPS and Mean TPOT, the seeds' pair. */
export const tps = (file: string, throughput: string, tpot: string) =>
  run(file, { total_token_throughput: throughput, 'tpot.mean': tpot });

const BASE = {
  title: { en: 'Tiny guide', zh: '小指南' },
  model: { name: 'org/tiny-model', family: 'Tiny' },
  hardware: { name: 'NVIDIA H100', gpus: 8, label: 'NVIDIA H100x8' },
  objective: 'throughput',
  engines: [
    { id: 'vllm', name: 'vLLM' },
    { id: 'sglang', name: 'SGLang' },
  ],
  baseline: { step: 'engine', variant: 'vllm' },
  steps: [
    {
      id: 'engine',
      title: { en: 'Engine', zh: '引擎' },
      summary: 'pairwise',
      variants: [
        { id: 'vllm', label: 'vLLM', engine: 'vllm', args: ['-tp 8'], result: 'engine/vllm.txt' },
        { id: 'sglang', label: 'SGLang', engine: 'sglang', args: ['--tp-size 8'], result: 'engine/sglang.txt' },
      ],
    },
  ],
  recommended: { engine: 'sglang', command: 'python3 -m sglang.launch_server --tp-size 8' },
  optimizationSummary: { mode: 'cumulative' },
  percentDecimals: 2,
};

/** A guide: the base's keys replaced by `keys`, through GuideSchema (defaults applied, as compute sees it). */
export function guide(keys: Record<string, unknown> = {}): Guide {
  return GuideSchema.parse({ ...BASE, ...keys });
}

/** A step of variants `[id, engine, result, extra keys]`, with the given step keys. */
export function step(
  id: string,
  variants: [string, string, string, Record<string, unknown>?][],
  keys: Record<string, unknown> = {},
) {
  return {
    id,
    title: { en: id, zh: id },
    summary: 'pairwise',
    variants: variants.map(([variant, engine, result, extra]) => ({
      id: variant,
      label: variant,
      engine,
      result,
      ...extra,
    })),
    ...keys,
  };
}

/**
 * The compute input of `guideObject` over `runs` (a locate that numbers each guide.yaml path it is
 * asked for), and `reported(diagnostics)`: each as "<guide.yaml path> CODE: message", or
 * "<file>:<line> CODE: message" for a raw file's.
 */
export function computeInput(
  guideObject: Guide,
  runs: readonly Run[],
): { input: ComputeInput; reported: (diagnostics: readonly Diagnostic[]) => string[] } {
  const paths: string[] = [];
  const input: ComputeInput = {
    id: GUIDE_ID,
    guide: guideObject,
    runs,
    file: GUIDE_FILE,
    locate: (path) => {
      const key = path.join('.');
      if (!paths.includes(key)) paths.push(key);
      return { line: paths.indexOf(key) + 1, column: 1 };
    },
  };
  const reported = (diagnostics: readonly Diagnostic[]) =>
    diagnostics.map(
      (d) => `${d.file === GUIDE_FILE ? paths[(d.line ?? 0) - 1] : `${d.file}:${d.line}`} ${d.code}: ${d.message}`,
    );
  return { input, reported };
}

/** The compute context of `guideObject` over `runs`, and `reported()`: its diagnostics so far (see computeInput). */
export function context(guideObject: Guide, runs: readonly Run[]): { ctx: ComputeContext; reported: () => string[] } {
  const { input, reported } = computeInput(guideObject, runs);
  const ctx = createContext(input);
  return { ctx, reported: () => reported(ctx.diagnostics) };
}

/**
 * Three steps on 8 GPUs, worked out by hand in the tests that use them (Total TPS / Mean TPOT):
 * engine: vLLM 1200 / 40 (the baseline), SGLang 1500 / 32 → SGLang wins and is adopted;
 * mem (from SGLang, reference: previous-winner): a 1400 / 35, b 1800 / 30 → b wins and is adopted;
 * chunk (summary: none): c 1700 / 31 → below b's 1800, not adopted.
 * Each step starts from the flags the steps before it adopted, and the recommended command is b's.
 */
export function threeSteps(keys: Record<string, unknown> = {}) {
  const sglang = (...flags: string[]) => ({ args: ['--tp-size 8', ...flags] });
  return {
    guide: guide({
      steps: [
        step('engine', [
          ['vllm', 'vllm', 'engine/vllm.txt', { args: ['-tp 8'] }],
          ['sglang', 'sglang', 'engine/sglang.txt', sglang()],
        ]),
        step(
          'mem',
          [
            ['a', 'sglang', 'mem/a.txt', sglang('--mem-fraction-static 0.8')],
            ['b', 'sglang', 'mem/b.txt', sglang('--mem-fraction-static 0.9')],
          ],
          { reference: 'previous-winner' },
        ),
        step(
          'chunk',
          [['c', 'sglang', 'chunk/c.txt', sglang('--mem-fraction-static 0.9', '--chunked-prefill-size 8192')]],
          { summary: 'none' },
        ),
      ],
      recommended: {
        engine: 'sglang',
        command: 'python3 -m sglang.launch_server --tp-size 8 --mem-fraction-static 0.9',
      },
      ...keys,
    }),
    runs: [
      tps('engine/vllm.txt', '1200.00', '40.00'),
      tps('engine/sglang.txt', '1500.00', '32.00'),
      tps('mem/a.txt', '1400.00', '35.00'),
      tps('mem/b.txt', '1800.00', '30.00'),
      tps('chunk/c.txt', '1700.00', '31.00'),
    ],
  };
}

/** A record's entry as npm run record writes it: 8 × H100, vLLM 0.11.0 started by run-plan; `over` replaces keys. */
export const recordedResult = (over: Partial<RecordedResult> = {}): RecordedResult => ({
  block: null,
  started: '2026-12-01T10:00:00.000Z',
  ended: '2026-12-01T10:10:00.000Z',
  accelerators: {
    kind: 'gpu',
    tool: 'nvidia-smi',
    driver: '570.124.06',
    devices: Array.from({ length: 8 }, (_, index) => ({ index, name: 'NVIDIA H100 80GB HBM3', memoryMiB: 81559 })),
  },
  engine: { id: 'vllm', version: '0.11.0', source: 'GET http://127.0.0.1:8000/version' },
  serving: { command: 'vllm serve org/tiny-model -tp 8 --port 8000', startedBy: 'run-plan' },
  benchmark: { command: 'vllm bench serve --port 8000' },
  ...over,
});
