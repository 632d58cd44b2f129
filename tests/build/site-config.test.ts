// With PERFLAB_SITE set (the one setting, see README), every page has a canonical URL and
// hreflang alternates, and the build writes a sitemap. Builds the site once more into a scratch
// folder with that setting.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const site = 'https://perflab.example.org';
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'perflab-site-'));
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
    cwd: repoRoot,
    env: { ...process.env, PERFLAB_SITE: site, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('PERFLAB_SITE', () => {
  it('gives a guide page its canonical URL and its alternate in each language', () => {
    const html = readFileSync(join(out, 'zh/guides/glm-5.2/h200/index.html'), 'utf8');
    expect(html).toContain(`<link rel="canonical" href="${site}/zh/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${site}/en/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="zh-CN" href="${site}/zh/guides/glm-5.2/h200/"`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}/en/guides/glm-5.2/h200/"`);
  });

  it('writes a sitemap listing the guides in both languages', () => {
    const index = readFileSync(join(out, 'sitemap-index.xml'), 'utf8');
    expect(index).toContain(`${site}/sitemap-0.xml`);
    const sitemap = readFileSync(join(out, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${site}/en/guides/glm-5.2/h200/</loc>`);
    expect(sitemap).toContain(`<loc>${site}/zh/compare/model/glm-4.x/</loc>`);
  });
});
