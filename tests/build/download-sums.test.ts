// SHA256SUMS.txt in the built site (README, "Checking a download"): every hash recomputed from the file
// it names, every download listed and nothing else, and coreutils' own `sha256sum -c` accepting it.
// Which files are downloads is said here by what they are not (pages, the build's assets, the
// search index, public/), so a new kind of file in dist/ fails until someone decides.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDownloadSums } from '../../src/pipeline/download-sums.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const dist = join(repoRoot, 'dist');
const manifest = readFileSync(join(dist, 'SHA256SUMS.txt'), 'utf8');
const lines = manifest.split('\n').slice(0, -1);
const listed = new Map(
  lines.map((line) => {
    const match = /^([0-9a-f]{64}) {2}(\S.*)$/.exec(line);
    if (!match) throw new Error(`dist/SHA256SUMS.txt: line "${line}" is not "<64 hex>  <path>"`);
    return [match[2]!, match[1]!];
  }),
);
/** Every file below a folder, as a `/`-separated path inside it. */
const filesBelow = (dir: string) =>
  globSync('**/*', { cwd: dir, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
const publicFiles = new Set(filesBelow(join(repoRoot, 'public')));
const notDownload = (path: string) =>
  path === 'SHA256SUMS.txt' ||
  path.endsWith('.html') ||
  /^(?:_astro|pagefind)\//.test(path) ||
  /^(?:en|zh)\/search-strings\.json$/.test(path) ||
  /^sitemap[^/]*\.xml$/.test(path) ||
  publicFiles.has(path);
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('SHA256SUMS.txt beside the downloads', () => {
  it('ends with a line break and lists each file once, in code-unit order', () => {
    expect(manifest.endsWith('\n')).toBe(true);
    const paths = [...listed.keys()];
    expect(paths).toHaveLength(lines.length);
    expect(paths).toEqual([...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('holds the SHA-256 of every file it names, recomputed from the built file', () => {
    const wrong = [...listed].filter(
      ([path, hash]) =>
        createHash('sha256')
          .update(readFileSync(join(dist, path)))
          .digest('hex') !== hash,
    );
    expect(listed.size).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('lists every download (every guide CSV and JSON, all of api/, llms.txt) and nothing else', () => {
    const files = filesBelow(dist);
    const downloads = files.filter((path) => !notDownload(path)).sort();
    expect([...listed.keys()].sort()).toEqual(downloads);
    for (const path of ['data/glm-5.2/h200.csv', 'api/v1/index.json', 'llms-full.txt'])
      expect(listed.has(path), path).toBe(true);
    expect(downloads.filter((path) => path.startsWith('api/v1/benchmark-reports/')).length).toBeGreaterThan(50);
  });

  it('covers every file a guide page offers to download, in both languages', () => {
    for (const lang of ['en', 'zh']) {
      const page = readFileSync(join(dist, lang, 'guides/glm-5.2/h200/index.html'), 'utf8');
      const offered = [...page.matchAll(/<a href="\/([^"]+)" download=/g)].map((match) => match[1]);
      expect(offered, lang).toEqual(['data/glm-5.2/h200.json', 'data/glm-5.2/h200.csv']);
      for (const path of offered) expect(listed.has(path!), path).toBe(true);
    }
  });

  it('is linked from each guide page’s downloads and from the Data and API page, in both languages', () => {
    for (const lang of ['en', 'zh']) {
      const guide = readFileSync(join(dist, lang, 'guides/glm-5.2/h200/index.html'), 'utf8');
      const downloads = guide.slice(guide.indexOf('<ul class="downloads">'));
      expect(downloads.slice(0, downloads.indexOf('</ul>')), lang).toContain('<a href="/SHA256SUMS.txt">');
      expect(readFileSync(join(dist, lang, 'data-api/index.html'), 'utf8'), lang).toContain(
        '<a href="/SHA256SUMS.txt"><code>SHA256SUMS.txt</code></a>',
      );
    }
  });

  it('is accepted by coreutils `sha256sum -c` in dist/, one OK per file', () => {
    const check = spawnSync('sha256sum', ['--check', '--strict', 'SHA256SUMS.txt'], { cwd: dist, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout.split('\n').filter((line) => line.endsWith(': OK'))).toHaveLength(listed.size);
  });

  it('lets a reader check one saved file, and names it when it was changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-sums-'));
    scratch.push(dir);
    cpSync(join(dist, 'SHA256SUMS.txt'), join(dir, 'SHA256SUMS.txt'));
    mkdirSync(join(dir, 'data/glm-5.2'), { recursive: true });
    cpSync(join(dist, 'data/glm-5.2/h200.csv'), join(dir, 'data/glm-5.2/h200.csv'));
    const check = () =>
      spawnSync('sha256sum', ['-c', '--ignore-missing', 'SHA256SUMS.txt'], { cwd: dir, encoding: 'utf8' });
    expect(check()).toMatchObject({ status: 0, stdout: 'data/glm-5.2/h200.csv: OK\n' });
    const csv = readFileSync(join(dir, 'data/glm-5.2/h200.csv'), 'utf8');
    cpSync(join(dist, 'data/glm-5.2/h200.json'), join(dir, 'data/glm-5.2/h200.csv'));
    expect(csv.length).toBeGreaterThan(0);
    expect(check()).toMatchObject({ status: 1, stdout: 'data/glm-5.2/h200.csv: FAILED\n' });
  });

  it('is the same bytes when written again from the same files, in another folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-sums-'));
    scratch.push(dir);
    for (const path of listed.keys()) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      cpSync(join(dist, path), join(dir, path));
    }
    expect(writeDownloadSums(dir)).toBe(listed.size);
    expect(readFileSync(join(dir, 'SHA256SUMS.txt'), 'utf8')).toBe(manifest);
  });
});
