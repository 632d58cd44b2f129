// The step choices of guide.yaml other than the seeds': summary references and an author's winner.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { guideView, summaryText } from '../../src/lib/view/guide-view.ts';

const base = join(import.meta.dirname, '../fixtures/bad-guides/base');
const id = 'tiny/h100';
const raw = ['engine/vllm.txt', 'engine/sglang.txt'].map((path) => ({
  path,
  file: `data/raw/${id}/${path}`,
  text: readFileSync(join(base, 'raw', path), 'utf8'),
}));
const runs = ingestGuide(raw).runs;
const baseYaml = readFileSync(join(base, 'guide.yaml'), 'utf8');
const prose = (lang: string) => ({
  file: `content/guides/${id}/${lang}.md`,
  text: readFileSync(join(base, `${lang}.md`), 'utf8'),
});

function build(yaml: string) {
  return buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: yaml },
    runs,
    prose: { en: prose('en'), zh: prose('zh') },
  });
}

/** The base guide plus a second step "tuning" with the given extra keys. */
function withSecondStep(extra: string) {
  const step = `  - id: tuning
    title: { en: Tuning, zh: 调优 }
    summary: pairwise
${extra}    variants:
      - { id: a, label: A, engine: sglang, args: [--tp-size 8, --a], result: engine/vllm.txt }
      - { id: b, label: B, engine: sglang, args: [--tp-size 8, --b], result: engine/sglang.txt }
`;
  return baseYaml.replace('recommended:', `${step}recommended:`);
}

describe('summary references', () => {
  it('previous-winner compares with the winner of the step before; a tie says so, not "faster by 0.00"', () => {
    const guide = build(withSecondStep('    reference: previous-winner\n')).guide!;
    const step = guide.steps[1]!;
    expect(step.summary).toMatchObject({ kind: 'pairwise', winner: 'b', reference: 'sglang', referenceStep: 'engine' });
    expect(summaryText(guide, step, 'en')!.text).toBe(
      'B Total TPS = 1500.00, SGLang Total TPS = 1500.00: the same at the precision shown (a difference of 0.00 tok/s); Mean TPOT = 35.00 ms vs 35.00 ms, unchanged.',
    );
    expect(summaryText(guide, step, 'zh')!.text).toBe(
      'B Total TPS = 1500.00，SGLang Total TPS = 1500.00：在显示精度下相同（差值为 0.00 tok/s）；Mean TPOT = 35.00 ms 与 35.00 ms，保持不变。',
    );
  });

  it('first and a named variant pick that variant', () => {
    expect(build(withSecondStep('    reference: first\n')).guide!.steps[1]!.summary).toMatchObject({ reference: 'a' });
    expect(build(withSecondStep('    reference: { variant: a }\n')).guide!.steps[1]!.summary).toMatchObject({
      reference: 'a',
    });
  });

  it('a reference that is the winner, or unknown, is an error', () => {
    const self = build(withSecondStep('    reference: { variant: b }\n'));
    expect(self.guide).toBeUndefined();
    expect(self.diagnostics.map((d) => d.message)).toContain(
      'step "tuning": the reference for the summary is the winner itself',
    );
    const unknown = build(withSecondStep('    reference: { variant: c }\n'));
    expect(unknown.diagnostics.map((d) => d.message)).toContain('unknown reference variant "c"');
  });
});

describe('an author-named winner', () => {
  it('overrules the numbers and says why, in both languages', () => {
    const guide = build(
      withSecondStep(
        '    winner: { variant: a, reason: { en: B needs a newer driver, zh: B 需要更新的驱动 } }\n    reference: { variant: b }\n',
      ),
    ).guide!;
    const step = guide.steps[1]!;
    expect(step.winner).toBe('a');
    expect(step.winnerReason).toEqual({ en: 'B needs a newer driver', zh: 'B 需要更新的驱动' });
    // The sentence states the numbers as they are: the chosen variant is behind here.
    expect(summaryText(guide, step, 'en')!.text).toBe(
      'A Total TPS = 1200.00, B Total TPS = 1500.00. A is behind by 300.00 tok/s (20.00%); Mean TPOT = 40.00 ms vs 35.00 ms, increased by 5.00 ms (14.29% slower).',
    );
    // perflab's own sentence, not the seed's: Chinese takes full-width punctuation.
    expect(summaryText(guide, step, 'zh')!.text).toBe(
      'A Total TPS = 1200.00，B Total TPS = 1500.00。A 性能较低，差值为 300.00 tok/s（20.00%）；Mean TPOT = 40.00 ms 与 35.00 ms，增加 5.00 ms（14.29%，耗时增加）。',
    );
  });

  it('must name a measured variant', () => {
    const result = build(withSecondStep('    winner: { variant: z, reason: { en: because, zh: 因为 } }\n'));
    expect(result.diagnostics.map((d) => d.message)).toContain('winner "z" is not a measured variant of step "tuning"');
  });
});

describe('a latency guide', () => {
  const yaml = baseYaml
    .replace('objective: throughput', 'objective: latency')
    .replace('metrics: { secondary: tpot.mean }', 'metrics: { primary: tpot.mean, secondary: ttft.mean }');
  const guide = build(yaml).guide!;

  it('picks the lower latency as the winner and words the summary as a gain', () => {
    const step = guide.steps[0]!;
    expect(step.winner).toBe('sglang');
    // 40 / 35 = 1.14x; 900 / 700 = 1.29x: a latency guide states ratios, as the published pages do.
    expect(summaryText(guide, step, 'en')!.text).toBe(
      'SGLang Mean TPOT = 35.00 ms, vLLM Mean TPOT = 40.00 ms. SGLang is faster by 5.00 ms (1.14x faster); Mean TTFT = 700.00 ms vs 900.00 ms, reduced by 200.00 ms (1.29x faster).',
    );
  });

  it('colours a lower latency green in the before/after table', () => {
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'en');
    expect(view.conclusion.comparison!.table.rows[0]!.optimized).toMatchObject({
      primary: { text: 'Mean TPOT(ms): 35.00' },
      delta: '(1.14x faster)',
      positive: true,
    });
  });
});
