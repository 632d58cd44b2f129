// An accuracy check can take its scores from any GSM8K format: here lm-eval results JSON, one
// run per filter, picked by block label, with the sample count the file records.
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

describe('accuracy check from lm-eval results JSON', () => {
  const id = 'tiny/h100';
  const raw = [
    ...['engine/vllm.txt', 'engine/sglang.txt'].map((path) => ({
      path,
      file: `data/raw/${id}/${path}`,
      text: readFileSync(join(base, 'raw', path), 'utf8'),
    })),
    {
      path: 'gsm8k/results.json',
      file: `data/raw/${id}/gsm8k/results.json`,
      text: readFileSync(join(lmEvalDir, lmEvalFile), 'utf8'),
    },
  ];
  const yaml = `${readFileSync(join(base, 'guide.yaml'), 'utf8')}accuracy:
  - id: gsm8k
    after: engine
    title: { en: GSM8K by filter, zh: 按过滤器的 GSM8K }
    column: { en: Filter, zh: 过滤器 }
    results:
      - { label: strict-match, result: { file: gsm8k/results.json, block: strict-match } }
      - { label: flexible-extract, result: { file: gsm8k/results.json, block: flexible-extract } }
`;
  const prose = (lang: string) => ({
    file: `content/guides/${id}/${lang}.md`,
    text: readFileSync(join(base, `${lang}.md`), 'utf8'),
  });
  const ingested = ingestGuide(raw);
  const built = buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
    runs: ingested.runs,
    prose: { en: prose('en'), zh: prose('zh') },
  });

  it('builds, taking n from the file', () => {
    expect([...ingested.diagnostics, ...built.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
    const check = built.guide!.accuracy[0]!;
    const results = JSON.parse(readFileSync(join(lmEvalDir, lmEvalFile), 'utf8'));
    expect(check.results.map((r) => [r.label, r.score.value, r.samples])).toEqual([
      ['strict-match', results.results.gsm8k['exact_match,strict-match'], results['n-samples'].gsm8k.effective],
      ['flexible-extract', results.results.gsm8k['exact_match,flexible-extract'], results['n-samples'].gsm8k.effective],
    ]);
  });

  it('shows the verdict in both languages', () => {
    for (const lang of ['en', 'zh'] as const) {
      const view = guideView(built.guide!, { title: '', description: '', slots: {} }, lang);
      expect(view.results.steps[0]!.accuracy[0]!.verdict).toMatch(lang === 'en' ? /measurement noise/ : /测量噪声/);
    }
  });
});

describe('a lone accuracy result (one GSM8K run, nothing to compare it with)', () => {
  const id = 'tiny/h100';
  const raw = [
    ...['engine/vllm.txt', 'engine/sglang.txt'].map((path) => ({
      path,
      file: `data/raw/${id}/${path}`,
      text: readFileSync(join(base, 'raw', path), 'utf8'),
    })),
    // SGLang's benchmark/gsm8k stdout, which prints no sample count
    { path: 'gsm8k/fp8.txt', file: `data/raw/${id}/gsm8k/fp8.txt`, text: 'Accuracy: 0.955\nInvalid: 0.000\n' },
  ];
  const yaml = `${readFileSync(join(base, 'guide.yaml'), 'utf8')}accuracy:
  - id: gsm8k
    after: engine
    title: { en: Accuracy Check (GSM8K), zh: 准确率验证（GSM8K） }
    column: { en: Configuration, zh: 配置 }
    samples: 200
    results:
      - { label: FP8, result: gsm8k/fp8.txt }
`;
  const prose = (lang: string) => ({
    file: `content/guides/${id}/${lang}.md`,
    text: readFileSync(join(base, `${lang}.md`), 'utf8'),
  });
  const built = buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
    runs: ingestGuide(raw).runs,
    prose: { en: prose('en'), zh: prose('zh') },
  });

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
