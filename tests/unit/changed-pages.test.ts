// Which pages of the built site a pull request changed (src/lib/review/changed-pages.ts): what the
// review report lists for the reviewer who opens the run's `site` artifact.
import { describe, expect, it } from 'vitest';
import { changedPages, changedPagesLines, guideOfPath } from '../../src/lib/review/changed-pages.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const guides = new Map(
  ['glm-4.x/h200', 'glm-4.x/a100', 'glm-5.2/h200', 'deepseek-v3.2/h200'].map(
    (id) => [id, buildFromDisk(id).guide!] as const,
  ),
);
const without = (id: string) => new Map([...guides].filter(([key]) => key !== id));
/** glm-5.2/h200 with one number moved, as a raw edit would move it. */
const edited = (): Map<string, ComputedGuide> => {
  const guide = structuredClone(guides.get('glm-5.2/h200')!);
  guide.headline = { ...guide.headline, percent: guide.headline.percent + 1 };
  return new Map([...guides, ['glm-5.2/h200', guide]]);
};

describe('guideOfPath', () => {
  it('finds the guide of raw files, sources, runs and computed output', () => {
    expect(guideOfPath('data/raw/glm-5.2/h200/engine/sglang.txt')).toBe('glm-5.2/h200');
    expect(guideOfPath('content/guides/glm-5.2/h200/zh.md')).toBe('glm-5.2/h200');
    expect(guideOfPath('data/runs/glm-5.2/h200/engine-sglang.json')).toBe('glm-5.2/h200');
    expect(guideOfPath('data/guides/glm-5.2/h200.json')).toBe('glm-5.2/h200');
    expect(guideOfPath('data/raw/README.md')).toBeUndefined();
    expect(guideOfPath('src/lib/view/guide-view.ts')).toBeUndefined();
  });
});

describe('changedPages', () => {
  it('a guide whose numbers moved: its pages, the compare pages that show it, the index', () => {
    const changed = changedPages(['data/raw/glm-5.2/h200/engine/sglang.txt'], guides, edited());
    expect(changed).toEqual({
      guides: ['glm-5.2/h200'],
      compare: [{ kind: 'hardware', slug: 'nvidia-h200' }],
      index: true,
      code: [],
    });
    expect(changedPagesLines(changed)).toEqual([
      '**Pages that changed** (paths in the built site):',
      '',
      '- glm-5.2/h200: /en/guides/glm-5.2/h200/ · /zh/guides/glm-5.2/h200/',
      '- compare hardware nvidia-h200: /en/compare/hardware/nvidia-h200/ · /zh/compare/hardware/nvidia-h200/',
      '- the index: /en/ · /zh/',
      '',
    ]);
  });

  it('prose alone: the guide’s own pages, not the index or compare pages', () => {
    expect(changedPages(['content/guides/glm-4.x/a100/zh.md'], guides, guides)).toEqual({
      guides: ['glm-4.x/a100'],
      compare: [],
      index: false,
      code: [],
    });
  });

  it('a new guide: its pages, the compare pages it joins, the index; a removed one: no page of its own', () => {
    const added = changedPages(['data/raw/glm-4.x/a100/engine/vllm.txt'], without('glm-4.x/a100'), guides);
    expect(added.guides).toEqual(['glm-4.x/a100']);
    // With glm-4.x/a100 the model has two machines: its compare page appears.
    expect(added.compare).toEqual([{ kind: 'model', slug: 'glm-4.x' }]);
    expect(added.index).toBe(true);
    const removed = changedPages(['data/raw/glm-4.x/a100/engine/vllm.txt'], guides, without('glm-4.x/a100'));
    expect(removed.guides).toEqual([]);
    // The model is left with one machine: its compare page is gone, not changed.
    expect(removed.compare).toEqual([]);
    expect(removed.index).toBe(true);
  });

  it('site code changed: every page may differ, said once; tests and docs change no page', () => {
    const changed = changedPages(
      ['src/styles/perflab.css', 'tests/unit/x.test.ts', 'README.md', 'src/lib/review/markdown.ts', 'package.json'],
      guides,
      guides,
    );
    expect(changed).toEqual({
      guides: [],
      compare: [],
      index: false,
      code: ['package.json', 'src/styles/perflab.css'],
    });
    expect(changedPagesLines(changed)).toEqual([
      "**perflab's site code changed** (package.json, src/styles/perflab.css): any page may look different; compare a guide page, a compare page and the index in each language.",
      '',
    ]);
    expect(changedPagesLines(changedPages(['README.md'], guides, guides))).toEqual([]);
  });

  it('a guide id from a pull request is text in the report', () => {
    const hostile = 'm_[x](https:evil)/h*';
    const guide = { ...guides.get('glm-5.2/h200')!, id: hostile };
    const lines = changedPagesLines(changedPages([`data/raw/${hostile}/a.txt`], guides, new Map([[hostile, guide]])));
    expect(lines[2]).toBe(
      '- m\\_\\[x\\](https:evil)/h\\*: /en/guides/m\\_\\[x\\](https:evil)/h\\*/ · /zh/guides/m\\_\\[x\\](https:evil)/h\\*/',
    );
  });
});
