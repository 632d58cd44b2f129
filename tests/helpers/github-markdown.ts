// The review report read as GitHub reads a comment: CommonMark with the GFM extensions (tables,
// bare links, strikethrough, footnotes), raw HTML kept as HTML nodes. Tests look at the tree.
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { expect } from 'vitest';
import { rawHtmlLine } from '../../src/lib/review/pr-comment.ts';

export type MdNode = { type: string; value?: string; url?: string; lang?: string | null; children?: MdNode[] };

export const parseGitHubMarkdown = (markdown: string): MdNode => remark().use(remarkGfm).parse(markdown) as MdNode;

/** Every node of the tree, depth first. */
export function allNodes(node: MdNode): MdNode[] {
  return [node, ...(node.children ?? []).flatMap(allNodes)];
}

/** The text a node shows, zero-width joiners included. */
export function rawText(node: MdNode): string {
  const own = node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : '';
  return own + (node.children ?? []).map(rawText).join('');
}

/** The text a node shows as a reader sees it (the zero-width joiners the escape adds are invisible). */
export const shownText = (node: MdNode) => rawText(node).replace(/\u200D/g, '');

/** Node types that are markup a pull request must not be able to produce from a string. */
export const LIVE_MARKUP = ['html', 'link', 'image', 'linkReference', 'imageReference', 'footnoteReference', 'delete'];

/** A GitHub mention (`@user`, `@org/team`) or issue reference (`#12`, `GH-12`) in shown text. */
export const MENTION_OR_REFERENCE = /(^|\W)(@[A-Za-z0-9]|#\d|GH-\d)/i;

/**
 * Asserts that a review report is markup only where perflab wrote it: nothing pr-comment would
 * refuse as raw HTML, no HTML/link/image node, no live mention or reference, every table row of
 * four cells (the report's tables have four columns). Returns the parsed tree.
 */
export function expectInertReport(report: string): MdNode {
  expect(rawHtmlLine(report)).toBeUndefined();
  const tree = parseGitHubMarkdown(report);
  const nodes = allNodes(tree);
  expect(nodes.filter((n) => LIVE_MARKUP.includes(n.type))).toEqual([]);
  for (const node of nodes.filter((n) => n.type === 'text')) expect(rawText(node)).not.toMatch(MENTION_OR_REFERENCE);
  for (const table of nodes.filter((n) => n.type === 'table'))
    for (const row of table.children ?? []) expect(row.children).toHaveLength(4);
  return tree;
}
