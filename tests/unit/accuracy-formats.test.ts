// An accuracy check can take its scores from any GSM8K format (lm-eval results JSON, one run per
// filter, picked by block label, with the sample count the file records; SGLang's stdout with the
// count on its command line), and gives a verdict only on scores that measure the same thing.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { newGuideReport } from '../../src/lib/review/new-guide-report.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const base = join(fixtures, 'bad-guides/base');
const lmEvalDir = join(fixtures, 'samples/lm-eval-gsm8k/zai-org__GLM-5.2-FP8');
const lmEvalFile = readdirSync(lmEvalDir).find((f) => f.startsWith('results_'))!;

/** A guide of the bad-guides base with these raw files added and this accuracy section. */
function withAccuracy(files: { path: string; text: string }[], accuracy: string) {
  const id = 'tiny/h100';
  const raw = [
    ...['engine/vllm.txt', 'engine/sglang.txt'].map((path) => ({
      path,
      text: readFileSync(join(base, 'raw', path), 'utf8'),
    })),
    ...files,
  ].map((f) => ({ ...f, file: `data/raw/${id}/${f.path}` }));
  const prose = (lang: string) => ({
    file: `content/guides/${id}/${lang}.md`,
    text: readFileSync(join(base, `${lang}.md`), 'utf8'),
  });
  const ingested = ingestGuide(raw);
  const built = buildGuide({
    id,
    yaml: {
      file: `content/guides/${id}/guide.yaml`,
      text: `${readFileSync(join(base, 'guide.yaml'), 'utf8')}${accuracy}`,
    },
    runs: ingested.runs,
    prose: { en: prose('en'), zh: prose('zh') },
  });
  return { ingested, built };
}

describe('accuracy check from lm-eval results JSON', () => {
  const { ingested, built } = withAccuracy(
    [{ path: 'gsm8k/results.json', text: readFileSync(join(lmEvalDir, lmEvalFile), 'utf8') }],
    `accuracy:
  - id: gsm8k
    after: engine
    title: { en: GSM8K by filter, zh: 按过滤器的 GSM8K }
    column: { en: Filter, zh: 过滤器 }
    results:
      - { label: strict-match, result: { file: gsm8k/results.json, block: strict-match } }
      - { label: flexible-extract, result: { file: gsm8k/results.json, block: flexible-extract } }
`,
  );

  it('builds, taking n from the file', () => {
    expect([...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
    const check = built.guide!.accuracy[0]!;
    const results = JSON.parse(readFileSync(join(lmEvalDir, lmEvalFile), 'utf8'));
    expect(check.results.map((r) => [r.label, r.score.value, r.samples])).toEqual([
      ['strict-match', results.results.gsm8k['exact_match,strict-match'], results['n-samples'].gsm8k.effective],
      ['flexible-extract', results.results.gsm8k['exact_match,flexible-extract'], results['n-samples'].gsm8k.effective],
    ]);
  });

  it('two filters are two scorings of the same answers: both shown, no verdict, in both languages', () => {
    const check = built.guide!.accuracy[0]!;
    expect(check.incomparable).toEqual(['scoring']);
    expect(check.verdict).toBeUndefined();
    for (const lang of ['en', 'zh'] as const) {
      const view = guideView(built.guide!, { title: '', description: '', slots: {} }, lang);
      const shown = view.results.steps[0]!.accuracy[0]!;
      expect(shown.rows.map((r) => r.label)).toEqual(['strict-match', 'flexible-extract']);
      expect(shown.verdict).toMatch(lang === 'en' ? /^No verdict: .* differ in scoring / : /^不作判定：.*评分方式不同/);
      expect(shown.method).toBeUndefined();
    }
  });
});

describe('a lone accuracy result (one GSM8K run, nothing to compare it with)', () => {
  const id = 'tiny/h100';
  const { built } = withAccuracy(
    // SGLang's benchmark/gsm8k stdout, which prints no sample count
    [{ path: 'gsm8k/fp8.txt', text: 'Accuracy: 0.955\nInvalid: 0.000\n' }],
    `accuracy:
  - id: gsm8k
    after: engine
    title: { en: Accuracy Check (GSM8K), zh: 准确率验证（GSM8K） }
    column: { en: Configuration, zh: 配置 }
    samples: 200
    results:
      - { label: FP8, result: gsm8k/fp8.txt }
`,
  );

  it('builds: the score and its sample count, no verdict', () => {
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const check = built.guide!.accuracy[0]!;
    expect(check.results.map((r) => [r.label, r.score.printed, r.samples])).toEqual([['FP8', '0.955', 200]]);
    expect(check.verdict).toBeUndefined();
  });

  it('the page shows the score and says there is no comparison, in both languages', () => {
    const shown = (lang: 'en' | 'zh') =>
      guideView(built.guide!, { title: '', description: '', slots: {} }, lang).results.steps[0]!.accuracy[0]!;
    expect(shown('en')).toMatchObject({
      rows: [{ label: 'FP8', score: '0.955' }],
      verdict:
        'A single result on 200 questions: there is no other run to compare it with, so no verdict on accuracy change.',
    });
    expect(shown('en').method).toBeUndefined();
    expect(shown('zh')).toMatchObject({
      rows: [{ label: 'FP8', score: '0.955' }],
      verdict: '仅有一个结果（共 200 题），没有可对比的运行，因此不判定准确率是否变化。',
    });
    expect(shown('zh').method).toBeUndefined();
  });

  it('the review report gives the score and says it is a single result', () => {
    expect(newGuideReport(id, built.guide!)).toContain(
      '- Accuracy, Accuracy Check (GSM8K): FP8 0.955 (a single result, no comparison).',
    );
  });
});

const fixture = (path: string) => readFileSync(join(fixtures, path), 'utf8');

describe('accuracy of another data set and scoring: SGLang GSM8K (1319) against lm-eval gsm8k_platinum_cot (1209)', () => {
  const { ingested, built } = withAccuracy(
    [
      { path: 'gsm8k/bf16.txt', text: fixture('gsm8k-sglang/num-questions-on-command-line/input.txt') },
      { path: 'gsm8k/fp8.json', text: fixture('lm-eval-json/platinum-cot-strict/input.json') },
    ],
    `accuracy:
  - id: gsm8k
    after: engine
    title: { en: FP8 accuracy, zh: FP8 准确率 }
    column: { en: Weights, zh: 权重 }
    results:
      - { label: BF16, result: gsm8k/bf16.txt }
      - { label: FP8, result: { file: gsm8k/fp8.json, block: gsm8k_platinum_cot/strict-match } }
`,
  );

  it('builds and stores what each score measures, and no verdict', () => {
    expect([...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
    const check = built.guide!.accuracy[0]!;
    expect(check.results.map((r) => [r.label, r.score.printed, r.samples, r.evaluation])).toEqual([
      ['BF16', '0.952', 1319, { task: 'gsm8k', scoring: 'last-integer' }],
      ['FP8', '0.9437551695616212', 1209, { task: 'gsm8k_platinum_cot', scoring: 'strict-match' }],
    ]);
    expect(check.incomparable).toEqual(['task', 'scoring', 'samples']);
    expect(check.verdict).toBeUndefined();
  });

  it('the page names what differs and what each score is, in both languages', () => {
    const shown = (lang: 'en' | 'zh') =>
      guideView(built.guide!, { title: '', description: '', slots: {} }, lang).results.steps[0]!.accuracy[0]!;
    expect(shown('en').verdict).toBe(
      'No verdict: these scores do not measure the same thing, as they differ in task, scoring, number of questions (BF16: gsm8k, last-integer, 1319 questions; FP8: gsm8k_platinum_cot, strict-match, 1209 questions). Only results of the same task, scoring and questions are compared.',
    );
    expect(shown('zh').verdict).toBe(
      '不作判定：这些得分衡量的不是同一件事，它们的任务、评分方式、题数不同（BF16：gsm8k，last-integer，1319 题；FP8：gsm8k_platinum_cot，strict-match，1209 题）。只有任务、评分方式和题目都相同的结果才会相互比较。',
    );
    expect(shown('en').method).toBeUndefined();
  });

  it('the review report says the results were not compared', () => {
    expect(newGuideReport('tiny/h100', built.guide!)).toContain(
      '- Accuracy, FP8 accuracy: BF16 0.952, FP8 0.944 (not compared: the results differ in task, scoring, samples).',
    );
  });
});

describe('a GSM8K sample count on the command line of the log', () => {
  const files = [
    { path: 'gsm8k/bf16.txt', text: fixture('gsm8k-sglang/num-questions-on-command-line/input.txt') },
    { path: 'gsm8k/fp8.txt', text: fixture('gsm8k-sglang/num-questions-in-namespace/input.txt') },
  ];
  const section = (samples: string) => `accuracy:
  - id: gsm8k
    after: engine
    title: { en: FP8 KV cache accuracy, zh: FP8 KV cache 准确率 }
    column: { en: KV dtype, zh: KV 数据类型 }
${samples}    results:
      - { label: bf16, result: gsm8k/bf16.txt }
      - { label: fp8, result: gsm8k/fp8.txt }
`;

  it('is the sample count: the verdict is taken on 1319 questions without samples: in guide.yaml', () => {
    const { ingested, built } = withAccuracy(files, section(''));
    expect([...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
    const check = built.guide!.accuracy[0]!;
    expect(check.results.map((r) => [r.label, r.samples, r.score.printed])).toEqual([
      ['bf16', 1319, '0.952'],
      ['fp8', 1319, '0.948'],
    ]);
    expect(check.verdict).toMatchObject({ withinNoise: true });
  });

  it('a guide declaring another count is an error naming the line that printed it', () => {
    const { built } = withAccuracy(files, section('    samples: 200\n'));
    const errors = built.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file, d.message])).toEqual([
      [
        'E_INCONSISTENT',
        'content/guides/tiny/h100/guide.yaml',
        'samples: 200 contradicts data/raw/tiny/h100/gsm8k/bf16.txt:1, which printed 1319',
      ],
      [
        'E_INCONSISTENT',
        'content/guides/tiny/h100/guide.yaml',
        'samples: 200 contradicts data/raw/tiny/h100/gsm8k/fp8.txt:2, which printed 1319',
      ],
    ]);
    expect(errors.every((d) => d.line !== undefined)).toBe(true);
  });
});
