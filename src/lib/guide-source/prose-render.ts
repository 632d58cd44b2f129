// A guide's prose as the page shows it: Markdown to sanitized HTML. Apart from prose.ts (which
// parses and checks it) so that compute, which only checks prose, does not load the HTML renderer.
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { appendAll } from '../append-all.ts';
import type { MdNode } from './md-node.ts';
import { remoteImages } from './prose-images.ts';

/**
 * A slot's markdown, as compute wrote it to data/prose (placeholders filled), → HTML. Raw HTML and
 * remote images are refused by markupProblems before this runs; sanitizing here as well, and showing
 * a remote image (resolved on this slot's own tree, prose-images.ts) as its alt text, keeps a page
 * safe should a caller skip that check. A link or image the author wrote root-absolute
 * (`/en/methodology/`, `/images/x.png`) points into the site, so it goes under the site's base path
 * (`rooted`, SitePaths.rooted; `/perflab/` on a project site).
 */
export function renderProse(markdown: string, rooted: (href: string) => string = (href) => href): string {
  const underBase = () => (tree: MdNode) => {
    const remote = new Set(remoteImages(tree).map(({ node }) => node));
    const stack: MdNode[] = [tree];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.children?.some((child) => remote.has(child)))
        node.children = node.children.map((child) =>
          remote.has(child) ? { type: 'text', value: child.alt ?? '' } : child,
        );
      appendAll(stack, node.children ?? []);
      if (node.url !== undefined && ['link', 'image', 'definition'].includes(node.type)) node.url = rooted(node.url);
    }
  };
  return String(remark().use(underBase).use(remarkHtml, { sanitize: true }).processSync(markdown)).trim();
}
