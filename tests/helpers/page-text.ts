// One reading of a built page for every test that looks at dist/ (or at a page the dev server
// serves): the text a reader sees in the article, with or without the raw result logs, split into
// the article's sections, and a number matcher that respects a number's boundaries ("14.76" is not
// shown by "1314.76" or "14.765"). Unit-tested in tests/unit/page-text.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const dist = join(import.meta.dirname, '../../dist');

/** A built page's HTML: `en/guides/glm-5.2/h200` reads dist/en/guides/glm-5.2/h200/index.html. */
export function builtPage(path: string, root = dist): string {
  const file = path.endsWith('.html') ? join(root, path) : join(root, path, 'index.html');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  return readFileSync(file, 'utf8');
}

/** The article: what lies between <main> and </main> (not the sidebar, header or table of contents). */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  if (start < 0 || end < start) throw new Error('the page has no <main> element');
  return html.slice(start, end);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', amp: '&' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Markup → the text a reader sees: inline tags joined, block tags a space, entities decoded, whitespace collapsed. */
export function textOf(markup: string): string {
  return decodeEntities(
    markup
      .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<\/?(strong|em|b|i|a|code|span)\b[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

const RAW_RESULT_OPEN = /<details\b[^>]*\bclass="raw-result"[^>]*>/g;

/**
 * The markup without its collapsible raw results (`<details class="raw-result">`, nested
 * <details> inside one included). Throws when raw log text (`class="raw-text"`) is left outside
 * them: the page's markup for raw results changed, and "outside the raw logs" would check nothing.
 */
export function withoutRawResults(markup: string): string {
  let out = '';
  let from = 0;
  for (const open of markup.matchAll(RAW_RESULT_OPEN)) {
    if (open.index < from) continue; // nested inside the raw result just removed
    out += markup.slice(from, open.index);
    let depth = 0;
    const tags = /<details\b[^>]*>|<\/details>/g;
    tags.lastIndex = open.index;
    for (let tag = tags.exec(markup); tag; tag = tags.exec(markup)) {
      depth += tag[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        from = tags.lastIndex;
        break;
      }
    }
    if (depth !== 0) throw new Error(`a raw result at offset ${open.index} is never closed`);
    out += ' ';
  }
  out += markup.slice(from);
  if (/class="raw-text[ "]/.test(out))
    throw new Error('raw log text (class="raw-text") stands outside <details class="raw-result">: update page-text.ts');
  return out;
}

/** How many raw results (`<details class="raw-result">`) the markup holds. */
export function rawResultCount(markup: string): number {
  return [...markup.matchAll(RAW_RESULT_OPEN)].length;
}

export type Section = {
  /** the id of the section's <h2> ('' for the part of the article before the first <h2>) */
  id: string;
  heading: string;
  /** everything a reader sees in the section, raw logs included */
  text: string;
  /** the same without the raw result logs */
  outsideRaw: string;
};

export type PageText = {
  /** everything a reader sees in the article, raw logs included */
  text: string;
  /** the article without its raw result logs: tables, sentences, commands, prose */
  outsideRaw: string;
  sections: Section[];
  /** one section by its <h2> id; throws when the page has none */
  section: (id: string) => Section;
};

/** The article of a page as text, whole and section by section (split at each <h2>). */
export function pageText(html: string): PageText {
  const main = mainOf(html);
  const starts = [...main.matchAll(/<h2\b[^>]*>/g)].map((m) => m.index);
  const parts = [0, ...starts].map((start, i, all) => main.slice(start, all[i + 1] ?? main.length));
  const sections = parts.map((part, i): Section => {
    const heading = i === 0 ? undefined : /^<h2\b([^>]*)>([\s\S]*?)<\/h2>/.exec(part);
    return {
      id: heading ? (/\bid="([^"]*)"/.exec(heading[1]!)?.[1] ?? '') : '',
      heading: heading ? textOf(heading[2]!) : '',
      text: textOf(part),
      outsideRaw: textOf(withoutRawResults(part)),
    };
  });
  return {
    text: textOf(main),
    outsideRaw: textOf(withoutRawResults(main)),
    sections,
    section: (id) => {
      const found = sections.find((s) => s.id === id);
      if (!found) throw new Error(`no section "${id}": the page has ${sections.map((s) => `"${s.id}"`).join(', ')}`);
      return found;
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` shows `fragment` (a number such as "14.76" or "+219.70%", or a phrase such as
 * "Total TPS: 7081.34x2") as a whole: where the fragment begins with a digit, the text before it
 * is not a digit, a '.', or a digit and ','; where it ends with a digit, the text after it is not
 * a digit, nor a '.' or ',' followed by a digit. So "14.76" is not shown by "1314.76", "14.765",
 * "1,14.76" or "14.76,5", but is by "(14.76 tok/s)" and "… 14.76.". With `trailingZeros`, a
 * decimal number may be shown with more zeros ("19.0" by "19.00").
 */
export function showsNumber(text: string, fragment: string, options: { trailingZeros?: boolean } = {}): boolean {
  if (fragment === '') throw new Error('showsNumber: an empty fragment');
  const before = /^\d/.test(fragment) ? '(?<![\\d.])(?<!\\d,)' : '';
  const zeros = options.trailingZeros && /\.\d*$/.test(fragment) ? '0*' : '';
  const after = /\d$/.test(fragment) ? '(?!\\d|[.,]\\d)' : '';
  return new RegExp(`${before}${escapeRegExp(fragment)}${zeros}${after}`).test(text);
}

/** The fragments `text` does not show (see showsNumber), in their order: [] when it shows them all. */
export function missingNumbers(
  text: string,
  fragments: Iterable<string>,
  options: { trailingZeros?: boolean } = {},
): string[] {
  return [...fragments].filter((fragment) => !showsNumber(text, fragment, options));
}
