// A zh guide page says in Chinese what perflab computed: the story checks' findings, the author's
// reasons for acknowledging them, and the formula of a derived latency. Read from the built pages
// in dist/ for every committed guide that has them, against what the English page says.
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storySentence } from '../../src/lib/format/story-finding.ts';
import { t } from '../../src/lib/i18n.ts';
import { ComputedGuideSchema, type ComputedGuide } from '../../src/lib/schema/computed.ts';
import { builtPage, mainOf, pageText } from '../helpers/page-text.ts';

const dataGuides = join(import.meta.dirname, '../../data/guides');
const guides = globSync('*/*.json', { cwd: dataGuides })
  .sort()
  .map((file) => ({
    id: relative('.', file).replace(/\.json$/, ''),
    guide: ComputedGuideSchema.parse(JSON.parse(readFileSync(join(dataGuides, file), 'utf8'))) as ComputedGuide,
  }));
const withNotes = guides.filter(({ guide }) => guide.story.length > 0);
// A derived latency, which a cell shows (a GPUStack run's totals / duration is derived too, but
// shown only where a sweep draws it: checked below).
const withDerived = guides.filter(({ guide }) => JSON.stringify(guide).includes('"mean-latency-from-ttft-tpot"'));

const formula = (lang: 'en' | 'zh') => t(lang, 'cell.formula.mean-latency-from-ttft-tpot');
/** The catalogue's own words around a note: English fragments that must not reach a zh page. */
const noteWords = ['Note from review', 'Accepted because', 'the configuration this step starts from'];

describe('zh guide pages hold no English sentence from story notes, reasons or formulas', () => {
  it('the committed guides have notes and a derived latency to check', () => {
    // 41 notes in 11 guides when this test was written; the number may grow, never reach none.
    expect(withNotes.length).toBeGreaterThanOrEqual(10);
    expect(withDerived.length).toBeGreaterThanOrEqual(1);
  });

  it.each(withNotes.map(({ id, guide }) => [id, guide] as const))('%s: each note in Chinese', (id, guide) => {
    const zh = pageText(builtPage(`zh/guides/${id}`)).text;
    const en = pageText(builtPage(`en/guides/${id}`)).text;
    for (const note of guide.story) {
      const [enSentence, zhSentence] = [storySentence(note, guide.steps, 'en'), storySentence(note, guide.steps, 'zh')];
      // The English page says it in English, so the check below is about the right sentences.
      expect(en).toContain(`Accepted because ${note.reason.en}:`);
      expect(en).toContain(`: ${enSentence}.`);
      expect(zh).toContain(`以下各项接受的理由：${note.reason.zh}。`);
      expect(zh).toContain(`：${zhSentence}。`);
      expect(zh).not.toContain(enSentence);
      expect(zh).not.toContain(note.reason.en);
    }
    for (const words of noteWords) expect(zh).not.toContain(words);
  });

  it.each(withDerived.map(({ id }) => [id] as const))('%s: the derived latency’s formula in Chinese', (id) => {
    // The formula is the title of the derived value's cell: an attribute, so read the article's markup.
    const zh = mainOf(builtPage(`zh/guides/${id}`));
    const en = mainOf(builtPage(`en/guides/${id}`));
    expect(en).toContain(formula('en'));
    expect(zh).toContain(formula('zh'));
    expect(zh).not.toContain(formula('en'));
    expect(zh).not.toContain('This block does not print');
  });

  it('qwen3.5-35b-a3b/h200-latency: the sweep’s output throughput, computed from the totals, says so in Chinese', () => {
    const zh = mainOf(builtPage('zh/guides/qwen3.5-35b-a3b/h200-latency'));
    const en = mainOf(builtPage('en/guides/qwen3.5-35b-a3b/h200-latency'));
    const of = (lang: 'en' | 'zh') => t(lang, 'cell.formula.output-tokens-over-duration');
    expect(en).toContain(of('en'));
    expect(zh).toContain(of('zh'));
    expect(zh).not.toContain(of('en'));
  });
});
