// en.md of a draft guide: the page's own prose in the slots perflab places it in. For a team
// migrating its own pages; a guide published here has its prose written anew.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { appendAll } from '../append-all.ts';
import type { MdNode } from '../guide-source/md-node.ts';
import { remoteImages } from '../guide-source/prose-images.ts';
import type { PageBlock } from './page-blocks.ts';
import type { PerformanceLabPage } from './page-model.ts';

/** Markdown of a page section's blocks, as close to the page as perflab's prose allows (no HTML). */
function blocksMarkdown(blocks: readonly PageBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'text') return [block.text];
    if (block.kind === 'code') return ['```', block.text.replace(/\n$/, ''), '```'];
    if (block.kind === 'admonition') return blocksMarkdown(block.body);
    return [];
  });
}

/** An image the draft leaves out, at its line of en.md, with the URL it would have loaded. */
export type DraftedOutImage = { line: number; url: string };

// Alt text put back as the text it is: Markdown punctuation escaped, so it cannot become markup.
const plainMarkdown = (text: string) => text.replace(/[\\`*_~[\]()<>!#&|]/g, '\\$&').replace(/\s+/g, ' ');

/**
 * `body` without the images a guide page may not show (every one that loads another host's file,
 * prose-images.ts, decided on the parsed tree as check decides it): each is replaced by its alt
 * text. `firstLine` is the line of en.md the body starts on.
 */
export function withoutRemoteImages(body: string, firstLine: number): { body: string; removed: DraftedOutImage[] } {
  // Every image starts with a literal `![` (CommonMark: a character reference is never syntax), so
  // prose without one is not parsed: micromark reads a run of `<` at some 14 µs a character.
  if (!body.includes('![')) return { body, removed: [] };
  const tree = fromMarkdown(body) as MdNode;
  const remote = remoteImages(tree);
  // A definition only those images used goes with them; one a link still uses stays.
  const linked = new Set<string>();
  const definitions: MdNode[] = [];
  const stack: MdNode[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const child of node.children ?? []) stack.push(child);
    if (node.type === 'linkReference' && node.identifier !== undefined) linked.add(node.identifier);
    if (node.type === 'definition') definitions.push(node);
  }
  const dropped = new Set(remote.flatMap(({ node }) => (node.type === 'imageReference' ? [node.identifier] : [])));
  const cuts = [
    ...remote.map(({ node }) => ({ node, text: plainMarkdown(node.alt ?? '') })),
    ...definitions
      .filter((d) => dropped.has(d.identifier) && !linked.has(d.identifier ?? ''))
      .map((node) => ({ node, text: '' })),
  ]
    .filter(({ node }) => node.position?.start.offset !== undefined && node.position.end.offset !== undefined)
    .sort((a, b) => (b.node.position?.start.offset ?? 0) - (a.node.position?.start.offset ?? 0));
  let out = body;
  for (const { node, text } of cuts)
    out = out.slice(0, node.position?.start.offset ?? 0) + text + out.slice(node.position?.end.offset ?? 0);
  const removed = remote
    .map(({ node, url }) => ({ line: firstLine + (node.position?.start.line ?? 1) - 1, url }))
    .sort((a, b) => a.line - b.line);
  return { body: out.replace(/\n{3,}/g, '\n\n'), removed };
}

/** en.md of the draft, and the images of the page it left out (withoutRemoteImages). */
export function draftProse(
  page: PerformanceLabPage,
  stepIds: readonly string[],
  sections: readonly { id: string; blocks: readonly PageBlock[] }[],
): { markdown: string; removedImages: DraftedOutImage[] } {
  const head = [
    '---',
    `title: ${JSON.stringify(page.title.value)}`,
    // The description is plain text in the page head: no angle brackets ("batch size < 8").
    `description: ${JSON.stringify((page.objective?.value ?? page.title.value).replace(/</g, 'below ').replace(/>/g, 'above '))}`,
    '---',
    '',
  ];
  const lines = ['<!-- slot: notes -->', ...page.notes.map((n) => n.value), ''];
  const conclusion = page.conclusionProse.map((p) => p.value).filter((p) => !/let us know/i.test(p) && p.trim() !== '');
  if (conclusion.length > 0) appendAll(lines, ['<!-- slot: conclusion -->', ...conclusion, '']);
  if (page.objective) lines.push('<!-- slot: objective -->', page.objective.value, '');
  // The setup's method and script prose, and the other cases' introduction, each in its slot.
  for (const [slot, prose] of [
    ['benchmark-method', page.method],
    ['benchmark-commands', page.scriptProse],
    ['other-cases', page.otherCasesProse],
  ] as const) {
    const text = prose.map((p) => p.value).filter((p) => p.trim() !== '');
    if (text.length > 0) lines.push(`<!-- slot: ${slot} -->`, text.join('\n\n'), '');
  }
  page.steps.forEach((step, index) => {
    const prose = step.prose.map((p) => p.value).filter((p) => p.trim() !== '');
    if (prose.length > 0) appendAll(lines, [`<!-- slot: step:${stepIds[index] ?? 'step'} -->`, ...prose, '']);
  });
  for (const section of sections)
    appendAll(lines, [`<!-- slot: section:${section.id} -->`, ...blocksMarkdown(section.blocks), '']);
  const { body, removed } = withoutRemoteImages(`${lines.join('\n').trimEnd()}\n`, head.length + 1);
  return { markdown: `${head.join('\n')}\n${body}`, removedImages: removed };
}
