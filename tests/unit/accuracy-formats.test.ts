// An accuracy check can take its scores from any GSM8K format: here lm-eval results JSON, one
// run per filter, picked by block label, with the sample count the file records.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';

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
