// Parsing only: what renders prose to HTML (remark-html) is in prose-render.ts, which compute never loads.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { z } from 'zod';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { validate } from '../diagnostics/validate.ts';
import { readFrontMatter } from './front-matter.ts';
import { isSafeUrl } from '../schema/safe-url.ts';
import { appendAll } from '../append-all.ts';
import type { MdNode } from './md-node.ts';
import { remoteImages } from './prose-images.ts';

/**
 * content/guides/<guide>/{en,zh}.md: frontmatter plus prose for named slots. A slot starts at a
 * `<!-- slot: name -->` line and runs to the next one, so the markdown previews cleanly and the
 * page places each slot where it belongs. Values the page computed are inserted with `{{name}}`;
 * measured numbers are never typed into prose.
 */

// Starlight writes the title into <title> as HTML (set:html): plain text only, no angle brackets.
const PlainText = z
  .string()
  .min(1)
  .refine((text) => !/[<>]/.test(text), { message: 'plain text only: "<" and ">" would be markup in the page head' });

export const ProseFrontmatterSchema = z.strictObject({
  title: PlainText,
  description: PlainText,
});

export type Prose = { title: string; description: string; slots: Record<string, string> };

const SLOT_MARKER = /^<!--\s*slot:\s*([^\s]+)\s*-->\s*$/;
export const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_.-]*)\s*\}\}/gi;

/** A slot's markdown with its `{{name}}` placeholders replaced by `values` (one without a value stays as written). */
export function fillPlaceholders(markdown: string, values: Readonly<Record<string, string>> = {}): string {
  return markdown.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** Slot names a guide may fill, each with the placeholders its text may use. */
export type SlotCatalogue = ReadonlyMap<string, readonly string[]>;

export function parseProse(
  text: string,
  file: string,
  catalogue: SlotCatalogue,
): { prose?: Prose; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const read = readFrontMatter(text, file);
  if (!read.front) return { diagnostics: read.diagnostics };
  const parsed = { data: read.front.data, content: read.front.body };
  const front = validate(ProseFrontmatterSchema, parsed.data, { file, locate: read.front.locate });
  if (!front.ok)
    appendAll(
      diagnostics,
      front.diagnostics.map((d) => errorAt('E_FRONTMATTER', file, `front matter ${d.message}`, d)),
    );
  appendAll(diagnostics, markupProblems(parsed.content, file, read.front.bodyOffset));

  const bodyOffset = read.front.bodyOffset;
  const slots: Record<string, string> = {};
  let current: { name: string; lines: string[] } | undefined;
  const finish = () => {
    if (current) slots[current.name] = current.lines.join('\n').trim();
  };
  let fence: string | undefined;
  parsed.content.split('\n').forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '');
    const lineNumber = bodyOffset + index + 1;
    // Inside a fenced code block a slot marker is code to show, not a marker.
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === undefined || fenceMark.startsWith(fence)))
      fence = fence === undefined ? fenceMark : undefined;
    const name = fence === undefined && !fenceMark ? SLOT_MARKER.exec(line.trim())?.[1] : undefined;
    if (name !== undefined) {
      finish();
      if (!catalogue.has(name)) {
        diagnostics.push(
          errorAt('E_SLOT', file, `unknown prose slot "${name}"`, {
            line: lineNumber,
            expected: `one of ${[...catalogue.keys()].join(', ')}`,
            found: JSON.stringify(name),
            hint: didYouMean(name, catalogue.keys()),
          }),
        );
      } else if (slots[name] !== undefined) {
        diagnostics.push(
          errorAt('E_DUPLICATE', file, `prose slot "${name}" appears twice`, {
            line: lineNumber,
            expected: 'each slot once',
            hint: 'merge the two parts into one slot',
          }),
        );
      }
      current = { name, lines: [] };
      return;
    }
    if (!current) {
      if (line.trim() !== '') {
        diagnostics.push(
          errorAt('E_SLOT', file, 'text before the first slot marker has no place on the page', {
            line: lineNumber,
            expected: '<!-- slot: name --> before any prose',
            found: JSON.stringify(line.trim().slice(0, 80)),
          }),
        );
      }
      return;
    }
    for (const match of line.matchAll(PLACEHOLDER)) {
      const [placeholder, value = ''] = match;
      const allowed = catalogue.get(current.name) ?? [];
      if (!allowed.includes(value)) {
        diagnostics.push(
          errorAt('E_PLACEHOLDER', file, `slot "${current.name}" has no value "{{${value}}}"`, {
            line: lineNumber,
            column: match.index + 1,
            expected: allowed.length
              ? `one of ${allowed.map((a) => `{{${a}}}`).join(', ')}`
              : 'no placeholders in this slot',
            found: placeholder,
            hint: didYouMean(value, allowed),
          }),
        );
      }
    }
    current.lines.push(line);
  });
  finish();
  if (diagnostics.length > 0 || !front.ok) return { diagnostics };
  return { prose: { title: front.data.title, description: front.data.description, slots }, diagnostics };
}

/** Both languages must fill the same slots, so neither page silently lacks a paragraph. */
export function compareSlots(
  en: { file: string; prose: Prose },
  zh: { file: string; prose: Prose },
  required: readonly string[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [self, other] of [
    [en, zh],
    [zh, en],
  ] as const) {
    for (const name of Object.keys(other.prose.slots)) {
      if (self.prose.slots[name] === undefined) {
        diagnostics.push(
          errorAt('E_SLOT_MISSING', self.file, `prose slot "${name}" is in ${other.file} but not here`, {
            expected: `<!-- slot: ${name} --> with a translation`,
          }),
        );
      }
    }
    for (const name of required) {
      if (self.prose.slots[name] === undefined && other.prose.slots[name] === undefined) {
        diagnostics.push(
          errorAt('E_SLOT_MISSING', self.file, `required prose slot "${name}" is missing`, {
            expected: `<!-- slot: ${name} -->`,
          }),
        );
      }
    }
  }
  return diagnostics;
}

/**
 * Prose is Markdown only: raw HTML (tags and comments, except slot markers) is refused, links are
 * `https:` or relative, and images come from this site, never a third party's: decided on the
 * syntax tree, references resolved and entities decoded (prose-images.ts).
 */
export function markupProblems(body: string, file: string, bodyOffset: number): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const tree: MdNode = fromMarkdown(body);
  const at = (node: MdNode) => ({
    line: (node.position?.start.line ?? 1) + bodyOffset,
    column: node.position?.start.column ?? 1,
  });
  const stack: MdNode[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    appendAll(stack, node.children ?? []);
    if (node.type === 'html' && !SLOT_MARKER.test((node.value ?? '').trim())) {
      problems.push(
        errorAt('E_PROSE_HTML', file, 'raw HTML in prose is not published', {
          ...at(node),
          found: JSON.stringify((node.value ?? '').slice(0, 60)),
        }),
      );
    } else if ((node.type === 'link' || node.type === 'definition') && !isSafeUrl(node.url ?? '')) {
      problems.push(
        errorAt('E_UNSAFE_URL', file, 'a link must be https: or relative', {
          ...at(node),
          found: JSON.stringify((node.url ?? '').slice(0, 80)),
        }),
      );
    }
  }
  for (const { node, url } of remoteImages(tree))
    problems.push(
      errorAt(
        'E_REMOTE_IMAGE',
        file,
        `an image in prose must be a file of this site, not a URL: pages load nothing from third parties${node.type === 'imageReference' ? ` (the image refers to [${node.label ?? node.identifier ?? ''}], defined as ${JSON.stringify(url.slice(0, 80))})` : ''}`,
        { ...at(node), found: JSON.stringify(url.slice(0, 80)) },
      ),
    );
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
