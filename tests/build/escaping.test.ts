// Hostile input: markup in a model name, labels, a raw log and prose must reach the reader as
// text, never as markup. Builds a scratch site (PERFLAB_ROOT) from the bad-input corpus's base.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { astroBuild } from '../helpers/scratch-build.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-evil-'));
const base = join(repoRoot, 'tests/fixtures/bad-guides/base');
let html = '';

const env = { ...process.env, PERFLAB_ROOT: scratch, ASTRO_TELEMETRY_DISABLED: '1' };

function run(args: string[]) {
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

beforeAll(() => {
  const raw = join(scratch, 'data/raw/evil/h100');
  const content = join(scratch, 'content/guides/evil/h100');
  mkdirSync(raw, { recursive: true });
  mkdirSync(content, { recursive: true });
  cpSync(join(base, 'raw'), raw, { recursive: true });
  const sglang = readFileSync(join(raw, 'engine/sglang.txt'), 'utf8');
  writeFileSync(
    join(raw, 'engine/sglang.txt'),
    sglang.replace('Mean TTFT', '<script>alert("raw")</script> **bold**\nMean TTFT'),
  );
  const yaml = readFileSync(join(base, 'guide.yaml'), 'utf8')
    .replace('name: org/tiny-model', 'name: \'org/<script>alert("model")</script>\'')
    .replace('label: SGLang,', 'label: "<b>SGLang</b>",')
    .replace('label: Main,', 'label: "<img src=x onerror=alert(1)>",');
  writeFileSync(join(content, 'guide.yaml'), yaml);
  // Raw HTML in the prose body is refused by check (tests/fixtures/bad-guides/raw-html-in-prose);
  // the front matter's title and description are plain strings that must reach <title> and <meta> as text.
  for (const lang of ['en', 'zh']) {
    const prose = readFileSync(join(base, `${lang}.md`), 'utf8')
      .replace(/^title: .*$/m, `title: 'Tiny & "quoted" guide'`)
      .replace(/^description: .*$/m, `description: '" onmouseover="alert(1)'`);
    writeFileSync(join(content, `${lang}.md`), prose);
  }
  run([join(repoRoot, 'scripts/ingest.ts')]);
  run([join(repoRoot, 'scripts/compute.ts')]);
  // Its own content-layer cache (PERFLAB_CACHE_DIR), not the repository's site's.
  const build = astroBuild(join(scratch, 'dist'), {
    ...env,
    PERFLAB_CACHE_DIR: join(scratch, '.astro-cache'),
  });
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  html = readFileSync(join(scratch, 'dist/en/guides/evil/h100/index.html'), 'utf8');
}, 120_000);

afterAll(() => (process.env.KEEP_SCRATCH ? undefined : rmSync(scratch, { recursive: true, force: true })));

describe('markup in inputs is shown as text', () => {
  it('no injected script or event handler reaches the page', () => {
    // Quoted attribute values may hold "<" as text: drop them.
    const markup = html.replace(/="[^"]*"/g, '=""');
    expect(markup).not.toMatch(/<script>alert/);
    expect(markup).not.toMatch(/<img[^>]*onerror/i);
    expect(markup).not.toContain('<b>SGLang</b>');
  });

  it('the title and description reach <title>, the heading and <meta> as text', () => {
    // "<" and ">" are refused by check (bad-guides/markup-in-title): Starlight writes <title> as HTML.
    expect(html).toMatch(/<title>Tiny &(amp;)? "quoted" guide \| perflab<\/title>/);
    expect(html).toMatch(/<h1[^>]*>Tiny &amp; (&quot;|")quoted(&quot;|") guide<\/h1>/);
    expect(html).toContain('<meta name="description" content="&quot; onmouseover=&quot;alert(1)"');
    expect(html).not.toMatch(/ onmouseover="alert/);
  });

  it('the model name, labels and raw log line are escaped text', () => {
    expect(html).toContain('org/&lt;script&gt;alert(&quot;model&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;SGLang&lt;/b&gt;');
    expect(html).toMatch(/&lt;img src=x onerror=alert\(1\)&gt;/);
    // The raw result keeps the foreign line verbatim, as escaped text inside its <pre> (whose only
    // markup is the anchors of the lines numbers link to).
    const raws = [...html.matchAll(/<pre class="raw-text[^"]*"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(
      (m) => m[1]!,
    );
    const raw = raws.find((text) => text.includes('alert'));
    expect(raw).toContain('&lt;script&gt;alert(&quot;raw&quot;)&lt;/script&gt; **bold**');
    for (const text of raws) expect(text.replace(/<span id="raw-\d+-\d+">|<\/span>/g, '')).not.toContain('<');
  });
});
