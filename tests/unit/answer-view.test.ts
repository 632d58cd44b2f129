// The answer sentence (src/lib/view/answer-view.ts) says what the computed guide says: the first
// case's change with its before and after, and the largest loss among the cases as the cost, in
// both languages. Numbers are the computed ones (a changed number in the guide changes the text).
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import type { ChangeSentence } from '../../src/lib/view/answer-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const noProse = { title: '', description: '', slots: {} };
const text = (s: ChangeSentence | undefined) => (s ? `${s.before}${s.delta ?? ''}${s.after}` : '');
const answerOf = (guide: ComputedGuide, lang: 'en' | 'zh') => guideView(guide, noProse, lang).conclusion.answer;

describe('answer', () => {
  const glm52 = buildFromDisk('glm-5.2/h200').guide!;

  it('GLM-5.2: the first case’s gain and, as the cost, ShareGPT’s Mean TPOT', () => {
    const en = answerOf(glm52, 'en');
    expect(text(en.gain)).toBe(
      'For Balanced: 8K input / 1K output (optimization target), serve zai-org/GLM-5.2-FP8 on NVIDIA H200x8 with SGLang and the command below: Total TPS +219.70% (5481.90 tok/s → 17525.76 tok/s).',
    );
    expect(en.gain).toMatchObject({ delta: '+219.70%', positive: true });
    // Of the five cases, Generation Heavy (+10.52 %) and ShareGPT (+121.93 %) lose Mean TPOT: the larger is named.
    expect(text(en.cost)).toBe('What it costs: Mean TPOT +121.93% (149.24 ms → 331.21 ms) for ShareGPT.');
    expect(en.cost).toMatchObject({ delta: '+121.93%', positive: false });
    const zh = answerOf(glm52, 'zh');
    expect(text(zh.cost)).toBe('代价：ShareGPT 的 Mean TPOT +121.93%（149.24 ms → 331.21 ms）。');
    expect(zh.separator).toBe('');
  });

  it('reads the numbers from the computed guide', () => {
    const copy = structuredClone(glm52);
    copy.comparison[0]!.percent = 12.345;
    copy.comparison[4]!.secondaryPercent = [-1];
    const answer = answerOf(copy, 'en');
    expect(answer.gain.delta).toBe('+12.35%');
    expect(text(answer.cost)).toContain('Mean TPOT +10.52% (');
    expect(text(answer.cost)).toContain('for Generation Heavy');
  });

  it('a latency guide that loses nothing says so; its change is a ratio', () => {
    const answer = answerOf(buildFromDisk('qwen3-8b/h100-latency').guide!, 'en');
    expect(answer.gain.delta).toBe('2.67x faster');
    expect(text(answer.cost)).toBe('No measured case is worse on Mean TTFT, Mean TPOT.');
    expect(answer.cost?.delta).toBeUndefined();
  });

  it('a guide that measured only its steps states the headline against the baseline', () => {
    // GLM-4.x on H100 with its before/after case taken away: what a guide of steps alone says.
    const answer = answerOf({ ...buildFromDisk('glm-4.x/h100').guide!, comparison: [] }, 'zh');
    expect(text(answer.gain)).toBe(
      '在 H100 GPU 上用 SGLang 按下方命令部署 GLM-4.x (4.5、4.6 和 4.7)：相对基线 +21.8%。',
    );
    expect(answer.cost).toBeUndefined();
  });
});
