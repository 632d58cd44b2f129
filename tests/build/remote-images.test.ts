// Images from other hosts, written as a hostile author would (issue 34): a reference image whose
// definition is a URL, that URL written with a character reference (`https&#58;//`), the image in a
// table cell, a label in another case with a title (`![a][T1]` / `[t1]: <https://…> "photo"`),
// and a published page's image brought in by `npm run import`. Each is refused at its line by
// check; a build refuses the prose; what the renderer makes of it (were check skipped) loads
// nothing from another host in Chromium, every request recorded; the import drafts the image out.
// A scratch site (PERFLAB_ROOT) from the bad-input corpus's base, as escaping.test.ts builds.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderProse } from '../../src/lib/guide-source/prose-render.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { astroBuild } from '../helpers/scratch-build.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-remote-images-'));
const base = join(repoRoot, 'tests/fixtures/bad-guides/base');
const guide = join(scratch, 'content/guides/evil/h100');
const env = { ...process.env, PERFLAB_ROOT: scratch, ASTRO_TELEMETRY_DISABLED: '1', PERFLAB_TODAY: '2026-12-04' };

/** The three variants of the issue, and the inline image check refused before, one a line of the notes slot. */
const VARIANTS = {
  reference: '1. A reference image: ![x][ref]\n\n[ref]: https://evil.example/reference.gif',
  entity: '2. Its URL as a character reference: ![x][ent]\n\n[ent]: https&#58;//evil.example/entity.gif',
  table: '| case | chart |\n| --- | --- |\n| ShareGPT | ![x][cell] |\n\n[cell]: https://evil.example/cell.gif',
  'label case': '3. A label in another case: ![a][T1]\n\n[t1]: <https://evil.example/photo.gif> "photo"',
} as const;
const hostile = (lang: 'en' | 'zh') =>
  readFileSync(join(base, `${lang}.md`), 'utf8').replace(/<!-- slot: notes -->[\s\S]*$/, '') +
  `<!-- slot: notes -->\n${Object.values(VARIANTS).join('\n\n')}\n`;

/** A published page (the generator-throughput fixture) with an image from another host in its method prose. */
const page = readFileSync(
  join(repoRoot, 'tests/fixtures/performance-lab-page/generator-throughput/page.md'),
  'utf8',
).replace(
  "GPUStack's one-click benchmark, built on guidellm, ran every configuration below.",
  "GPUStack's one-click benchmark, built on guidellm, ran every configuration below: ![the setup][setup]\n\n[setup]: https://evil.example/imported.gif",
);
const IMPORTED = 'tiny-moe/h100';

const run = (script: string, args: string[] = []) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', script), ...args], { cwd: repoRoot, encoding: 'utf8', env });

let browser: Browser;
let checked: ReturnType<typeof run>;
let imported: ReturnType<typeof run>;

beforeAll(async () => {
  mkdirSync(join(scratch, 'data/raw/evil'), { recursive: true });
  mkdirSync(guide, { recursive: true });
  cpSync(join(base, 'raw'), join(scratch, 'data/raw/evil/h100'), { recursive: true });
  for (const file of ['guide.yaml', 'en.md', 'zh.md']) cpSync(join(base, file), join(guide, file));
  // The site's data from the clean prose, so that the build below has the guide to render.
  for (const script of ['ingest.ts', 'compute.ts']) {
    const result = run(script);
    if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
  }
  for (const lang of ['en', 'zh'] as const) writeFileSync(join(guide, `${lang}.md`), hostile(lang));
  writeFileSync(join(scratch, 'page.md'), page);
  imported = run('import.ts', [join(scratch, 'page.md'), IMPORTED]);
  checked = run('check.ts');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (!process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

/** Every request Chromium makes to a host other than 127.0.0.1 while it shows `html`. */
async function foreignRequests(html: string): Promise<string[]> {
  const context = await browser.newContext();
  const requests: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    requests.push(url.href);
    return route.abort();
  });
  const tab = await context.newPage();
  await tab.setContent(`<!doctype html><html><body>${html}</body></html>`, { waitUntil: 'load' });
  await context.close();
  return requests;
}

/** The HTML a guide page holds for each slot of a prose file, each rendered alone as the site's loader does. */
function renderedSlots(text: string): string {
  const parts = text.split(/^<!-- slot: \S+ -->$/m).slice(1);
  return parts.map((markdown) => renderProse(markdown.trim())).join('\n');
}

describe('an image from another host, however it is written', () => {
  const file = 'content/guides/evil/h100/en.md';
  const lineOf = (needle: string) =>
    hostile('en')
      .split('\n')
      .findIndex((line) => line.includes(needle)) + 1;

  it.each(Object.entries(VARIANTS))('%s: check refuses it at its line (E_REMOTE_IMAGE)', (_, variant) => {
    expect(checked.status).toBe(1);
    const image = /!\[[^\]]*\]\[[^\]]*\]/.exec(variant)?.[0] ?? '';
    const at = `${file}:${lineOf(image)}:`;
    const reported = `${checked.stdout}${checked.stderr}`.split('\n').find((line) => line.startsWith(at));
    expect(reported, `${at} in\n${checked.stderr}`).toContain('error E_REMOTE_IMAGE');
    expect(reported).toContain('https://evil.example/');
  });

  it('a build refuses the prose (its data step, which parses prose, fails): no page shows it', () => {
    const data = run('data.ts');
    expect(data.status).not.toBe(0);
    expect(`${data.stdout}${data.stderr}`).toContain('E_REMOTE_IMAGE');
    // The page renders data/prose only, which still holds the clean prose.
    expect(readFileSync(join(scratch, 'data/prose/evil/h100.json'), 'utf8')).not.toContain('evil.example');
    const build = astroBuild(join(scratch, 'dist'), { ...env, PERFLAB_CACHE_DIR: join(scratch, '.astro-cache') });
    expect(build.status, build.stderr).toBe(0);
    expect(readFileSync(join(scratch, 'dist/en/guides/evil/h100/index.html'), 'utf8')).not.toContain('evil.example');
  }, 120_000);

  it.each(Object.keys(VARIANTS))(
    '%s: what the renderer makes of it loads nothing from another host in Chromium',
    async (name) => {
      const markdown = VARIANTS[name as keyof typeof VARIANTS];
      expect(await foreignRequests(renderProse(markdown))).toEqual([]);
      // The alt text stands in the image's place.
      expect(renderProse(markdown)).not.toContain('<img');
    },
  );

  it("the renderer resolves each slot alone: a definition elsewhere in the file does not hide the slot's own", async () => {
    const text = readFileSync(join(repoRoot, 'tests/fixtures/bad-guides/remote-image-other-slot/en.md'), 'utf8');
    expect(await foreignRequests(renderedSlots(text))).toEqual([]);
  });
});

describe('an image from another host in a published page, imported', () => {
  const draft = () => readFileSync(join(scratch, 'content/guides', IMPORTED, 'en.md'), 'utf8');

  it('npm run import drafts it out and says so among the decisions', () => {
    expect(imported.status, imported.stderr).toBe(0);
    expect(draft()).not.toContain('evil.example/imported.gif');
    expect(draft()).toContain('ran every configuration below: the setup');
    const line =
      draft()
        .split('\n')
        .findIndex((l) => l.includes('ran every configuration below')) + 1;
    expect(imported.stderr).toContain(
      `content/guides/${IMPORTED}/en.md:${line}: the page's image "https://evil.example/imported.gif" is left out`,
    );
  });

  it('check finds no image in the draft, and its slots load nothing from another host in Chromium', async () => {
    expect(`${checked.stdout}${checked.stderr}`).not.toMatch(
      new RegExp(`content/guides/${IMPORTED}/en\\.md:\\d+:\\d+: error E_REMOTE_IMAGE`),
    );
    const html = renderedSlots(draft());
    expect(html).toContain('ran every configuration below');
    expect(await foreignRequests(html)).toEqual([]);
  });
});
