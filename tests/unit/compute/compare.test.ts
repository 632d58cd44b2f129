// What a compare page's guides share (src/lib/compute/compare.ts): the committed guides, recomputed
// from their raw files, and edited copies for the cases the committed ones do not have.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareFacts, compareSelections, sharedCases } from '../../../src/lib/compute/compare.ts';
import { stableJson } from '../../../src/lib/stable-json.ts';
import type { ComputedGuide } from '../../../src/lib/schema/computed.ts';
import { buildFromDisk, committedGuideIds, repoRoot } from '../../helpers/guide-from-disk.ts';

const guide = (id: string) => buildFromDisk(id).guide!;
const glm4 = ['glm-4.x/a100', 'glm-4.x/h100', 'glm-4.x/h200'].map(guide);

describe('sharedCases', () => {
  it('GLM-4.x: the three machines share ShareGPT; the H200 alone measured the random prompts', () => {
    const { shared, unshared } = sharedCases(glm4);
    expect(shared).toEqual([
      {
        key: 'sharegpt',
        primary: 'total_token_throughput',
        entries: glm4.map((g) => ({ guide: g.id, case: 'sharegpt' })),
        secondary: ['tpot.mean'],
        // Three machines of 8 GPUs each: the whole machine's throughput compares as it is.
        perAccelerator: false,
      },
    ]);
    expect(unshared).toEqual([
      {
        guide: 'glm-4.x/h200',
        cases: ['short-prompt', 'medium-prompt', 'long-prompt', 'very-long-prompt'],
        otherMetric: [],
      },
    ]);
  });

  it('machines with different numbers of GPUs are compared per GPU; a latency never is', () => {
    const [a100, h100] = ['gpt-oss-120b/a100', 'gpt-oss-120b/h100'].map(guide);
    const { shared } = sharedCases([a100!, h100!]);
    expect(shared.map((s) => [s.key, s.perAccelerator])).toEqual([
      ['sharegpt', true],
      ['short prompt', true],
      ['medium prompt', true],
      ['long prompt', true],
      ['very long prompt', true],
    ]);
    const latency = guide('qwen3-8b/h100-latency');
    const bigger = structuredClone(latency);
    bigger.id = 'qwen3-8b/h100x2-latency';
    bigger.hardware.gpus = 2;
    expect(sharedCases([latency, bigger]).shared.every((s) => !s.perAccelerator)).toBe(true);
  });

  it('unlike figures are never one comparison: GLM-5.2’s interval-mean Total TPS is not GLM-4.x’s totals / duration', () => {
    const [glm52, glm4h200] = ['glm-5.2/h200', 'glm-4.x/h200'].map(guide);
    expect(glm52!.metrics.primary).toBe('total_token_throughput_interval_mean');
    expect(glm4h200!.metrics.primary).toBe('total_token_throughput');
    const { shared, unshared } = sharedCases([glm4h200!, glm52!]);
    // Both measured ShareGPT, each by its own figure: named as such, never set side by side.
    expect(shared).toEqual([]);
    expect(unshared.find((u) => u.guide === 'glm-5.2/h200')?.otherMetric).toEqual(['sharegpt']);
    expect(unshared.find((u) => u.guide === 'glm-4.x/h200')?.otherMetric).toEqual(['sharegpt']);
  });

  it('a metric the guides measure differently is not shared: GLM-5.2’s TPOT counts the first token', () => {
    const [glm52, glm4h200] = ['glm-5.2/h200', 'glm-4.x/h200'].map(guide);
    // As if both ranked by the same throughput: the secondary metrics alone differ.
    const sameObjective = structuredClone(glm52!);
    sameObjective.metrics.primary = glm4h200!.metrics.primary;
    const sharegpt = sharedCases([glm4h200!, sameObjective]).shared.find((s) => s.key === 'sharegpt');
    expect(sharegpt?.secondary).toEqual([]);
    expect(sharegpt?.entries).toEqual([
      { guide: 'glm-4.x/h200', case: 'sharegpt' },
      { guide: 'glm-5.2/h200', case: 'sharegpt' },
    ]);
  });

  it('a throughput case is never set beside a latency case of the same name', () => {
    const throughput = guide('qwen3-32b/h100');
    const latency: ComputedGuide = structuredClone(guide('qwen3-8b/h100-latency'));
    latency.comparison[0]!.label = { en: 'ShareGPT', zh: 'ShareGPT' };
    const { shared, unshared } = sharedCases([throughput, latency]);
    expect(shared).toEqual([]);
    expect(unshared.map((u) => u.guide)).toEqual(['qwen3-32b/h100', 'qwen3-8b/h100-latency']);
  });

  it('cases more guides share come first', () => {
    const guides = ['glm-4.5-air/h100', 'qwen3-14b/h100', 'qwen3-32b/h100'].map(guide);
    expect(sharedCases(guides).shared.map((s) => [s.key, s.entries.length])).toEqual([
      ['sharegpt', 3],
      ['short prompt', 2],
      ['medium prompt', 2],
      ['long prompt', 2],
      ['very long prompt', 2],
    ]);
  });
});

describe('compareSelections (data/compare)', () => {
  const committed = () =>
    committedGuideIds().map(
      (id) => JSON.parse(readFileSync(join(repoRoot, 'data/guides', `${id}.json`), 'utf8')) as ComputedGuide,
    );

  it('data/compare holds, one file a page, what compute selects from the committed guides', () => {
    const pages = compareSelections(committed().map(compareFacts));
    expect(pages.map((p) => `${p.kind}/${p.slug}`)).toContain('model/glm-4.x');
    for (const page of pages)
      expect(readFileSync(join(repoRoot, 'data/compare', page.kind, `${page.slug}.json`), 'utf8'), page.slug).toBe(
        stableJson(page),
      );
  });

  it('a page lists its guides by id, whatever order they come in, and selects as sharedCases does in that order', () => {
    const [page] = compareSelections([...glm4].reverse()).filter((p) => p.kind === 'model');
    expect(page).toEqual({ kind: 'model', slug: 'glm-4.x', guides: glm4.map((g) => g.id), ...sharedCases(glm4) });
  });

  it('selects by names and metrics only: a guide whose measured values changed selects the same', () => {
    const changed = glm4.map((g) => ({
      ...g,
      comparison: g.comparison.map((c) => ({
        ...c,
        optimized: { ...c.optimized, measured: { ...c.optimized.measured, score: 1 } },
      })),
    }));
    expect(compareSelections(changed.map(compareFacts))).toEqual(compareSelections(glm4));
    // A case renamed is another workload: no longer shared.
    const renamed = glm4.map((g, i) =>
      i === 0
        ? { ...g, comparison: g.comparison.map((c) => ({ ...c, label: { ...c.label, en: `${c.label.en} v2` } })) }
        : g,
    );
    expect(compareSelections(renamed)[0]?.shared[0]?.entries.map((e) => e.guide)).toEqual(
      glm4.slice(1).map((g) => g.id),
    );
  });
});
