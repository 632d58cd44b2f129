// view/step-summary-text.ts: each step's summary sentence, held against the seeds' own sentences
// (the committed computed guides are what the pages are rendered from).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../../src/lib/schema/computed.ts';
import { summaryText } from '../../../src/lib/view/step-summary-text.ts';

const root = join(import.meta.dirname, '../../..');
const computed = (id: string) =>
  JSON.parse(readFileSync(join(root, 'data/guides', `${id}.json`), 'utf8')) as ComputedGuide;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const seed = (file: string) => readFileSync(join(root, 'tests/fixtures/seeds', file), 'utf8');

describe('summaryText', () => {
  it('gives every pairwise step of GLM-5.2 / H200 its winner, reference and differences as computed, in zh and en', () => {
    const guide = computed('glm-5.2/h200');
    const pairwise = guide.steps.filter((step) => step.summary.kind === 'pairwise');
    expect(pairwise.length).toBeGreaterThan(5);
    for (const step of pairwise) {
      if (step.summary.kind !== 'pairwise') continue;
      const { winner, reference, primary, secondary } = step.summary;
      const w = step.variants.find((v) => v.id === winner);
      const r = step.variants.find((v) => v.id === reference);
      for (const lang of ['en', 'zh'] as const) {
        const text = summaryText(guide, step, lang)?.text ?? '';
        expect(text, step.id).toMatch(
          new RegExp(
            `^${escape(`${w?.label?.[lang]} Total TPS = ${w?.measured?.primary.printed}, ${r?.label?.[lang]} Total TPS = ${r?.measured?.primary.printed}.`)}`,
          ),
        );
        expect(text, step.id).toContain(`${primary.gain.toFixed(2)} tok/s (${primary.percent.toFixed(2)}%)`);
        for (const s of secondary) expect(text, step.id).toContain(`${s.diff.toFixed(2)} ms (${s.percent.toFixed(2)}%`);
      }
    }
  });

  it("words a step's sentence as the seed does, where the seed's arithmetic agrees with the printed values", () => {
    // The seed's other sentences differ by a cent: its differences were taken before rounding.
    const guide = computed('glm-5.2/h200');
    const sentence = /^\s*• 汇总：(TP \+ DP \+ DP-Attention .*)$/m.exec(seed('000_2e5922cdf29c6e88.txt'))?.[1];
    const texts = guide.steps.map((step) => summaryText(guide, step, 'zh')?.text);
    expect(sentence).toBeDefined();
    expect(texts).toContain(sentence);
    const first = guide.steps.find((step) => step.summary.kind === 'pairwise');
    expect(first && summaryText(guide, first, 'en')).toEqual({
      label: 'Summary: ',
      text: 'SGLang Total TPS = 6487.53, vLLM Total TPS = 5481.90. SGLang is faster by 1005.63 tok/s (18.34%); Mean TPOT = 540.79 ms vs 636.24 ms, reduced by 95.45 ms (15.00%).',
    });
  });

  it('ranks the engines of GLM-4.x / H200 best first, an unsupported one by its status, as the seed does', () => {
    const guide = computed('glm-4.x/h200');
    const ranked = guide.steps.find((step) => step.summary.kind === 'ranking');
    if (!ranked) throw new Error('expected a ranking step');
    const line = /^结果：(.*)$/m.exec(seed('002_fc19dea569f58781.txt'))?.[1];
    // The seed's line, spaced as perflab spaces every name and its figure.
    expect(summaryText(guide, ranked, 'zh')?.text).toBe(`结果：${line?.replace(/(\S)\(/g, '$1 (')}`);
  });

  it('gives no sentence for a step without a summary', () => {
    const guide = computed('glm-5.2/h200');
    const step = guide.steps[0];
    if (!step) throw new Error('expected a step');
    expect(summaryText(guide, { ...step, summary: { kind: 'none' } }, 'en')).toBeUndefined();
  });
});
