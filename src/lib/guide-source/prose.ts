import matter from 'gray-matter';
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { z } from 'zod';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';

/**
 * content/guides/<guide>/{en,zh}.md: frontmatter plus prose for named slots. A slot starts at a
 * `<!-- slot: name -->` line and runs to the next one, so the markdown previews cleanly and the
 * page places each slot where it belongs. Values the page computed are inserted with `{{name}}`;
 * measured numbers are never typed into prose.
 */

export const ProseFrontmatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
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
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(text);
  } catch (cause) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'E_FRONTMATTER',
          file,
          line: 1,
          message: `frontmatter is not valid YAML: ${(cause as Error).message.split('\n')[0]}`,
        },
      ],
    };
  }
  const front = ProseFrontmatterSchema.safeParse(parsed.data);
  if (!front.success) {
    for (const issue of front.error.issues) {
      diagnostics.push({
        severity: 'error',
        code: 'E_FRONTMATTER',
        file,
        line: 1,
        message: `frontmatter ${issue.path.join('.') || ''}: ${issue.message}`.replace(' :', ':'),
        expected: 'title and description strings',
      });
    }
  }

  // Line numbers of the body within the file: gray-matter strips the frontmatter.
  const bodyOffset = text.slice(0, text.length - parsed.content.length).split('\n').length - 1;
  const slots: Record<string, string> = {};
  let current: { name: string; lines: string[] } | undefined;
  const finish = () => {
    if (current) slots[current.name] = current.lines.join('\n').trim();
  };
  parsed.content.split('\n').forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '');
    const lineNumber = bodyOffset + index + 1;
    const marker = SLOT_MARKER.exec(line.trim());
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

/** Markdown → HTML, with `{{name}}` placeholders replaced. Raw HTML in prose is escaped, not passed through. */
export function renderProse(markdown: string, values: Readonly<Record<string, string>> = {}): string {
  const filled = markdown.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  return String(remark().use(remarkHtml, { sanitize: true }).processSync(filled)).trim();
}
