import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDownload, sha256Hex, sha256sumsText } from '../../../src/lib/download-sums.ts';

describe('the downloads manifest (SHA256SUMS.txt)', () => {
  it('is a download: data/, api/ and llms.txt; a page, a script, the search index or a search string file is not', () => {
    for (const path of [
      'data/glm-5.2/h200.csv',
      'data/glm-5.2/h200.json',
      'api/v1/index.json',
      'api/v1/guide.schema.json',
      'llms.txt',
      'llms-full.txt',
    ])
      expect(isDownload(path), path).toBe(true);
    for (const path of [
      'en/index.html',
      'en/data-api/index.html',
      '_astro/a.css',
      'pagefind/pagefind.js',
      'en/search-strings.json',
      'favicon.svg',
      'SHA256SUMS.txt',
      'database/x.json',
    ])
      expect(isDownload(path), path).toBe(false);
  });

  it('hashes as sha256sum does (the empty file and "abc", FIPS 180-2)', () => {
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('writes one "<hash>  <path>" line per file in code-unit order, whatever order it was given', () => {
    const a = { path: 'data/b.csv', sha256: 'a'.repeat(64) };
    const b = { path: 'api/v1/index.json', sha256: 'b'.repeat(64) };
    const c = { path: 'data/B.csv', sha256: 'c'.repeat(64) };
    const text = sha256sumsText([a, b, c]);
    expect(text).toBe(
      `${'b'.repeat(64)}  api/v1/index.json\n${'c'.repeat(64)}  data/B.csv\n${'a'.repeat(64)}  data/b.csv\n`,
    );
    expect(sha256sumsText([c, a, b])).toBe(text);
  });

  it('refuses a name sha256sum would escape, a hash that is not one, and a file listed twice', () => {
    const hash = '0'.repeat(64);
    expect(() => sha256sumsText([{ path: 'data/a\nb.csv', sha256: hash }])).toThrow(
      /"data\/a\\nb\.csv".*backslash or line break/,
    );
    expect(() => sha256sumsText([{ path: 'data\\a.csv', sha256: hash }])).toThrow(/backslash or line break/);
    expect(() => sha256sumsText([{ path: 'data/a.csv', sha256: 'ABC' }])).toThrow(
      /data\/a\.csv has hash "ABC"; expected 64 lowercase hex/,
    );
    expect(() =>
      sha256sumsText([
        { path: 'data/a.csv', sha256: hash },
        { path: 'data/a.csv', sha256: hash },
      ]),
    ).toThrow(/data\/a\.csv is listed twice/);
  });

  it('is read by coreutils sha256sum -c, which also refuses a changed file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-sums-'));
    try {
      const files = { 'a b.csv': 'guide,case\n', 'llms.txt': '# perflab\n' };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const manifest = sha256sumsText(
        Object.entries(files).map(([path, text]) => ({ path, sha256: sha256Hex(new TextEncoder().encode(text)) })),
      );
      writeFileSync(join(dir, 'SHA256SUMS.txt'), manifest);
      expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS.txt'], { cwd: dir, encoding: 'utf8' })).toBe(
        'a b.csv: OK\nllms.txt: OK\n',
      );
      writeFileSync(join(dir, 'llms.txt'), '# perflab!\n');
      const changed = spawnSync('sha256sum', ['-c', 'SHA256SUMS.txt'], { cwd: dir, encoding: 'utf8' });
      expect(changed.status).toBe(1);
      expect(changed.stdout).toBe('a b.csv: OK\nllms.txt: FAILED\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
