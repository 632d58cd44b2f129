// Which images prose shows and which of them load another host's file, on the parsed tree
// (src/lib/guide-source/prose-images.ts), and the import's draft without those (draft-prose.ts).
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import type { MdNode } from '../../src/lib/guide-source/md-node.ts';
import { isSiteImage, remoteImages } from '../../src/lib/guide-source/prose-images.ts';
import { withoutRemoteImages } from '../../src/lib/import/draft-prose.ts';

const remote = (markdown: string) => remoteImages(fromMarkdown(markdown) as MdNode).map((r) => r.url);

describe('a file of this site', () => {
  it.each(['images/chart.png', '/images/chart.png', '../chart.png', './a:b.png', 'chart.png?v=1#x'])(
    '%s is one',
    (url) => expect(isSiteImage(url)).toBe(true),
  );
  it.each([
    'https://evil.example/p.gif',
    'HTTPS://evil.example/p.gif',
    '//evil.example/p.gif',
    'data:image/gif;base64,R0lGOD',
    'https:evil.example',
    '\\\\evil.example\\p.gif',
    '/\\evil.example/p.gif',
    'java\tscript:x',
    '',
  ])('%j is not', (url) => expect(isSiteImage(url)).toBe(false));
});

describe('images, resolved as the renderer resolves them', () => {
  it('a reference image stands for its definition, in any case of its label, its URL decoded', () => {
    expect(remote('![x][T1]\n\n[t1]: <https://evil.example/a.gif> "photo"')).toEqual(['https://evil.example/a.gif']);
    expect(remote('![x][t]\n\n[t]: https&#58;//evil.example/b.gif')).toEqual(['https://evil.example/b.gif']);
    expect(remote('![t]\n\n[t]: //evil.example/c.gif')).toEqual(['//evil.example/c.gif']);
  });

  it('a reference with no definition is text, and a link to another host is not an image', () => {
    expect(
      remote('![x][nowhere] and [a link](https://example.com/) and [ref][r]\n\n[r]: https://example.com/'),
    ).toEqual([]);
  });

  it('every definition of a label counts: the first one is a file here, another is not', () => {
    expect(remote('[t]: ./ok.png\n\n![x][t]\n\n[t]: https://evil.example/d.gif')).toEqual([
      'https://evil.example/d.gif',
    ]);
  });
});

describe("the import's draft without them", () => {
  it('each image from another host gives way to its alt text; its definition goes, a link keeps its own', () => {
    const { body, removed } = withoutRemoteImages(
      'A chart ![the *setup*][s] and ![local](images/ok.png) and [a link][l].\n\n[s]: https://evil.example/s.gif\n\n[l]: https://example.com/\n',
      6,
    );
    expect(body).toBe('A chart the setup and ![local](images/ok.png) and [a link][l].\n\n[l]: https://example.com/\n');
    expect(removed).toEqual([{ line: 6, url: 'https://evil.example/s.gif' }]);
    expect(remote(body)).toEqual([]);
  });
});
