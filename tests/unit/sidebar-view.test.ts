// The site's sidebar: every model on every page, the page's own model open with its guides.
import { describe, expect, it } from 'vitest';
import { sidebarModels, sidebarView, type SidebarEntry } from '../../src/lib/view/index-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const entries = ['glm-4.x/h200', 'glm-4.x/a100', 'glm-5.2/h200', 'qwen3-8b/h100-latency'].map((id) => ({
  guide: buildFromDisk(id).guide!,
  title: id,
}));
type Shown = [string, string | Shown[]];
const labelAndHref = (entry: SidebarEntry): Shown =>
  entry.type === 'link' ? [entry.label, entry.href] : [entry.label, entry.entries.map(labelAndHref)];

describe('sidebar', () => {
  it('on a guide page: its model open with each of its guides and its compare page; other models one link each', () => {
    const sidebar = sidebarView(sidebarModels(entries, 'en'), 'en', '/en/guides/glm-4.x/h200/');
    expect(sidebar.map(labelAndHref)).toEqual([
      ['Guides', '/en/'],
      [
        'GLM-4.x',
        [
          ['GLM-4.x · NVIDIA A100 × 8', '/en/guides/glm-4.x/a100/'],
          ['GLM-4.x · NVIDIA H200 × 8', '/en/guides/glm-4.x/h200/'],
          ['GLM-4.x on every machine', '/en/compare/model/glm-4.x/'],
        ],
      ],
      ['GLM-5.2', '/en/guides/glm-5.2/h200/'],
      ['Qwen3-8B', '/en/guides/qwen3-8b/h100-latency/'],
      ['How the numbers are computed', '/en/methodology/'],
    ]);
    const group = sidebar[1];
    expect(group?.type === 'group' && group.entries.filter((e) => e.type === 'link' && e.isCurrent)).toHaveLength(1);
  });

  it('elsewhere every model is one link, to its compare page when it has one', () => {
    const sidebar = sidebarView(sidebarModels(entries, 'zh'), 'zh', '/zh/methodology/');
    expect(sidebar.every((entry) => entry.type === 'link')).toBe(true);
    expect(sidebar.map(labelAndHref)[1]).toEqual(['GLM-4.x', '/zh/compare/model/glm-4.x/']);
    expect(sidebar.at(-1)).toMatchObject({ href: '/zh/methodology/', isCurrent: true });
  });
});
