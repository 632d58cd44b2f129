// What a review comment may show, decided on the Markdown tree GitHub builds from it (CommonMark
// with GFM: tables, bare links, footnotes), after references are resolved and character
// references decoded, never on the source text: no image, no link outside the repository's own
// pages, no raw HTML, and no mention. perflab's report escapes every string it interpolates
// (markdown.ts), so anything found here was not written by perflab and the comment is refused.
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';

type Node = {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
  position?: { start: { line: number } };
};

export type ForeignMarkup = { line: number; what: string };

/**
 * A GitHub mention (`@user`, `@org/team`) as its renderer finds one in shown text: `@` after the
 * start or a character that is not a letter, digit, `_` or backtick, then a letter or digit.
 */
const MENTION = /(^|[^\p{L}\p{N}_`])@[A-Za-z0-9]/u;

/** `https://github.com/owner/name/`: the repository's own pages, from its run's URL. */
export function repositoryPages(runUrl: string): string {
  const url = new URL(runUrl);
  const [owner = '', name = ''] = url.pathname.split('/').filter(Boolean);
  return `${url.origin}/${owner}/${name}/`;
}

/** Every node of the tree, depth first (an iterative walk: a deeply nested body costs its size). */
function nodesOf(tree: Node): Node[] {
  const nodes: Node[] = [];
  const stack = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    nodes.push(node);
    // Pushed last to first, so that the next popped is the first child: document order.
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
  }
  return nodes;
}

/**
 * Everything in `body` a perflab comment may not show, in document order: raw HTML (other than
 * the hidden marker on line `markerLine`), images, links and link definitions whose URL is not
 * under `pages`, and mentions in shown text.
 */
export function foreignMarkup(body: string, pages: string, markerLine = 1): ForeignMarkup[] {
  const found: ForeignMarkup[] = [];
  for (const node of nodesOf(remark().use(remarkGfm).parse(body) as Node)) {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'html' && line !== markerLine) found.push({ line, what: 'raw HTML' });
    else if (node.type === 'image' || node.type === 'imageReference') found.push({ line, what: 'an image' });
    else if ((node.type === 'link' || node.type === 'definition') && !(node.url ?? '').startsWith(pages))
      found.push({ line, what: `a link to ${JSON.stringify(node.url ?? '')}, outside ${pages}` });
    else if (node.type === 'text' && MENTION.test(node.value ?? ''))
      found.push({ line, what: `a mention (${/@[\w/-]+/.exec(node.value ?? '')?.[0] ?? '@'})` });
  }
  return found.sort((a, b) => a.line - b.line);
}
