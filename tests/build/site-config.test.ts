// With PERFLAB_SITE set (the one setting, see README), every page has a canonical URL and
// hreflang alternates, and the build writes a sitemap. The site here is a GitHub Pages project
// site, published below a path (https://<owner>.github.io/<repository>/): every link, asset,
// script path and canonical URL the build writes must stay below it. Builds the site once more into
// a scratch folder with that setting, and runs Pagefind on it as `npm run build` does.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { astroBuild } from '../helpers/scratch-build.ts';

const site = 'https://example.github.io/perflab';
const base = '/perflab/';
let out: string;
const read = (path: string) => readFileSync(join(out, path), 'utf8');

/**
 * This process's environment without what vitest adds for import.meta.env (BASE_URL=/, MODE=test…):
 * Astro hands environment variables to the build's import.meta.env, and a BASE_URL there would
 * stand in for the base path the site's URL gives.
 */
const astroEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'].includes(key)),
  );

/** The id glm-4.x/a100 had before, in the scratch site's guide.yaml (renamedFrom). */
const formerId = 'glm-4/a100-2025';
let root: string;
let buildOutput = '';

beforeAll(() => {
  // The repository's guides in a scratch site (PERFLAB_ROOT), one of them renamed from another id.
  root = mkdtempSync(join(tmpdir(), 'perflab-site-root-'));
  for (const dir of ['data', 'content']) cpSync(join(repoRoot, dir), join(root, dir), { recursive: true });
  appendFileSync(join(root, 'content/guides/glm-4.x/a100/guide.yaml'), `renamedFrom: [${formerId}]\n`);
  const env = {
    ...astroEnv(),
    PERFLAB_ROOT: root,
    PERFLAB_PIPELINE_CACHE: join(root, '.cache'),
    PERFLAB_CACHE_DIR: join(root, '.astro-cache'),
    PERFLAB_SITE: site,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  execFileSync(process.execPath, [join(repoRoot, 'scripts/compute.ts')], { cwd: repoRoot, env, stdio: 'ignore' });
  out = join(root, 'dist');
  const build = astroBuild(out, env);
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}${build.stderr}`);
  buildOutput = build.stdout + build.stderr;
  execFileSync(join(repoRoot, 'node_modules/.bin/pagefind'), ['--site', out], { cwd: repoRoot, stdio: 'ignore' });
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every URL an HTML file holds: attributes, a refresh's target, and the path strings of its scripts. */
function urlsOf(html: string): string[] {
  const attributes = [
    ...html.matchAll(/\s(?:href|src|action|poster|data-base)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const srcsets = [...html.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) =>
    m[1]!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
  );
  const refresh = [...html.matchAll(/content="\d+;\s*url=([^"]*)"/g)].map((m) => m[1]!);
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [...m[1]!.matchAll(/["'`](\/[^"'`\s]*)/g)].map((s) => s[1]!),
  );
  return [...attributes, ...srcsets, ...refresh, ...scripts];
}

const external = (url: string) => /^(https:|mailto:|data:|#)/.test(url) || url === '';

describe('PERFLAB_SITE below a path (a GitHub Pages project site)', () => {
  it('builds without a warning (no route conflict, no sitemap skipped)', () => {
    expect(buildOutput).toContain('Complete!');
    expect(buildOutput.split('\n').filter((line) => /\[WARN\]|warning/i.test(line))).toEqual([]);
  });

  it('finds the URLs it checks (the reader below is not blind)', () => {
    const urls = urlsOf(read('en/guides/glm-5.2/h200/index.html'));
    expect(urls).toContain(`${base}zh/guides/glm-5.2/h200/`);
    expect(urls).toContain(`${base}data/glm-5.2/h200.csv`);
    expect(urls.some((url) => url.startsWith(`${base}_astro/`))).toBe(true);
    expect(urlsOf('<script>a.src=`/x.js`</script><meta http-equiv="refresh" content="0;url=/en/">')).toEqual([
      '/en/',
      '/x.js',
    ]);
  });

  it('every link, asset and script path of every page is below the base path', () => {
    const pages = globSync('**/*.html', { cwd: out });
    expect(pages.length).toBeGreaterThan(60);
    const outside = pages.flatMap((page) =>
      urlsOf(read(page))
        .filter((url) => !external(url) && !url.startsWith(base))
        .map((url) => `${page}: ${url}`),
    );
    expect([...new Set(outside)]).toEqual([]);
  });

  it('every link below the base path leads to a built file', () => {
    const broken = globSync('**/*.html', { cwd: out }).flatMap((page) =>
      urlsOf(read(page))
        .filter((url) => url.startsWith(base) && !url.includes('${'))
        .map((url) => url.slice(base.length).replace(/[?#].*$/, ''))
        .filter((path) => !existsSync(join(out, path, path === '' || path.endsWith('/') ? 'index.html' : '')))
        .map((path) => `${page} → ${base}${path}`),
    );
    expect([...new Set(broken)]).toEqual([]);
  });

  it('stylesheets load nothing from outside the base path', () => {
    const css = [...globSync('_astro/*.css', { cwd: out }), 'search-ui.css'].map(read).join('\n');
    const urls = [...css.matchAll(/url\(\s*['"]?([^'")]+)/g)].map((m) => m[1]!);
    expect(urls.filter((url) => url.startsWith('/') && !url.startsWith(base))).toEqual([]);
    // search-ui.css imports Pagefind's stylesheet beside it, so below the base path too.
    expect(read('search-ui.css')).toContain("@import url('pagefind/pagefind-ui.css')");
    expect(existsSync(join(out, 'pagefind/pagefind-ui.css'))).toBe(true);
  });

  it('search fetches its UI and index below the base path', () => {
    const html = read('zh/guides/glm-5.2/h200/index.html');
    expect(html).toContain(`data-base="${base}"`);
    expect(html).toContain('`${i}pagefind/pagefind-ui.js`');
    expect(existsSync(join(out, 'pagefind/pagefind-ui.js'))).toBe(true);
  });

  it('the root page sends the reader below the base path', () => {
    const root = read('index.html');
    expect(root).toContain(`content="0;url=${base}en/"`);
    expect(root).toContain(`<a href="${base}zh/">`);
    expect(root).toMatch(new RegExp(`const zh = "${base}zh/"`));
  });

  it('the language picker and the 404 page link below the base path', () => {
    expect(read('en/guides/glm-5.2/h200/index.html')).toContain(
      `<option value="${base}zh/guides/glm-5.2/h200/" lang="zh-CN"`,
    );
    const notFound = read('404.html');
    expect(notFound).toContain(`<a href="${base}en/">`);
    expect(notFound).toContain(`<a href="${base}zh/">`);
  });

  it('a renamed guide’s former pages send the reader to it, below the base path, in each language', () => {
    for (const lang of ['en', 'zh']) {
      const page = read(`${lang}/guides/${formerId}/index.html`);
      const target = `${base}${lang}/guides/glm-4.x/a100/`;
      expect(page).toContain(`<meta http-equiv="refresh" content="0;url=${target}">`);
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(page).toContain(`<a href="${target}">`);
    }
    // Search does not offer the former page.
    expect(read('en/guides/glm-4.x/a100/index.html')).toContain('data-pagefind-body');
    expect(read(`en/guides/${formerId}/index.html`)).not.toContain('data-pagefind-body');
  });

  it('gives a guide page its canonical URL and its alternate in each language, with the path', () => {
    const html = read('zh/guides/glm-5.2/h200/index.html');
    expect(html).toContain(`<link rel="canonical" href="${site}/zh/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${site}/en/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="zh-CN" href="${site}/zh/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}/en/guides/glm-5.2/h200/"`);
  });

  it('writes a sitemap listing the guides in both languages, with the path', () => {
    const index = read('sitemap-index.xml');
    expect(index).toContain(`${site}/sitemap-0.xml`);
    const sitemap = read('sitemap-0.xml');
    expect(sitemap).toContain(`<loc>${site}/en/guides/glm-5.2/h200/</loc>`);
    expect(sitemap).toContain(`<loc>${site}/zh/compare/model/glm-4.x/</loc>`);
    expect(sitemap).not.toMatch(/<loc>https:\/\/example\.github\.io\/(?!perflab\/)/);
  });

  it('the published data links absolutely, below the path: llms.txt, the index, a guide’s JSON and its reports', () => {
    const llms = read('llms.txt');
    expect(llms).toContain(`(${site}/en/guides/glm-5.2/h200/)`);
    expect(llms).toContain(`[JSON](${site}/api/v1/guides/glm-5.2/h200.json)`);
    expect(llms).toContain(`${site}/api/v1/guide.schema.json`);
    const urls = [...llms.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls.filter((u) => u.startsWith('https://example.github.io/')))
      expect(existsSync(join(out, url.slice(`${site}/`.length).replace(/\/$/, '/index.html'))), url).toBe(true);
    const index = JSON.parse(read('api/v1/index.json')) as {
      $schema: string;
      guides: { id: string; urls: Record<string, string> }[];
    };
    expect(index.$schema).toBe(`${site}/api/v1/index.schema.json`);
    const glm = index.guides.find((g) => g.id === 'glm-5.2/h200');
    expect(glm?.urls).toEqual({
      en: `${site}/en/guides/glm-5.2/h200/`,
      zh: `${site}/zh/guides/glm-5.2/h200/`,
      json: `${site}/api/v1/guides/glm-5.2/h200.json`,
      csv: `${site}/data/glm-5.2/h200.csv`,
    });
    const guide = JSON.parse(read('api/v1/guides/glm-5.2/h200.json')) as {
      $schema: string;
      runs: Record<string, { benchmarkReport?: string }>;
    };
    expect(guide.$schema).toBe(`${site}/api/v1/guide.schema.json`);
    expect(guide.runs['engine/vllm']?.benchmarkReport).toBe(
      `${site}/api/v1/benchmark-reports/glm-5.2/h200/engine/vllm.json`,
    );
    expect(JSON.parse(read('api/v1/guide.schema.json'))).toMatchObject({ $id: `${site}/api/v1/guide.schema.json` });
    expect(existsSync(join(out, 'api/v1/benchmark-reports/glm-5.2/h200/engine/vllm.json'))).toBe(true);
  });
});
