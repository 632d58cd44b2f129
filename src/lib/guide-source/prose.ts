import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { z } from 'zod';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { readFrontMatter } from './front-matter.ts';
import { isSafeUrl } from '../schema/safe-url.ts';

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
const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_.-]*)\s*\}\}/gi;

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
  const front = ProseFrontmatterSchema.safeParse(parsed.data);
  if (!front.success) {
    for (const issue of front.error.issues) {
      diagnostics.push({
        severity: 'error',
        code: 'E_FRONTMATTER',
        file,
        ...read.front.locate(issue.path.filter((key) => typeof key !== 'symbol')),
        message: `frontmatter ${issue.path.join('.') || ''}: ${issue.message}`.replace(' :', ':'),
        expected: 'title and description strings',
      });
    }
  }
  diagnostics.push(...markupProblems(parsed.content, file, read.front.bodyOffset));

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
    const marker = fence === undefined && !fenceMark ? SLOT_MARKER.exec(line.trim()) : null;
    if (marker) {
      finish();
      const name = marker[1]!;
      if (!catalogue.has(name)) {
        diagnostics.push({
          severity: 'error',
          code: 'E_SLOT',
          file,
          line: lineNumber,
          message: `unknown prose slot "${name}"`,
          expected: `one of ${[...catalogue.keys()].join(', ')}`,
          found: JSON.stringify(name),
          hint: didYouMean(name, catalogue.keys()),
        });
      } else if (slots[name] !== undefined) {
        diagnostics.push({
          severity: 'error',
          code: 'E_DUPLICATE',
          file,
          line: lineNumber,
          message: `prose slot "${name}" appears twice`,
          expected: 'each slot once',
        });
      }
      current = { name, lines: [] };
      return;
    }
    if (!current) {
      if (line.trim() !== '') {
        diagnostics.push({
          severity: 'error',
          code: 'E_SLOT',
          file,
          line: lineNumber,
          message: 'text before the first slot marker has no place on the page',
          expected: '<!-- slot: name --> before any prose',
          found: JSON.stringify(line.trim().slice(0, 80)),
        });
      }
      return;
    }
    for (const match of line.matchAll(PLACEHOLDER)) {
      const allowed = catalogue.get(current.name) ?? [];
      if (!allowed.includes(match[1]!)) {
        diagnostics.push({
          severity: 'error',
          code: 'E_PLACEHOLDER',
          file,
          line: lineNumber,
          column: (match.index ?? 0) + 1,
          message: `slot "${current.name}" has no value "{{${match[1]}}}"`,
          expected: allowed.length
            ? `one of ${allowed.map((a) => `{{${a}}}`).join(', ')}`
            : 'no placeholders in this slot',
          found: match[0],
          ...(didYouMean(match[1]!, allowed) ? { hint: didYouMean(match[1]!, allowed) } : {}),
        });
      }
    }
    current.lines.push(line);
  });
  finish();
  if (diagnostics.length > 0 || !front.success) return { diagnostics };
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
        diagnostics.push({
          severity: 'error',
          code: 'E_SLOT_MISSING',
          file: self.file,
          message: `prose slot "${name}" is in ${other.file} but not here`,
          expected: `<!-- slot: ${name} --> with a translation`,
        });
      }
    }
    for (const name of required) {
      if (self.prose.slots[name] === undefined && other.prose.slots[name] === undefined) {
        diagnostics.push({
          severity: 'error',
          code: 'E_SLOT_MISSING',
          file: self.file,
          message: `required prose slot "${name}" is missing`,
          expected: `<!-- slot: ${name} -->`,
        });
      }
    }
  }
  return diagnostics;
}

type MdNode = {
  type: string;
  value?: string;
  url?: string;
  position?: { start: { line: number; column: number } };
  children?: MdNode[];
};

/**
 * Prose is Markdown only: raw HTML (tags and comments, except slot markers) is refused, links are
 * `https:` or relative, and images come from this site, never a third party's.
 */
export function markupProblems(body: string, file: string, bodyOffset: number): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const tree = remark().parse(body) as MdNode;
  const at = (node: MdNode) => ({
    file,
    line: (node.position?.start.line ?? 1) + bodyOffset,
    column: node.position?.start.column ?? 1,
  });
  const stack: MdNode[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    stack.push(...(node.children ?? []));
    if (node.type === 'html' && !SLOT_MARKER.test((node.value ?? '').trim())) {
      problems.push({
        severity: 'error',
        code: 'E_PROSE_HTML',
        ...at(node),
        message: 'raw HTML in prose is not published',
        found: JSON.stringify((node.value ?? '').slice(0, 60)),
        hint: 'write it in Markdown (emphasis, lists, tables, links); comments other than slot markers are refused too',
      });
    } else if ((node.type === 'link' || node.type === 'definition') && !isSafeUrl(node.url ?? '')) {
      problems.push({
        severity: 'error',
        code: 'E_UNSAFE_URL',
        ...at(node),
        message: 'a link must be https: or relative',
        found: JSON.stringify((node.url ?? '').slice(0, 80)),
      });
    } else if (
      node.type === 'image' &&
      (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(node.url ?? '') || !isSafeUrl(node.url ?? ''))
    ) {
      problems.push({
        severity: 'error',
        code: 'E_REMOTE_IMAGE',
        ...at(node),
        message: 'an image in prose must be a file of this site, not a URL: pages load nothing from third parties',
        found: JSON.stringify((node.url ?? '').slice(0, 80)),
      });
    }
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** Markdown → HTML, with `{{name}}` placeholders replaced. Raw HTML is refused by markupProblems before
 * this runs; sanitizing here as well keeps a page safe should a caller skip that check. */
export function renderProse(markdown: string, values: Readonly<Record<string, string>> = {}): string {
  const filled = markdown.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  return String(remark().use(remarkHtml, { sanitize: true }).processSync(filled)).trim();
}
