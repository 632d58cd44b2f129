import { appendAll } from '../append-all.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { locales } from '../i18n.ts';
import type { ComputedProse, ProsePage } from '../schema/computed-prose.ts';
import { codeBlockLines, markdownText } from './markdown.ts';

/**
 * What changed in the guides' prose (data/prose: each slot's markdown, placeholders filled), as the
 * review report's lines: a changed title or description, and each changed slot's lines as a diff
 * block. Prose comes from the pull request: a title goes in through markdownText, a slot's lines
 * through codeBlockLines, so neither becomes markup.
 */

export type ProseVersions = ReadonlyMap<string, ComputedProse>;

/**
 * The lines of `before` and `after` that differ, once the lines both start and end with are set
 * aside: linear in the text, where a longest common subsequence is quadratic, and a prose edit is
 * one paragraph or a few in a row.
 */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const [was, now] = [before.split(/\r\n|\r|\n/), after.split(/\r\n|\r|\n/)];
  let start = 0;
  while (start < was.length && start < now.length && was[start] === now[start]) start++;
  let end = 0;
  while (
    end < was.length - start &&
    end < now.length - start &&
    was[was.length - 1 - end] === now[now.length - 1 - end]
  )
    end++;
  return { removed: was.slice(start, was.length - end), added: now.slice(start, now.length - end) };
}

function pageLines(id: string, lang: string, before: ProsePage | undefined, after: ProsePage): string[] {
  const where = `**${markdownText(id)}**, ${lang}`;
  if (!before) return [`- ${where}: new prose, titled ${markdownText(after.title)}.`];
  const lines: string[] = [];
  if (before.untranslated !== after.untranslated)
    lines.push(
      after.untranslated
        ? `- ${where}: no translation any more; the page shows the English prose.`
        : `- ${where}: translated; the page no longer shows the English prose.`,
    );
  // An untranslated page is the English prose, reported once, under en.
  if (after.untranslated) return lines;
  for (const field of ['title', 'description'] as const)
    if (before[field] !== after[field])
      lines.push(`- ${where}, ${field}: ${markdownText(before[field])} → **${markdownText(after[field])}**`);
  for (const slot of [...new Set([...Object.keys(before.slots), ...Object.keys(after.slots)])].sort(byCodeUnit)) {
    const [was, now] = [before.slots[slot], after.slots[slot]];
    if (was === now) continue;
    const name = `${where}, slot ${markdownText(slot)}`;
    if (now === undefined) {
      lines.push(`- ${name}: removed.`);
      continue;
    }
    const { removed, added } = changedLines(was ?? '', now);
    appendAll(lines, [
      `- ${name}${was === undefined ? ': new' : ''}:`,
      '',
      '  ```diff',
      ...removed.flatMap((line) => codeBlockLines(line, '  - ').map((shown) => shown.trimEnd())),
      ...added.flatMap((line) => codeBlockLines(line, '  + ').map((shown) => shown.trimEnd())),
      '  ```',
      '',
    ]);
  }
  return lines;
}

/**
 * The report's prose section: every guide present after whose prose changed, in code-unit order,
 * a renamed guide against its prose under its old id (`renames`: new id → old); none when none did.
 */
export function proseDiffLines(
  before: ProseVersions,
  after: ProseVersions,
  renames: ReadonlyMap<string, string> = new Map(),
): string[] {
  const lines: string[] = [];
  for (const [id, prose] of [...after].sort(([a], [b]) => byCodeUnit(a, b))) {
    const was = before.get(id) ?? before.get(renames.get(id) ?? id);
    for (const lang of locales) appendAll(lines, pageLines(id, lang, was?.[lang], prose[lang]));
  }
  return lines.length === 0 ? [] : ['## Prose that changed', '', ...lines, ...(lines.at(-1) === '' ? [] : [''])];
}
