// Every internal link of the built site leads to a page that exists.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../dist');

describe('internal links', () => {
  it('resolve to built files', () => {
    const pages = globSync('**/*.html', { cwd: dist });
    expect(pages.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      for (const [, href] of html.matchAll(/\shref="(\/[^"#?]*)/g)) {
        const path = href!.endsWith('/') ? join(dist, href!, 'index.html') : join(dist, href!);
        if (!existsSync(path)) broken.push(`${page} → ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('links into another page', () => {
  it('name an id that page has (the guides’ cost link into the methodology, among others)', () => {
    const pages = globSync('**/*.html', { cwd: dist });
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      for (const [, href, fragment] of html.matchAll(/\shref="(\/[^"#?]*\/)#([^"]+)"/g)) {
        const target = join(dist, href!, 'index.html');
        if (!existsSync(target)) continue;
        checked++;
        if (!readFileSync(target, 'utf8').includes(` id="${decodeURIComponent(fragment!)}"`))
          broken.push(`${page} → ${href}#${fragment}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});
