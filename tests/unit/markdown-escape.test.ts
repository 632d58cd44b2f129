// markdownText: a hostile string in the review report reads as the text it is. Each case is parsed
// as GitHub parses a comment (GFM), in a paragraph and in a table cell, and the tree is inspected.
import { describe, expect, it } from 'vitest';
import { codeBlockLines, markdownText } from '../../src/lib/review/markdown.ts';
import {
  LIVE_MARKUP,
  MENTION_OR_REFERENCE,
  allNodes,
  parseGitHubMarkdown,
  rawText,
  shownText,
  type MdNode,
} from '../helpers/github-markdown.ts';

const hostile = [
  'TP=8 | forged | row |\n| --- | --- |\n| evil | 1 | 2 | 3 |',
  'hides the rest <!-- ',
  '<details><summary>click</summary>',
  '![x](https://evil.example/pixel.png)',
  '[docs](https://evil.example/)',
  '<https://evil.example/>',
  'see https://evil.example/ and www.evil.example',
  'ping @org/team and @someone',
  'fixes #1 and GH-2 and team/repo#3',
  'a `code` span and ``` a fence',
  '**bold** _it_ ~~gone~~ $x^2$',
  'trailing backslash \\',
  'ref[^1] and [label][ref]',
  'R&D &lt; &#60;img&#62;',
  'line one\r\nline two\u2028line three\u0085four',
  '## not a heading',
  'Tricky \u202Eevil\u202C direction',
];

/** The original string as a reader should see it: breaks and controls are single spaces. */
const expectedText = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E]+/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

const paragraphOf = (tree: MdNode) => {
  expect(tree.children?.map((n) => n.type)).toEqual(['paragraph']);
  return tree.children![0]!;
};

describe('markdownText', () => {
  it.each(hostile)('%j is one paragraph of plain text, shown as written', (text) => {
    const paragraph = paragraphOf(parseGitHubMarkdown(`Label: ${markdownText(text)} (end)`));
    expect(paragraph.children?.map((n) => n.type)).toEqual(['text']);
    expect(shownText(paragraph)).toBe(`Label: ${expectedText(text)} (end)`);
    expect(rawText(paragraph)).not.toMatch(MENTION_OR_REFERENCE);
  });

  it.each(hostile)('%j stays inside its table cell', (text) => {
    const table = parseGitHubMarkdown(`| a | b | c |\n| --- | --- | --- |\n| ${markdownText(text)} | 1 | 2 |\n`);
    expect(table.children?.map((n) => n.type)).toEqual(['table']);
    const rows = table.children![0]!.children!;
    expect(rows).toHaveLength(2);
    expect(rows[1]!.children?.map(shownText)).toEqual([expectedText(text), '1', '2']);
    expect(allNodes(table).filter((n) => LIVE_MARKUP.includes(n.type))).toEqual([]);
  });

  it('inside bold, a heading or a list item it stays text too', () => {
    const text = '** <b>x</b> `y` [z](https://e.example) @a #9';
    for (const markdown of [`**${markdownText(text)}**`, `## ${markdownText(text)} (id)`, `- ${markdownText(text)}.`]) {
      const nodes = allNodes(parseGitHubMarkdown(markdown));
      expect(
        nodes.filter((n) => LIVE_MARKUP.includes(n.type) || n.type === 'inlineCode'),
        markdown,
      ).toEqual([]);
      expect(shownText(parseGitHubMarkdown(markdown))).toContain(text);
    }
  });

  it('leaves ordinary labels readable in the source', () => {
    expect(markdownText('Balanced: 8K input / 1K output (optimization target)')).toBe(
      'Balanced: 8K input / 1K output (optimization target)',
    );
    expect(markdownText('data/raw/glm-5.2/h200/engine/vllm.txt')).toBe('data/raw/glm-5.2/h200/engine/vllm.txt');
  });
});

describe('codeBlockLines', () => {
  it('keeps a command inside its fence whatever its lines hold', () => {
    const command = 'python -m sglang \\\n```\n<img src=x onerror=1>\r</details>\rtail';
    const markdown = ['- changed:', '', '  ```diff', ...codeBlockLines(command, '  + '), '  ```', '', 'after'].join(
      '\n',
    );
    const nodes = allNodes(parseGitHubMarkdown(markdown));
    const code = nodes.filter((n) => n.type === 'code');
    expect(code).toHaveLength(1);
    expect(code[0]!.value?.replace(/\u200D/g, '')).toBe(
      '+ python -m sglang \\\n+ ```\n+ <img src=x onerror=1>\n+ </details>\n+ tail',
    );
    expect(nodes.filter((n) => LIVE_MARKUP.includes(n.type))).toEqual([]);
    expect(markdown).not.toMatch(/<[A-Za-z/!?]/);
  });
});
