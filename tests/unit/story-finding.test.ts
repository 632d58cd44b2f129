// A story finding is stored as a code and its arguments; each page, `npm run check` and the review
// report write it as a sentence in their language from the catalogue (src/i18n, `story.*`).
import { describe, expect, it } from 'vitest';
import { storySentence, type StorySteps } from '../../src/lib/format/story-finding.ts';
import { StoryCode, StoryFindingSchema, type StoryFinding } from '../../src/lib/schema/story.ts';

const steps: StorySteps = [
  {
    id: 'engine',
    title: { en: 'Inference Engine', zh: '推理引擎' },
    variants: [
      { id: 'vllm', label: { en: 'vLLM', zh: 'vLLM' } },
      { id: 'sglang', label: { en: 'SGLang', zh: 'SGLang' } },
    ],
  },
  { id: 'quantization', title: { en: 'Quantization', zh: '量化' }, variants: [{ id: 'fp8' }] },
  {
    id: 'batching',
    title: { en: 'Batching', zh: '批处理' },
    variants: [{ id: 'seqs-256', label: { en: 'Max sequences 256', zh: '最大并发序列数 256' } }],
  },
];

/** One finding of each shape, with what the English and the Chinese page say. */
const cases: [StoryFinding, string, string][] = [
  [
    {
      code: 'W_STORY_START',
      step: 'batching',
      variant: 'seqs-256',
      from: { step: 'engine', variant: 'sglang' },
      change: { kind: 'engine', engine: 'vLLM', fromEngine: 'SGLang' },
    },
    '"Max sequences 256" runs on vLLM; the configuration this step starts from runs on SGLang',
    '“最大并发序列数 256”运行在 vLLM 上，而本步骤的起始配置运行在 SGLang 上',
  ],
  [
    {
      code: 'W_STORY_START',
      step: 'batching',
      variant: 'seqs-256',
      // an unlabelled variant is named by its step's title
      from: { step: 'quantization', variant: 'fp8' },
      change: { kind: 'dropped', flags: ['--model', '--max-num-batched-tokens'] },
    },
    '"Max sequences 256" drops --model, --max-num-batched-tokens of the configuration this step starts from (Quantization)',
    '“最大并发序列数 256”去掉了本步骤起始配置（量化）中的 --model、--max-num-batched-tokens',
  ],
  [
    { code: 'W_STORY_BASELINE', step: 'quantization', variant: 'fp8' },
    '"Quantization" is configured exactly as the baseline',
    '“量化”的配置与基线完全相同',
  ],
  [
    {
      code: 'W_STORY_RECOMMENDED',
      from: { step: 'batching', variant: 'seqs-256' },
      differences: [
        { flag: '--enforce-eager', value: '' },
        { flag: '--max-num-seqs', value: '256' },
        { flag: '--kv-cache-dtype', value: 'fp8', found: '' },
        { flag: '--model', value: 'org/m-FP8', found: 'org/m' },
      ],
    },
    'the recommended command differs from the last adopted configuration (Max sequences 256): --enforce-eager is missing; --max-num-seqs=256 is missing; --kv-cache-dtype is set without a value, not "fp8"; --model is "org/m", not "org/m-FP8"',
    '推荐命令与最后采用的配置（最大并发序列数 256）不同：缺少 --enforce-eager；缺少 --max-num-seqs=256；--kv-cache-dtype 没有给出值，采用的配置中为“fp8”；--model 为“org/m”，而不是“org/m-FP8”',
  ],
  [
    {
      code: 'W_STORY_ADDED',
      from: { step: 'batching', variant: 'seqs-256' },
      flags: [
        { flag: '--trust-remote-code', value: '' },
        { flag: '--download-dir', value: '/models' },
      ],
    },
    'the recommended command sets --trust-remote-code, --download-dir=/models, which the last adopted configuration (Max sequences 256) does not set',
    '推荐命令设置了 --trust-remote-code、--download-dir=/models，而最后采用的配置（最大并发序列数 256）没有设置这些参数',
  ],
  [
    {
      code: 'W_STORY_NOISE',
      step: 'batching',
      variant: 'seqs-256',
      percent: 8.0714848332,
      band: 16.1082957623,
      source: 'repeats',
    },
    '"Max sequences 256" was adopted on a one-run change of +8.07%, within the noise band of ±16.11% (the spread this guide measured between two runs of one configuration)',
    '“最大并发序列数 256”凭单次测试 +8.07% 的变化被采用，这在 ±16.11% 的噪声范围之内（本指南对同一配置两次测试所测得的差异）',
  ],
  [
    { code: 'W_STORY_NOISE', step: 'batching', variant: 'seqs-256', percent: -4.63, band: 5, source: 'default' },
    '"Max sequences 256" was adopted on a one-run change of -4.63%, within the noise band of ±5.00% (perflab\'s stated default (this guide measured no larger spread of its own))',
    '“最大并发序列数 256”凭单次测试 -4.63% 的变化被采用，这在 ±5.00% 的噪声范围之内（perflab 设定的默认值（本指南没有测得更大的差异））',
  ],
  [
    { code: 'W_STORY_COPIED', file: 'data/raw/a/h100/x.txt', other: 'data/raw/b/h100/y.txt' },
    'data/raw/a/h100/x.txt holds the same block as data/raw/b/h100/y.txt: a result copied from another guide?',
    'data/raw/a/h100/x.txt 中的结果块与 data/raw/b/h100/y.txt 中的完全相同，可能是从另一篇指南复制的结果',
  ],
];

describe('story findings as sentences', () => {
  it.each(cases)('%j', (finding, en, zh) => {
    expect(StoryFindingSchema.parse(finding)).toEqual(finding);
    expect(storySentence(finding, steps, 'en')).toBe(en);
    expect(storySentence(finding, steps, 'zh')).toBe(zh);
  });

  it('every story code has its arguments, and the cases above cover each', () => {
    const schemaCodes = StoryFindingSchema.options.map((option) => option.shape.code.value);
    expect([...schemaCodes].sort()).toEqual([...StoryCode.options].sort());
    expect([...new Set(cases.map(([finding]) => finding.code))].sort()).toEqual([...StoryCode.options].sort());
  });

  it('a finding is not a free string: an unknown code or a missing argument is refused', () => {
    expect(StoryFindingSchema.safeParse({ code: 'W_STORY_OTHER', message: 'anything' }).success).toBe(false);
    expect(StoryFindingSchema.safeParse({ code: 'W_STORY_ADDED', from: { step: 'a', variant: 'b' } }).success).toBe(
      false,
    );
    expect(
      StoryFindingSchema.safeParse({
        code: 'W_STORY_START',
        step: 'a',
        variant: 'b',
        from: { step: 'a', variant: 'c' },
      }).success,
    ).toBe(false);
  });

  it('a finding naming a variant the guide does not have is a bug, not a sentence with a hole', () => {
    expect(() => storySentence({ code: 'W_STORY_BASELINE', step: 'engine', variant: 'trt' }, steps, 'en')).toThrow(
      'story: no variant "engine/trt" in this guide',
    );
  });
});
