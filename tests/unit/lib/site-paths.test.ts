// The base path a site is published under, and every link made below it (src/lib/site-paths.ts).
import { describe, expect, it } from 'vitest';
import { renderProse } from '../../../src/lib/guide-source/prose-render.ts';
import { basePath, sitePaths } from '../../../src/lib/site-paths.ts';
import { guideView } from '../../../src/lib/view/guide-view.ts';
import { indexView } from '../../../src/lib/view/index-view.ts';
import { sidebarModels, sidebarView } from '../../../src/lib/view/sidebar-view.ts';
import { buildFromDisk } from '../../helpers/guide-from-disk.ts';

describe('basePath', () => {
  it('is the site URL’s path, with a slash at both ends', () => {
    expect(basePath(undefined)).toBe('/');
    expect(basePath('https://perflab.example.com')).toBe('/');
    expect(basePath('https://perflab.example.com/')).toBe('/');
    expect(basePath('https://example.github.io/perflab')).toBe('/perflab/');
    expect(basePath('https://example.github.io/perflab/')).toBe('/perflab/');
    expect(basePath('https://example.github.io/a/b')).toBe('/a/b/');
  });

  it('a base of its own wins over the site URL’s path', () => {
    expect(basePath('https://example.github.io/perflab', '/preview/')).toBe('/preview/');
    expect(basePath(undefined, 'pr-12')).toBe('/pr-12/');
  });

  it('refuses what is not a URL or a plain path', () => {
    expect(() => basePath('example.github.io/perflab')).toThrow(/not a URL/);
    expect(() => basePath('ftp://example.org/perflab')).toThrow(/http\(s\)/);
    expect(() => basePath('https://example.org/perflab?x=1')).toThrow(/without query/);
    expect(() => basePath(undefined, '/a/../b')).toThrow(/"\.\."/);
    expect(() => basePath(undefined, '/a b/')).toThrow(/expected path segments/);
  });
});

describe('sitePaths', () => {
  const paths = sitePaths('/perflab/');
  it('puts every page and file below the base', () => {
    expect(paths.home('zh')).toBe('/perflab/zh/');
    expect(paths.guide('en', 'glm-5.2/h200')).toBe('/perflab/en/guides/glm-5.2/h200/');
    expect(paths.compare('en', 'hardware', 'h200')).toBe('/perflab/en/compare/hardware/h200/');
    expect(paths.methodology('zh')).toBe('/perflab/zh/methodology/');
    expect(paths.download('glm-5.2/h200', 'csv')).toBe('/perflab/data/glm-5.2/h200.csv');
    expect(paths.file('pagefind/')).toBe('/perflab/pagefind/');
    expect(sitePaths('/').guide('en', 'a/b')).toBe('/en/guides/a/b/');
  });

  it('reads a URL’s path inside the site', () => {
    expect(paths.inSite('/perflab/en/guides/a/b/')).toBe('/en/guides/a/b/');
    expect(paths.inSite('/perflab/')).toBe('/');
    expect(paths.inSite('/perflab')).toBe('/');
    expect(paths.inSite('/other/en/')).toBeUndefined();
    expect(sitePaths('/').inSite('/en/')).toBe('/en/');
  });

  it('moves a root-absolute link under the base and leaves others alone', () => {
    expect(paths.rooted('/en/methodology/')).toBe('/perflab/en/methodology/');
    expect(paths.rooted('../h100/')).toBe('../h100/');
    expect(paths.rooted('#setup')).toBe('#setup');
    expect(paths.rooted('https://example.org/x')).toBe('https://example.org/x');
    expect(paths.rooted('//example.org/x')).toBe('//example.org/x');
  });
});

describe('views link below the base', () => {
  const guide = buildFromDisk('glm-5.2/h200').guide!;
  const paths = sitePaths('/perflab/');

  it('a guide page: the other language and the downloads', () => {
    const view = guideView(guide, { title: 't', description: 'd', slots: {} }, 'en', undefined, paths);
    expect(view.languageLink.href).toBe('/perflab/zh/guides/glm-5.2/h200/');
    expect(view.downloads.links.map((link) => link.href)).toEqual([
      '/perflab/data/glm-5.2/h200.json',
      '/perflab/data/glm-5.2/h200.csv',
    ]);
  });

  it('the index and the sidebar, whose current page is found by its full path', () => {
    const entries = [{ guide, title: 'GLM-5.2' }];
    expect(indexView(entries, 'zh', paths).matrix.rows.flatMap((r) => r.cells.flat())[0]?.href).toBe(
      '/perflab/zh/guides/glm-5.2/h200/',
    );
    const sidebar = sidebarView(sidebarModels(entries, 'en', paths), 'en', '/perflab/en/methodology/', paths);
    expect(sidebar.map((entry) => (entry.type === 'link' ? [entry.href, entry.isCurrent] : entry.label))).toEqual([
      ['/perflab/en/', false],
      ['/perflab/en/guides/glm-5.2/h200/', false],
      ['/perflab/en/methodology/', true],
    ]);
  });

  it('prose: a root-absolute link or image goes under the base, a relative one stays', () => {
    const html = renderProse('[method](/en/methodology/), [next](../h100/), ![chart](/img/x.png)', paths.rooted);
    expect(html).toContain('<a href="/perflab/en/methodology/">method</a>');
    expect(html).toContain('<a href="../h100/">next</a>');
    expect(html).toContain('<img src="/perflab/img/x.png" alt="chart">');
  });
});
