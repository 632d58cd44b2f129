// A guide tells one story: the recommended command is the last adopted configuration and adds no
// flag to it, each step starts from what the steps before it adopted, no tuning run is the
// baseline again and no result is copied from another guide. Each finding is an error
// until guide.yaml acknowledges it with a reason; acknowledged, it is shown with that reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { blockIndex } from '../../src/lib/compute/block-index.ts';
import { copySettlement } from '../../src/lib/compute/copy-settlement.ts';
import { findingStep } from '../../src/lib/schema/story.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { guidesDiff } from '../../src/lib/review/guide-diff.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const base = join(import.meta.dirname, '../fixtures/bad-guides/base');
const id = 'tiny/h100';
const raw = (name: string) => readFileSync(join(base, 'raw/engine', name), 'utf8');
const runs = ingestGuide(
  ['vllm.txt', 'sglang.txt'].map((name) => ({
    path: `engine/${name}`,
    file: `data/raw/${id}/engine/${name}`,
    text: raw(name),
  })),
).runs;
const baseYaml = readFileSync(join(base, 'guide.yaml'), 'utf8');
const prose = (lang: string) => ({
  file: `content/guides/${id}/${lang}.md`,
  text: readFileSync(join(base, `${lang}.md`), 'utf8'),
});

function build(yaml: string, blocks = blockIndex([{ id, runs }])) {
  return buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
    runs,
    prose: { en: prose('en'), zh: prose('zh') },
    blocks,
  });
}
const errors = (built: ReturnType<typeof build>) =>
  built.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.code}: ${d.message}`);
const tuningStep = (variants: string) => `  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: none
    variants:
${variants}`;
const withStep = (variants: string) => baseYaml.replace('recommended:', `${tuningStep(variants)}recommended:`);

describe('story checks', () => {
  it('the seeds tell one story: glm-5.2/h200 but two steps adopted within noise, glm-4.x/h200 with the parsers its command adds', () => {
    // +8.07 % and +5.01 %, one run each, against the 16.11 % between two runs of one configuration
    expect(buildFromDisk('glm-5.2/h200').guide?.story).toEqual([
      expect.objectContaining({
        code: 'W_STORY_NOISE',
        step: 'parallel',
        variant: 'tp-dp-dp-attention',
        source: 'repeats',
      }),
      expect.objectContaining({
        code: 'W_STORY_NOISE',
        step: 'max-running',
        variant: 'max-running-256',
        source: 'repeats',
      }),
    ]);
    expect(buildFromDisk('glm-4.x/h200').guide?.story).toEqual([
      expect.objectContaining({
        code: 'W_STORY_ADDED',
        from: { step: 'parallel', variant: 'tp4' },
        flags: [
          { flag: '--tool-call-parser', value: 'glm' },
          { flag: '--reasoning-parser', value: 'glm45' },
        ],
      }),
    ]);
  });

  it('a recommended command without a flag of the last adopted winner', () => {
    const yaml = baseYaml.replace(
      'command: python3 -m sglang.launch_server --tp-size 8',
      'command: python3 -m sglang.launch_server',
    );
    expect(errors(build(yaml))).toEqual([
      '17: E_UNACKNOWLEDGED: the recommended command differs from the last adopted configuration (SGLang): --tensor-parallel-size=8 is missing',
    ]);
    const acknowledged = build(
      `${yaml}acknowledge:\n  - code: W_STORY_RECOMMENDED\n    reason: { en: "the launcher picks every GPU of the node by default", zh: "启动器默认使用节点上的全部 GPU" }\n`,
    );
    expect(errors(acknowledged)).toEqual([]);
    expect(acknowledged.diagnostics.filter((d) => d.code === 'W_REASON_UNTRANSLATED')).toEqual([]);
    // The computed guide stores what was found as a code and its arguments, never a sentence.
    expect(acknowledged.guide?.story).toEqual([
      {
        code: 'W_STORY_RECOMMENDED',
        from: { step: 'engine', variant: 'sglang' },
        differences: [{ flag: '--tensor-parallel-size', value: '8' }],
        reason: { en: 'the launcher picks every GPU of the node by default', zh: '启动器默认使用节点上的全部 GPU' },
      },
    ]);
    // Each page says it in its own language, in the collapsed notes for reviewers at the end: the
    // reason, then the finding, about the whole guide.
    const groups = (lang: 'en' | 'zh') =>
      guideView(acknowledged.guide!, { title: '', description: '', slots: {} }, lang).reviewNotes?.groups;
    expect(groups('en')).toEqual([
      {
        heading: 'Accepted because the launcher picks every GPU of the node by default:',
        notes: [
          'The whole guide: the recommended command differs from the last adopted configuration (SGLang): --tensor-parallel-size=8 is missing.',
        ],
      },
    ]);
    expect(groups('zh')).toEqual([
      {
        heading: '以下各项接受的理由：启动器默认使用节点上的全部 GPU。',
        notes: ['整篇指南：推荐命令与最后采用的配置（SGLang）不同：缺少 --tensor-parallel-size=8。'],
      },
    ]);
  });

  it('a step whose variant drops a flag of the configuration it starts from, or runs on another engine', () => {
    const yaml =
      withStep(`      - { id: a, label: A, engine: sglang, args: [--mem-fraction-static=0.8], result: engine/sglang.txt }
      - { id: b, label: B, engine: vllm, args: [-tp 8, --b], result: engine/vllm.txt }
`);
    expect(errors(build(yaml))).toEqual([
      '21: E_UNACKNOWLEDGED: "A" drops --tensor-parallel-size of the configuration this step starts from (SGLang)',
      '22: E_UNACKNOWLEDGED: "B" runs on vLLM; the configuration this step starts from runs on SGLang',
    ]);
    expect(build(yaml).diagnostics.map((d) => d.expected)).toEqual([
      'an entry in acknowledge: { step: tuning, code: W_STORY_START, reason: { en: …, zh: … } }',
      'an entry in acknowledge: { step: tuning, code: W_STORY_START, reason: { en: …, zh: … } }',
    ]);
    const acknowledged = build(
      `${yaml}acknowledge:\n  - { code: W_STORY_START, step: tuning, reason: "the step compares single-GPU settings" }\n`,
    );
    expect(errors(acknowledged)).toEqual([]);
    expect(acknowledged.guide?.story.map((n) => [n.code, findingStep(n)])).toEqual([
      ['W_STORY_START', 'tuning'],
      ['W_STORY_START', 'tuning'],
    ]);
    // One acknowledgement, one reason: said once, the two findings under it, each naming its step.
    const review = guideView(acknowledged.guide!, { title: '', description: '', slots: {} }, 'zh').reviewNotes;
    expect(review?.summary).toBe('审阅说明（2 条）');
    expect(review?.groups).toEqual([
      {
        heading: '以下各项接受的理由（作者仅提供了英文）：the step compares single-GPU settings。',
        notes: [
          '调优：“A”去掉了本步骤起始配置（SGLang）中的 --tensor-parallel-size。',
          '调优：“B”运行在 vLLM 上，而本步骤的起始配置运行在 SGLang 上。',
        ],
      },
    ]);
  });

  it('a tuning variant configured exactly as the baseline', () => {
    const yaml = withStep(`      - { id: again, label: Again, engine: vllm, args: [-tp 8], result: engine/vllm.txt }
`);
    const built = build(yaml);
    expect(errors(built)).toContain('21: E_UNACKNOWLEDGED: "Again" is configured exactly as the baseline');
    expect(built.diagnostics.map((d) => d.expected)).toContain(
      'an entry in acknowledge: { step: tuning, code: W_STORY_BASELINE, reason: { en: …, zh: … } }',
    );
  });

  it('a recommended command that adds flags the last adopted winner does not set', () => {
    const yaml = baseYaml.replace(
      'command: python3 -m sglang.launch_server --tp-size 8',
      'command: python3 -m sglang.launch_server --tp-size 8 --trust-remote-code --max-running-requests 64 --port 9000',
    );
    // The listening address is not configuration; the others are named, each with its value.
    expect(errors(build(yaml))).toEqual([
      '17: E_UNACKNOWLEDGED: the recommended command sets --trust-remote-code, --max-running-requests=64, which the last adopted configuration (SGLang) does not set',
    ]);
    expect(build(yaml).diagnostics[0]?.expected).toBe(
      'an entry in acknowledge: { code: W_STORY_ADDED, reason: { en: …, zh: … } }',
    );
  });

  it('a raw block that another guide holds too', () => {
    const copied = blockIndex([
      { id, runs },
      {
        id: 'other/h100',
        runs: [{ raw: runs[1]!.raw, source: { file: 'data/raw/other/h100/x.txt' }, metrics: runs[1]!.metrics }],
      },
    ]);
    expect(errors(build(baseYaml, copied))).toEqual([
      '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the same block as data/raw/other/h100/x.txt: a result copied from another guide?',
    ]);
    expect(build(baseYaml, copied).diagnostics[0]?.expected).toBe(
      'an entry in acknowledge: { file: engine/vllm.txt, code: W_STORY_COPIED, reason: { en: …, zh: … } }',
    );
  });

  it("a copy the other guide acknowledges is that guide's one finding, not this one's too", () => {
    const other = { raw: runs[1]!.raw, source: { file: 'data/raw/other/h100/x.txt' }, metrics: runs[1]!.metrics };
    const ack = (file?: string) => [
      { code: 'W_STORY_COPIED', ...(file ? { file } : {}), reason: { en: 'r', zh: 'r' } },
    ];
    // The other guide acknowledges its x.txt (or every file): this guide is left as it was.
    for (const acknowledge of [ack('x.txt'), ack()]) {
      const index = blockIndex([
        { id, runs },
        { id: 'other/h100', runs: [other], settles: copySettlement('other/h100', acknowledge) },
      ]);
      expect(errors(build(baseYaml, index))).toEqual([]);
      expect(build(baseYaml, index).guide?.story).toEqual([]);
    }
    // An acknowledgement of another file settles nothing.
    const elsewhere = blockIndex([
      { id, runs },
      { id: 'other/h100', runs: [other], settles: copySettlement('other/h100', ack('y.txt')) },
    ]);
    expect(errors(build(baseYaml, elsewhere))).toHaveLength(1);
    // Both acknowledge it: each acknowledgement is used, neither is stale.
    const both = blockIndex([
      { id, runs },
      { id: 'other/h100', runs: [other], settles: copySettlement('other/h100', ack('x.txt')) },
    ]);
    const yaml = `${baseYaml}acknowledge:\n  - { file: engine/vllm.txt, code: W_STORY_COPIED, reason: { en: the same run is measured for both machines, zh: 两个指南测量的是同一次运行，原因见正文 } }\n`;
    expect(errors(build(yaml, both))).toEqual([]);
    expect(build(yaml, both).guide?.story).toEqual([
      expect.objectContaining({ code: 'W_STORY_COPIED', other: 'data/raw/other/h100/x.txt' }),
    ]);
  });

  it('a log of several blocks another guide holds: one copy, named once, at the log', () => {
    const log = `# short\n${raw('vllm.txt')}\n# long\n${raw('sglang.txt')}`;
    const logRuns = (file: string) => ingestGuide([{ path: 'other-cases/a.log', file, text: log }]).runs;
    const mine = [...runs, ...logRuns(`data/raw/${id}/other-cases/a.log`)];
    const index = blockIndex([
      { id, runs: mine },
      { id: 'other/h100', runs: logRuns('data/raw/other/h100/cases.log') },
    ]);
    const yaml = baseYaml.replace(
      'optimizationSummary:',
      `otherCases:
  layout: by-config
  baseline: { args: [-tp 8], log: other-cases/a.log }
  optimized: { args: [--tp-size 8], log: other-cases/a.log }
optimizationSummary:`,
    );
    const built = buildGuide({
      id,
      yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
      runs: mine,
      prose: { en: prose('en'), zh: prose('zh') },
      blocks: index,
    });
    // engine/*.txt are blocks of the other guide's log too: each file is one copy, the log another.
    const line = yaml.split('\n').findIndex((l) => l.includes('baseline: { args: [-tp 8], log:')) + 1;
    expect(errors(built)).toEqual([
      '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the same block as data/raw/other/h100/cases.log: a result copied from another guide?',
      '16: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/sglang.txt holds the same block as data/raw/other/h100/cases.log: a result copied from another guide?',
      `${line}: E_UNACKNOWLEDGED: data/raw/tiny/h100/other-cases/a.log holds the same block as data/raw/other/h100/cases.log: a result copied from another guide?`,
    ]);
  });

  describe('a block of another guide with its numbers edited', () => {
    /** The index with another guide that holds engine/vllm.txt's block with `edit` applied. */
    const withEdited = (edit: (text: string) => string) => {
      const text = edit(raw('vllm.txt'));
      const other = ingestGuide([{ path: 'x.txt', file: 'data/raw/other/h100/x.txt', text }]).runs;
      return blockIndex([
        { id, runs },
        { id: 'other/h100', runs: other },
      ]);
    };
    const digit = (text: string) =>
      text.replace('Mean TPOT (ms):                          40.00', 'Mean TPOT (ms):                          40.01');
    const totals = (text: string) =>
      text
        .replace('Total input tokens:                      100000', 'Total input tokens:                      110000')
        .replace(
          'Total Token throughput (tok/s):          1200.00',
          'Total Token throughput (tok/s):          1300.00',
        );

    it('one digit changed: named, with the metric that differs', () => {
      expect(errors(build(baseYaml, withEdited(digit)))).toEqual([
        '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the numbers of the block in data/raw/other/h100/x.txt but for tpot.mean: a result copied from another guide and edited?',
      ]);
    });

    it('a Total TPS raised with the input total that makes it agree: the count is not a measured number, the rate is', () => {
      expect(errors(build(baseYaml, withEdited(totals)))).toEqual([
        '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the numbers of the block in data/raw/other/h100/x.txt but for total_token_throughput: a result copied from another guide and edited?',
      ]);
    });

    it('two numbers changed, or the text alone, are found too; three are another run', () => {
      const two = (text: string) =>
        digit(text).replace(
          'Median TTFT (ms):                        850.00',
          'Median TTFT (ms):                        851.00',
        );
      expect(errors(build(baseYaml, withEdited(two)))).toEqual([
        '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the numbers of the block in data/raw/other/h100/x.txt but for tpot.mean, ttft.median: a result copied from another guide and edited?',
      ]);
      // A count is no measurement (runs of one profile share it): the same measured numbers, other text.
      const recounted = (text: string) =>
        text.replace(
          'Total generated tokens:                  20000',
          'Total generated tokens:                  20001',
        );
      expect(errors(build(baseYaml, withEdited(recounted)))).toEqual([
        '15: E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt holds the same numbers as the block in data/raw/other/h100/x.txt, though not the same text: a result copied from another guide?',
      ]);
      const three = (text: string) =>
        two(text).replace(
          'P99 TTFT (ms):                           1500.00',
          'P99 TTFT (ms):                           1501.00',
        );
      expect(errors(build(baseYaml, withEdited(three)))).toEqual([]);
    });
  });

  it('the diff report names a newly acknowledged finding', () => {
    const before = build(baseYaml).guide!;
    const after = build(
      `${baseYaml.replace('--tp-size 8 }', '}').replace('command: python3 -m sglang.launch_server --tp-size 8', 'command: python3 -m sglang.launch_server')}acknowledge:\n  - { code: W_STORY_RECOMMENDED, reason: "defaults to every GPU" }\n`,
    ).guide;
    expect(after).toBeDefined();
    const report = guidesDiff(new Map([[id, before]]), new Map([[id, after!]]), 'main');
    expect(report).toContain(
      '- **Story check, acknowledged:** the recommended command differs from the last adopted configuration (SGLang): --tensor-parallel-size=8 is missing (W\\_STORY\\_RECOMMENDED; reason: defaults to every GPU).',
    );
  });
});

describe('acknowledgement reasons, in both languages', () => {
  const yaml = baseYaml.replace(
    'command: python3 -m sglang.launch_server --tp-size 8',
    'command: python3 -m sglang.launch_server',
  );
  const withReason = (reason: string) =>
    build(`${yaml}acknowledge:\n  - code: W_STORY_RECOMMENDED\n    reason: ${reason}\n`);
  const untranslated = (built: ReturnType<typeof build>) =>
    built.diagnostics
      .filter((d) => d.code === 'W_REASON_UNTRANSLATED')
      .map((d) => `${d.line}: ${d.severity} ${d.code}: ${d.message} (found: ${d.found})`);
  const note = (built: ReturnType<typeof build>, lang: 'en' | 'zh') =>
    guideView(built.guide!, { title: '', description: '', slots: {} }, lang).reviewNotes?.groups[0]?.heading;

  it('a plain string still builds, with a warning, and the zh page says the reason is English only', () => {
    const built = withReason('"the launcher picks every GPU of the node by default"');
    expect(errors(built)).toEqual([]);
    expect(untranslated(built)).toEqual([
      '25: warning W_REASON_UNTRANSLATED: the reason for W_STORY_RECOMMENDED is in English only: the Chinese page shows it as written (found: one string)',
    ]);
    expect(built.guide?.story[0]?.reason).toEqual({ en: 'the launcher picks every GPU of the node by default' });
    expect(note(built, 'en')).toBe('Accepted because the launcher picks every GPU of the node by default:');
    expect(note(built, 'zh')).toBe(
      '以下各项接受的理由（作者仅提供了英文）：the launcher picks every GPU of the node by default。',
    );
  });

  it('a plain string in Chinese is the Chinese reason; a map with one language is that language', () => {
    const chinese = withReason('启动器默认使用节点上的全部 GPU，无需指定');
    expect(untranslated(chinese)).toEqual([
      '25: warning W_REASON_UNTRANSLATED: the reason for W_STORY_RECOMMENDED is in Chinese only: the English page shows it as written (found: one string)',
    ]);
    expect(note(chinese, 'zh')).toBe('以下各项接受的理由：启动器默认使用节点上的全部 GPU，无需指定。');
    expect(note(chinese, 'en')).toBe(
      'Accepted because (the author gave this reason in Chinese only): 启动器默认使用节点上的全部 GPU，无需指定:',
    );
    const english = withReason('{ en: "the launcher picks every GPU of the node by default" }');
    expect(untranslated(english)).toEqual([
      '25: warning W_REASON_UNTRANSLATED: the reason for W_STORY_RECOMMENDED is in English only: the Chinese page shows it as written (found: only en)',
    ]);
  });

  it('a reason in no language is an error', () => {
    expect(errors(withReason('{}'))).toEqual([
      '25: E_SCHEMA: acknowledge[0].reason: a reason in English (en), Chinese (zh) or both',
    ]);
  });
});

describe('a configuration measured twice', () => {
  it('GLM-5.2 measures SGLang TP8 + DP8 + DP-attention twice: 7011.17 and 5881.79 tok/s, a spread the page shows', () => {
    const guide = buildFromDisk('glm-5.2/h200').guide!;
    expect(guide.repeats).toEqual([
      {
        engine: 'SGLang',
        flags: ['--tensor-parallel-size=8', '--data-parallel-size=8', '--enable-dp-attention'],
        runs: [
          { step: 'parallel', variant: 'tp-dp-dp-attention', runId: 'parallel/tp-dp-dp-attention', score: 7011.17 },
          { step: 'mem-fraction', variant: 'auto', runId: 'mem-fraction/auto', score: 5881.79 },
        ],
        percent: -16.1082957623,
      },
    ]);
    const steps = guideView(guide, { title: '', description: '', slots: {} }, 'en').results.steps;
    expect(steps.filter((s) => s.repeats.length > 0).map((s) => s.id)).toEqual(['parallel', 'mem-fraction']);
    expect(steps[1]?.repeats[0]).toContain(
      '7011.17 tok/s in "Parallelism Strategy", 5881.79 tok/s in "Memory Fraction", a spread of -16.11%',
    );
  });
});
