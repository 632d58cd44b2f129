// What compute writes to data/prose: each guide's prose as parsed from content/guides/<guide>/*.md,
// placeholders filled from the computed guide, so the guide loader renders it and parses nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filledProse } from '../../src/lib/guide-source/guide-prose.ts';
import { ComputedProseSchema } from '../../src/lib/schema/computed-prose.ts';
import { stableJson } from '../../src/lib/stable-json.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { buildFromDisk, committedGuideIds, repoRoot } from '../helpers/guide-from-disk.ts';

const committedProse = (id: string) => readFileSync(join(repoRoot, 'data/prose', `${id}.json`), 'utf8');

describe('data/prose', () => {
  it('holds, for every committed guide, the prose buildGuide parses from its sources, as stableJson writes it', () => {
    const ids = committedGuideIds();
    expect(ids.length).toBeGreaterThan(10);
    const id = 'glm-5.2/h200';
    expect(ids).toContain(id);
    const built = buildFromDisk(id);
    expect(committedProse(id)).toBe(stableJson(built.prose));
    for (const other of ids)
      expect(ComputedProseSchema.safeParse(JSON.parse(committedProse(other))).success).toBe(true);
  });

  it("fills {{samples}} with the fewest samples of the accuracy check's results", () => {
    const built = buildFromDisk('glm-5.2/h200');
    const slot = built.prose!.en.slots['accuracy:fp8-kv-cache-gsm8k']!;
    const check = built.guide!.accuracy.find((a) => a.id === 'fp8-kv-cache-gsm8k')!;
    const fewest = Math.min(...check.results.map((r) => r.samples));
    expect(slot).toContain(`(${fewest} samples,`);
    expect(slot).not.toContain('{{');
    // The source says {{samples}}: the number is compute's, never typed into prose.
    expect(readFileSync(join(repoRoot, 'content/guides/glm-5.2/h200/en.md'), 'utf8')).toContain(
      '({{samples}} samples,',
    );
  });

  it('leaves a placeholder of another slot as written, and keeps the untranslated mark', () => {
    const guide = {
      accuracy: [{ id: 'gsm8k', results: [{ samples: 200 }, { samples: 150 }] }],
    } as unknown as ComputedGuide;
    const page = {
      title: 'T',
      description: 'D',
      slots: { 'accuracy:gsm8k': '{{samples}} of them', notes: '{{samples}}' },
    };
    const filled = filledProse(guide, { en: page, zh: { ...page, untranslated: true } });
    expect(filled.en).toEqual({
      title: 'T',
      description: 'D',
      slots: { 'accuracy:gsm8k': '150 of them', notes: '{{samples}}' },
    });
    expect(filled.zh.untranslated).toBe(true);
    expect(filled.en.untranslated).toBeUndefined();
  });
});
