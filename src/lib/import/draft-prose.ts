// en.md of a draft guide: the page's own prose in the slots perflab places it in. For a team
// migrating its own pages; a guide published here has its prose written anew.
import { appendAll } from '../append-all.ts';
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

export function draftProse(
  page: PerformanceLabPage,
  stepIds: readonly string[],
  sections: readonly { id: string; blocks: readonly PageBlock[] }[],
): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(page.title.value)}`,
    // The description is plain text in the page head: no angle brackets ("batch size < 8").
    `description: ${JSON.stringify((page.objective?.value ?? page.title.value).replace(/</g, 'below ').replace(/>/g, 'above '))}`,
    '---',
    '',
    '<!-- slot: notes -->',
    ...page.notes.map((n) => n.value),
    '',
  ];
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
  return `${lines.join('\n').trimEnd()}\n`;
}
