// What recorded results ran on, in the computed guide and on its page: each result's environment,
// the setup's rows (one per machine, driver and engine version) and the warning when a guide mixes
// engine versions or drivers (W_RECORDED_MIXED). Results without a record have none of it.
import { describe, expect, it } from 'vitest';
import { computeFromGuideYaml } from '../../../src/lib/compute/computed-guide.ts';
import { translator } from '../../../src/lib/i18n.ts';
import type { RecordedResult } from '../../../src/lib/schema/record.ts';
import type { Run } from '../../../src/lib/schema/run.ts';
import { environmentsView, rawEnvironment } from '../../../src/lib/view/environment-view.ts';
import { computeInput, context, guide, recordedResult, tps } from '../../helpers/compute-input.ts';
import { computeEnvironments } from '../../../src/lib/compute/environments.ts';
import { checkRecorded } from '../../../src/lib/compute/recorded.ts';

const recorded = recordedResult;
const sglang = (over: Partial<RecordedResult> = {}) =>
  recorded({
    engine: { id: 'sglang', version: '0.5.3', source: 'GET http://127.0.0.1:30000/server_info' },
    serving: null,
    ...over,
  });
const engines = [
  { id: 'vllm', name: 'vLLM', version: 'v0.11.0' },
  { id: 'sglang', name: 'SGLang', version: 'v0.5.3' },
];
const compute = (runs: Run[]) => {
  const { input, reported } = computeInput(guide({ engines }), runs);
  const out = computeFromGuideYaml(input);
  return { guide: out.guide, reported: reported(out.diagnostics) };
};
/** `signedBy`: as ingest leaves a record whose signature verified */
const vllmRun = (over?: Partial<RecordedResult>, signedBy?: string) => ({
  ...tps('engine/vllm.txt', '1200', '40'),
  recorded: { ...recorded(over), ...(signedBy === undefined ? {} : { signedBy }) },
});
const sglangRun = (over?: Partial<RecordedResult>) => ({
  ...tps('engine/sglang.txt', '1500', '32'),
  recorded: sglang(over),
});

describe('environments of recorded results', () => {
  it('leaves a guide without records as it was', () => {
    const { guide: computed, reported } = compute([
      tps('engine/vllm.txt', '1200', '40'),
      tps('engine/sglang.txt', '1500', '32'),
    ]);
    expect(reported).toEqual([]);
    expect(computed?.environments).toBeUndefined();
    expect(Object.values(computed?.runs ?? {}).map((r) => r.recorded)).toEqual([undefined, undefined]);
  });

  it('gives each recorded result what it ran on, and the setup one row per machine, driver and engine version', () => {
    const { guide: computed, reported } = compute([vllmRun(), sglangRun()]);
    expect(reported).toEqual([]);
    expect(computed?.runs['engine/vllm']?.recorded).toEqual({
      started: '2026-12-01T10:00:00.000Z',
      ended: '2026-12-01T10:10:00.000Z',
      machine: {
        kind: 'gpu',
        tool: 'nvidia-smi',
        name: 'NVIDIA H100 80GB HBM3',
        count: 8,
        memoryMiB: 81559,
        driver: '570.124.06',
      },
      engine: { id: 'vllm', name: 'vLLM', version: '0.11.0', source: 'GET http://127.0.0.1:8000/version' },
      serving: { command: 'vllm serve org/tiny-model -tp 8 --port 8000', startedBy: 'run-plan' },
      benchmark: 'vllm bench serve --port 8000',
    });
    expect(
      computed?.environments?.rows.map((r) => [r.engine?.name, r.engine?.version, r.results.map((x) => x.file)]),
    ).toEqual([
      ['SGLang', '0.5.3', ['engine/sglang.txt']],
      ['vLLM', '0.11.0', ['engine/vllm.txt']],
    ]);
    expect(computed?.environments?.mixed).toEqual({ engines: [], drivers: [] });
  });

  it('warns when one engine ran at two versions or the results ran on two drivers, and the page says so', () => {
    const again = tps('engine/vllm-again.txt', '1210', '39');
    const runs = [
      vllmRun({}, 'alice@example.com'),
      sglangRun({ accelerators: { ...recorded().accelerators!, driver: '580.65.06' } }),
      { ...again, recorded: recorded({ engine: { id: 'vllm', version: '0.12.0', source: 'vllm --version' } }) },
    ];
    const { ctx, reported } = context(guide({ engines }), runs);
    for (const run of runs) ctx.usedRuns.set(run.id, run);
    // guide.yaml's v0.11.0 is one of the versions that ran: no E_RECORDED_ENGINE, a warning
    checkRecorded(ctx);
    const environments = computeEnvironments(ctx);
    expect(reported()).toEqual([
      'engines.0.version W_RECORDED_MIXED: the results of vLLM ran on 2 versions of it: 0.11.0 (engine/vllm.txt), 0.12.0 (engine/vllm-again.txt)',
      'hardware W_RECORDED_MIXED: the results ran on 2 accelerator drivers: 570.124.06 (engine/vllm.txt and 1 other result), 580.65.06 (engine/sglang.txt)',
    ]);
    expect(ctx.diagnostics.map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(environments?.mixed).toEqual({
      engines: [{ name: 'vLLM', versions: ['0.11.0', '0.12.0'] }],
      drivers: ['570.124.06', '580.65.06'],
    });
    if (!environments) throw new Error('no environments');
    const en = environmentsView(environments, translator('en'));
    expect(en.warnings).toEqual([
      'The results of vLLM ran on 2 versions of it (0.11.0, 0.12.0): their numbers are compared as if they had not.',
      'The results ran on 2 accelerator drivers (570.124.06, 580.65.06): their numbers are compared as if they had not.',
    ]);
    expect(en.rows).toEqual([
      {
        machine: '8 × NVIDIA H100 80GB HBM3, 81559 MiB each',
        driver: '580.65.06',
        engine: 'SGLang 0.5.3',
        results: ['engine/sglang.txt (stated by the author, unsigned)'],
      },
      {
        machine: '8 × NVIDIA H100 80GB HBM3, 81559 MiB each',
        driver: '570.124.06',
        engine: 'vLLM 0.11.0',
        results: ['engine/vllm.txt'],
      },
      {
        machine: '8 × NVIDIA H100 80GB HBM3, 81559 MiB each',
        driver: '570.124.06',
        engine: 'vLLM 0.12.0',
        results: ['engine/vllm-again.txt (stated by the author, unsigned)'],
      },
    ]);
    // the page says which results are signed, and by whom
    expect(en.signed).toBe(
      '1 of these 3 records are signed (alice@example.com); the others are stated by the author, unsigned.',
    );
    expect(environmentsView(environments, translator('zh')).signed).toBe(
      '这 3 份记录中有 1 份已签名（alice@example.com）；其余为作者自述，未签名。',
    );
    expect(environmentsView(environments, translator('zh')).warnings[0]).toBe(
      'vLLM 的结果运行于 2 个版本（0.11.0、0.12.0）：它们的数值仍被直接比较。',
    );
  });

  it('a version guide.yaml does not name among several recorded is still an error', () => {
    const { input, reported } = computeInput(
      guide({ engines: [{ id: 'vllm', name: 'vLLM', version: 'v0.10.0' }, engines[1]] }),
      [vllmRun(), sglangRun()],
    );
    expect(reported(computeFromGuideYaml(input).diagnostics)).toEqual([
      'engines.0.version E_RECORDED_ENGINE: vLLM v0.10.0, but the records of engine/vllm.txt say vLLM 0.11.0 (GET http://127.0.0.1:8000/version)',
    ]);
  });

  it('shows beside a raw result what it ran on and when, in both languages', () => {
    const { guide: computed } = compute([
      vllmRun({}, 'alice@example.com'),
      sglangRun({ ended: '2026-12-02T09:00:00+08:00' }),
    ]);
    const vllm = computed?.runs['engine/vllm']?.recorded;
    const sgl = computed?.runs['engine/sglang']?.recorded;
    if (!vllm || !sgl) throw new Error('no records');
    expect(rawEnvironment(vllm, translator('en'))).toEqual({
      heading: 'Ran on',
      lines: [
        {
          name: 'Record',
          value: "signed by alice@example.com (an SSH signature, verified against the repository's allowed signers)",
        },
        { name: 'Accelerators', value: '8 × NVIDIA H100 80GB HBM3, 81559 MiB each' },
        { name: 'Driver', value: '570.124.06 (nvidia-smi)' },
        { name: 'Engine', value: 'vLLM 0.11.0' },
        { name: 'When', value: '2026-12-01 10:00:00 – 10:10:00 UTC' },
        {
          name: 'Serving command (started by run-plan)',
          value: 'vllm serve org/tiny-model -tp 8 --port 8000',
          code: true,
        },
        { name: 'Benchmark command', value: 'vllm bench serve --port 8000', code: true },
      ],
    });
    // an end on another day (in UTC) keeps its date; no serving command known, none shown; an
    // unsigned record is the author's word (issue 39: a hand-written one showed as what ran)
    expect(rawEnvironment(sgl, translator('zh'), 'rate-4')).toEqual({
      heading: '运行环境（rate-4；作者自述，未签名）',
      lines: [
        { name: '记录', value: '作者自述，未签名：没有签名为其内容担保' },
        { name: '加速卡', value: '8 × NVIDIA H100 80GB HBM3，每张 81559 MiB' },
        { name: '驱动', value: '570.124.06（nvidia-smi）' },
        { name: '推理引擎', value: 'SGLang 0.5.3' },
        { name: '时间', value: '2026-12-01 10:00:00 – 2026-12-02 01:00:00 UTC' },
        { name: '测试命令', value: 'vllm bench serve --port 8000', code: true },
      ],
    });
  });
});
