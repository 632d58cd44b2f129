// Which images a piece of prose shows, decided on its Markdown syntax tree as the renderer builds
// it: after character references are decoded (`https&#58;//…` is `https://…` there) and every
// reference image (`![x][t]`, `![x][]`, `![x]`) is resolved to the definitions it may stand for,
// whatever case its label is written in (CommonMark matches labels case-folded; mdast keeps them
// as `identifier`). Never on the source text, which a hostile author can spell many ways.
import type { MdNode } from './md-node.ts';

/** An image the prose shows: the node (`image`, or `imageReference` with a definition), and every URL it may load. */
export type ProseImage = { node: MdNode; urls: string[] };

/**
 * A file of this site: a relative path (`images/x.png`, `/images/x.png`, `../x.png`), with no
 * scheme, no host (`//host/…`), no backslash (browsers read `\` as `/`) and nothing a browser
 * drops (control characters, whitespace).
 */
export function isSiteImage(url: string): boolean {
  if (url === '' || /[\p{Cc}\s\\]/u.test(url)) return false;
  if (url.startsWith('//')) return false;
  // Any scheme (`https:`, `data:`, `blob:`): a colon before the first `/`, `?` or `#`.
  const end = url.search(/[/?#]/);
  return !(end === -1 ? url : url.slice(0, end)).includes(':');
}

/**
 * Every image in `tree`. A reference image stands for each definition of its identifier (the
 * first one wins in CommonMark, but a slot rendered alone may see another, so all count); one
 * with no definition is text, not an image.
 */
export function proseImages(tree: MdNode): ProseImage[] {
  const definitions = new Map<string, string[]>();
  const images: MdNode[] = [];
  const stack: MdNode[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const child of node.children ?? []) stack.push(child);
    if (node.type === 'definition' && node.identifier !== undefined)
      definitions.set(node.identifier, [...(definitions.get(node.identifier) ?? []), node.url ?? '']);
    if (node.type === 'image' || node.type === 'imageReference') images.push(node);
  }
  return images.flatMap((node) => {
    if (node.type === 'image') return [{ node, urls: [node.url ?? ''] }];
    const urls = definitions.get(node.identifier ?? '');
    return urls ? [{ node, urls }] : [];
  });
}

/** The images of `tree` that would load something that is not a file of this site. */
export function remoteImages(tree: MdNode): { node: MdNode; url: string }[] {
  return proseImages(tree).flatMap(({ node, urls }) => {
    const url = urls.find((u) => !isSiteImage(u));
    return url === undefined ? [] : [{ node, url }];
  });
}
