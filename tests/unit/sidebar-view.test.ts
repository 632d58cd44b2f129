// The site's sidebar: every model on every page (up to SIDEBAR_ALL_MODELS), the page's own model
// open with its guides; previous and next in the models' order.
import { describe, expect, it } from 'vitest';
import {
  SIDEBAR_ALL_MODELS,
  sidebarModels,
  sidebarPagination,
  sidebarView,
  type SidebarEntry,
  type SidebarModel,
} from '../../src/lib/view/sidebar-view.ts';
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

  it('previous and next: the neighbours in the models order, into and out of the open model', () => {
    const models = sidebarModels(entries, 'en');
    const around = (path: string) => {
      const { prev, next } = sidebarPagination(models, 'en', path);
      return [prev?.href, next?.href];
    };
    expect(around('/en/')).toEqual([undefined, '/en/compare/model/glm-4.x/']);
    expect(around('/en/guides/glm-4.x/a100/')).toEqual(['/en/', '/en/guides/glm-4.x/h200/']);
    expect(around('/en/compare/model/glm-4.x/')).toEqual(['/en/guides/glm-4.x/h200/', '/en/guides/glm-5.2/h200/']);
    expect(around('/en/guides/glm-5.2/h200/')).toEqual([
      '/en/compare/model/glm-4.x/',
      '/en/guides/qwen3-8b/h100-latency/',
    ]);
    expect(around('/en/methodology/')).toEqual(['/en/guides/qwen3-8b/h100-latency/', undefined]);
    // A page in no sidebar (a hardware compare page) has neither.
    expect(around('/en/compare/hardware/h200/')).toEqual([undefined, undefined]);
  });
});

describe('sidebar of a site with more models than it lists', () => {
  // Model m-000 … m-0NN, each on two machines with a compare page, as sidebarModels makes them.
  const many = (count: number): SidebarModel[] =>
    Array.from({ length: count }, (_, i) => {
      const slug = `m-${String(i).padStart(3, '0')}`;
      return {
        family: slug.toUpperCase(),
        href: `/en/compare/model/${slug}/`,
        compareHref: `/en/compare/model/${slug}/`,
        guides: ['a100', 'h200'].map((hw) => ({ label: `${slug} · ${hw}`, href: `/en/guides/${slug}/${hw}/` })),
      };
    });

  it('up to the limit every model is listed; one more and only the page’s own model is', () => {
    const path = '/en/guides/m-007/h200/';
    const atLimit = sidebarView(many(SIDEBAR_ALL_MODELS), 'en', path);
    expect(atLimit).toHaveLength(SIDEBAR_ALL_MODELS + 2);
    expect(atLimit[0]).toMatchObject({ label: 'Guides', href: '/en/' });
    const over = sidebarView(many(SIDEBAR_ALL_MODELS + 1), 'en', path);
    expect(over.map(labelAndHref)).toEqual([
      [`All ${(SIDEBAR_ALL_MODELS + 1) * 2} guides`, '/en/'],
      [
        'M-007',
        [
          ['m-007 · a100', '/en/guides/m-007/a100/'],
          ['m-007 · h200', '/en/guides/m-007/h200/'],
          ['M-007 on every machine', '/en/compare/model/m-007/'],
        ],
      ],
      ['How the numbers are computed', '/en/methodology/'],
    ]);
  });

  it('its length does not grow with the site, and previous and next still walk every model', () => {
    const path = '/en/compare/model/m-050/';
    const sizes = [100, 250, 1000].map((count) => JSON.stringify(sidebarView(many(count), 'en', path)).length);
    // The same entries; only the number of guides in the index link's label has more digits.
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2);
    const off = sidebarView(many(250), 'en', '/en/methodology/');
    expect(off.map((entry) => entry.type)).toEqual(['link', 'link']);
    const { prev, next } = sidebarPagination(many(250), 'en', path);
    expect([prev?.href, next?.href]).toEqual(['/en/guides/m-050/h200/', '/en/compare/model/m-051/']);
  });
});
