// What the built pages give a reader around the guide itself: permalinks, the site's sidebar on
// every page, Chinese text marked as Chinese, the root page, downloads named by guide, the date
// the evidence last changed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../dist');
const page = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
const main = (html: string) => html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
const sidebar = (html: string) => html.slice(html.indexOf('<sl-sidebar-pane'), html.indexOf('</sl-sidebar-pane>'));
const sidebarLabels = (html: string) =>
  [...sidebar(html).matchAll(/<(?:a href="[^"]*"[^>]*|summary)>([^<]*)<\/(?:a|summary)>/g)].map((m) => m[1]!.trim());

describe('headings are permalinks', () => {
  for (const path of ['en/guides/glm-5.2/h200', 'zh/guides/glm-4.x/h200', 'en/compare/model/glm-4.x']) {
    it(path, () => {
      const headings = [...main(page(path)).matchAll(/<h([2-4])([^>]*)>([\s\S]*?)<\/h\1>/g)];
      expect(headings.length).toBeGreaterThan(0);
      for (const [whole, , attributes, inner] of headings) {
        const id = / id="([^"]+)"/.exec(attributes!)?.[1];
        expect(id, whole).toBeDefined();
        expect(inner, whole).toContain(`href="#${id}"`);
      }
    });
  }

  it('a note’s own heading has an id, so search files the note under it, not under the variant before it', () => {
    expect(page('zh/guides/glm-5.2/h200')).toMatch(
      /<h3 id="prose-step-chunked-prefill-1"><a href="#prose-step-chunked-prefill-1">分块预填充过大会导致内存不足<\/a><\/h3>/,
    );
  });
});

describe('the sidebar lists every model on every page', () => {
  const guide = page('en/guides/glm-5.2/h200');
  it('a guide page: every model, its own guides expanded, the methodology', () => {
    const labels = sidebarLabels(guide);
    for (const model of ['DeepSeek-V3.2', 'GLM-4.x', 'Qwen3-8B', 'How the numbers are computed'])
      expect(labels).toContain(model);
    expect(labels).toContain('GLM-5.2 · NVIDIA H200 × 8');
    expect(sidebar(guide)).toContain('href="/en/compare/model/glm-4.x/"');
  });

  it('the methodology, the index and a compare page have the same sidebar', () => {
    for (const path of ['en/methodology', 'en', 'en/compare/hardware/nvidia-h200'])
      for (const model of ['DeepSeek-V3.2', 'GLM-5.2', 'Qwen3.5-9B'])
        expect(sidebarLabels(page(path))).toContain(model);
    const compare = sidebarLabels(page('zh/compare/model/glm-4.x'));
    expect(compare).toEqual(expect.arrayContaining(['GLM-4.x · NVIDIA H200 × 8', 'GLM-4.x 在各硬件上的对比']));
  });

  it('no two sidebar links read the same', () => {
    for (const path of ['en/guides/glm-4.x/h200', 'zh/compare/model/qwen3-14b']) {
      const labels = sidebarLabels(page(path));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('the size of a page’s sidebar follows the number of models, not of guides', () => {
    const links = (html: string) => sidebar(html).match(/<a href=/g)?.length ?? 0;
    const models = readdirSync(join(import.meta.dirname, '../../data/guides')).length;
    // the index, one link a model, the methodology
    expect(links(page('en/methodology'))).toBe(models + 2);
    // a guide page: its model is a group of its own guides (and its compare page) in place of one link
    expect(links(page('en/guides/glm-4.x/h200'))).toBe(models + 2 - 1 + 3 + 1);
  });
});

describe('Chinese outside a Chinese page is marked as Chinese', () => {
  it('the language picker and the link to the zh guide on an English page', () => {
    const html = page('en/guides/glm-5.2/h200');
    expect(html).toMatch(/<option value="\/zh\/guides\/glm-5.2\/h200\/" lang="zh-CN"[^>]*>简体中文<\/option>/);
    expect(html).toMatch(/<a href="\/zh\/guides\/glm-5.2\/h200\/" hreflang="zh-CN" lang="zh-CN">\s*简体中文/);
  });

  it('the 404 page', () => {
    const html = readFileSync(join(dist, '404.html'), 'utf8');
    for (const fragment of html.match(/[\u4e00-\u9fff][^<]*/g) ?? []) {
      const before = html.slice(0, html.indexOf(fragment));
      expect(before.lastIndexOf('lang="zh-CN"'), fragment).toBeGreaterThan(before.lastIndexOf('lang="en"'));
    }
  });
});

describe('the root page', () => {
  const root = readFileSync(join(dist, 'index.html'), 'utf8');
  it('sends the reader at once to the language the browser prefers; without script, to English', () => {
    expect(root).toContain('const en = "/en/";\nconst zh = "/zh/";');
    expect(root).toContain('location.replace(navigator.languages.some((l) => /^zh\\b/i.test(l)) ? zh : en)');
    expect(root).toContain('<noscript><meta http-equiv="refresh" content="0;url=/en/"></noscript>');
    expect(root).toMatch(/<p lang="zh-CN"><a href="\/zh\/">/);
  });
});

describe('head, downloads and the date of the evidence', () => {
  const html = page('en/guides/glm-5.2/h200');
  it('no Twitter card that promises an image', () => {
    expect(html).not.toContain('twitter:card');
  });

  it('downloads are saved under the guide’s name', () => {
    expect(html).toContain('href="/data/glm-5.2/h200.csv" download="perflab-glm-5.2-h200.csv"');
    expect(html).toContain('href="/data/glm-5.2/h200.json" download="perflab-glm-5.2-h200.json"');
  });

  it('"Last updated" is the date of the last commit that changed the guide’s raw files', () => {
    const dates = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../node_modules/.cache/perflab/last-updated.json'), 'utf8'),
    ) as Record<string, string>;
    expect(dates['glm-5.2/h200']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(html).toContain(`<time datetime="${dates['glm-5.2/h200']}T00:00:00.000Z">`);
  });

  it('without a configured site there is no canonical URL and no sitemap (see site-config.test.ts)', () => {
    expect(html).not.toContain('rel="canonical"');
    expect(existsSync(join(dist, 'sitemap-index.xml'))).toBe(false);
  });
});

describe('every page leaves out what serves markup no page has', () => {
  const htmlFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
    );

  it('no page has a .not-content block, a right-to-left element, the Starlight credit, a tip or danger aside, an aside title or content wrapper, or an expressive code frame, badge, link button, steps, tabs or file tree', () => {
    const files = htmlFiles(dist);
    expect(files.length).toBeGreaterThan(40);
    const found = files.filter((file) =>
      /class="[^"]*\b(?:not-content|kudos|starlight-aside--(?:tip|danger)|starlight-aside__\w+|expressive-code|sl-badge|sl-link-button|sl-steps)\b|\sdir="rtl"|<starlight-(?:tabs|file-tree)\b/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(found).toEqual([]);
  });

  it("Starlight's sidebar-state script, which reads markup perflab's sidebar does not have (astro.config.mjs)", () => {
    for (const file of htmlFiles(dist)) {
      const html = readFileSync(file, 'utf8');
      expect(html, file).not.toContain('sl-sidebar-state');
    }
    expect(page('en/guides/glm-5.2/h200')).not.toContain('sl-sidebar-state-persist');
  });

  it('the site stylesheet has none of those rules (src/lib/css-trim.ts)', () => {
    const css = readdirSync(join(dist, '_astro'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(join(dist, '_astro', name), 'utf8'))
      .join('\n');
    expect(css).toContain('.sl-markdown-content');
    expect(css).not.toMatch(
      /\.kudos|dir=rtl|starlight-aside--tip|starlight-aside__|:not\(:where\(\.not-content \*\)\)|\.sl-badge|starlight-file-tree|starlight-tabs/,
    );
  });

  it('every custom property the site stylesheet declares is read by the site (src/pipeline/css-prune.ts)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.(?:html|js|css)$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const all = files(dist).filter((file) => !file.includes('/pagefind/'));
    const text = all.map((file) => readFileSync(file, 'utf8')).join('\n');
    const read = new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]));
    const css = all.filter((file) => /\/_astro\/[^/]+\.css$/.test(file)).map((file) => readFileSync(file, 'utf8'));
    const declared = new Set(css.flatMap((sheet) => [...sheet.matchAll(/[{;](--[\w-]+):/g)].map((m) => m[1])));
    expect(declared.size).toBeGreaterThan(50);
    expect([...declared].filter((name) => !read.has(name))).toEqual([]);
    // What Starlight declared and perflab never reads, gone.
    expect(declared.has('--sl-color-purple-high')).toBe(false);
  });
});
