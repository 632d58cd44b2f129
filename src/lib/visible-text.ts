// Text as a reader sees it. A zero-width space, a soft hyphen or a byte-order mark draws nothing,
// so a reason of ten of them says nothing, and a claim with one inside reads the same on the page
// while no longer matching what it claims.

// Characters that draw nothing: Unicode's default-ignorable code points (zero-width spaces and
// joiners, word joiner, soft hyphen, BOM, variation selectors, Hangul fillers, tags), other format
// and control characters, and the Braille blank.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/gu;
const WHITESPACE = /\s/gu;
// A combining mark draws on the character before it, not on its own.
const COMBINING = /\p{M}/gu;

/** `text` without the characters that draw nothing (line breaks and tabs are kept). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : ''));
}

/** How many characters of `text` a reader sees: no whitespace, invisible characters or lone combining marks. */
export function visibleLength(text: string): number {
  return [...text.replace(INVISIBLE, '').replace(WHITESPACE, '').replace(COMBINING, '')].length;
}

/** `text` with each invisible character written as its code point (`\u200B`), for a message that quotes it. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
}
