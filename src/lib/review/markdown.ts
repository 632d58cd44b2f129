// Untrusted strings (labels, titles, engine names, reasons, file names) inside the review report,
// which GitHub renders as Markdown with raw HTML, mentions and issue references: each one must read
// as the text it is, on its line, in its table cell, and never become markup, a link or a ping.

/** Line breaks, other control characters and invisible direction overrides: each run becomes one space. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]+/gu;

/** Markdown punctuation that could start emphasis, code, links, images, tables, math or a heading's end. */
const MARKDOWN_PUNCTUATION = /[\\`*_~[\]|$#]/g;

const ZERO_WIDTH_JOINER = '\u200D';

/**
 * `text` as inline Markdown that renders as exactly that text on one line: newlines collapsed,
 * Markdown punctuation backslash-escaped (`|` cannot end a table cell, a backtick cannot open
 * code), `<`, `>` and `&` as entities (no HTML, no comment, no autolink), and a zero-width joiner
 * after `@` and `#` and inside `https://` and `www.` so that no mention, issue reference or bare
 * link is made. The one escape for every string the report interpolates.
 */
export function markdownText(text: string): string {
  return text
    .replace(BREAKS_AND_CONTROLS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(MARKDOWN_PUNCTUATION, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([@#])(?=[\p{L}\p{N}_-])/gu, `$1${ZERO_WIDTH_JOINER}`)
    .replace(/\b(GH-)(?=\d)/gi, `$1${ZERO_WIDTH_JOINER}`)
    .replace(/\b(https?:)(?=\/\/)/gi, `$1${ZERO_WIDTH_JOINER}`)
    .replace(/\b(www)\./gi, `$1${ZERO_WIDTH_JOINER}.`);
}

/**
 * A raw text (a recommended command) as the lines of a fenced code block: split on every line
 * ending CommonMark knows, each line starting with `prefix` so that none can close the fence.
 * Code is shown as it is (control characters as spaces), except that a `<` which could open a tag gets a zero-width joiner: the
 * comment poster refuses any report with something that looks like raw HTML.
 */
export function codeBlockLines(text: string, prefix: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map(
      (line) =>
        `${prefix}${line.replace(BREAKS_AND_CONTROLS, ' ').replace(/<(?=[A-Za-z/!?])/g, `<${ZERO_WIDTH_JOINER}`)}`,
    );
}
