// A page as the audit reads it: characters that look like nothing or like ASCII are read as what
// they look like, so a claim is matched as a reader sees it. "+3.30%" with a zero-width space
// (U+200B) inside, or "4400.00" in fullwidth digits, was silently not a claim. Each line so changed is
// kept, to be listed with the audit's findings.

// Characters that draw nothing: zero-width spaces and joiners, soft hyphens, BOMs, other format characters.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
// Spaces that are not U+0020: no-break, en/em/thin/hair, narrow no-break, ideographic.
const SPACE = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/u;
// Fullwidth digits and Latin letters, and the signs numbers are printed with.
const FULLWIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\uFF0B\uFF0D\uFF0E\uFF05]/u;

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

export type PageNormalization = { line: number; message: string };

/** `markdown` with those characters read as what they show; the lines changed, and how. */
export function normalizePageText(markdown: string): { text: string; changes: PageNormalization[] } {
  const changes: PageNormalization[] = [];
  const lines = markdown.split('\n').map((line, index) => {
    const dropped = new Set<string>();
    const replaced = new Set<string>();
    let out = '';
    for (const char of line) {
      if (char === '\t' || char === '\r') out += char;
      else if (INVISIBLE.test(char)) dropped.add(codePoint(char));
      else if (SPACE.test(char)) {
        replaced.add(`${codePoint(char)} as a space`);
        out += ' ';
      } else if (FULLWIDTH.test(char)) {
        const plain = String.fromCodePoint((char.codePointAt(0) ?? 0) - 0xfee0);
        replaced.add(`${codePoint(char)} as "${plain}"`);
        out += plain;
      } else out += char;
    }
    const what = [
      ...(dropped.size > 0 ? [`without the invisible ${[...dropped].join(', ')}`] : []),
      ...(replaced.size > 0 ? [`with ${[...replaced].join(', ')}`] : []),
    ];
    if (what.length > 0)
      changes.push({
        line: index + 1,
        message: `read ${what.join(' and ')}: the line looks the same to a reader, and its claims are audited as it looks`,
      });
    return out;
  });
  return { text: lines.join('\n'), changes };
}
