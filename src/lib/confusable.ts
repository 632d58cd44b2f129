// Names that read as other names. A block label "# random 4K inрut" with a Cyrillic р reads as
// "input" and lets guide.yaml pick a look-alike block; an id or a label with a fullwidth ｐ, a
// mathematical 𝗉 or a zero-width space inside does the same. A name may use one script, or Latin
// with the scripts written beside it in Chinese, Japanese and Korean text (Unicode's "highly
// restrictive" profile, UTS #39), and no letter or digit that stands for another.
import { showInvisible } from './visible-text.ts';

const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
];

/** The sets of scripts one name may mix: Latin with the scripts of CJK text. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
// A control character (NUL, a tab, an escape, a line break) is no part of a name: a NUL in a case
// label cuts the answer's sentence where the page quotes it.
const CONTROL = /\p{Cc}/u;

/** The script of a letter or digit (`Common` for ASCII digits and the like, `Other` for the rest). */
function scriptOf(char: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return /\p{Script=Common}|\p{Script=Inherited}/u.test(char) ? 'Common' : 'Other';
}

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** What makes a name read as another: where (a UTF-16 index into it) and why; undefined for a clean name. */
export type Confusable = { index: number; char: string; reason: string };

export function confusableIn(text: string): Confusable | undefined {
  const scripts = new Map<string, { index: number; char: string }>();
  let index = 0;
  for (const char of text) {
    if (CONTROL.test(char)) return { index, char, reason: `a control character (${codePoint(char)}) hides inside it` };
    if (INVISIBLE.test(char))
      return { index, char, reason: `an invisible character (${codePoint(char)}) hides inside it` };
    if (LETTER_OR_DIGIT.test(char)) {
      const plain = char.normalize('NFKC');
      if (plain !== char)
        return {
          index,
          char,
          reason: `"${char}" (${codePoint(char)}) is a compatibility form of "${showInvisible(plain)}": it reads as that and is not it`,
        };
      const script = scriptOf(char);
      if (script !== 'Common' && !scripts.has(script)) scripts.set(script, { index, char });
    }
    index += char.length;
  }
  if (scripts.size < 2) return undefined;
  const names = [...scripts.keys()];
  if (ALLOWED_MIXES.some((allowed) => names.every((name) => allowed.has(name)))) return undefined;
  // The first letter of a script that does not belong beside the others: Latin stays, CJK stays.
  const main = names.includes('Latin') ? 'Latin' : (names[0] ?? '');
  const odd =
    names.find((name) => name !== main && !ALLOWED_MIXES.some((allowed) => allowed.has(name) && allowed.has(main))) ??
    names[1] ??
    '';
  const first = scripts.get(odd) ?? { index: 0, char: '' };
  return {
    ...first,
    reason: `it mixes scripts: "${first.char}" (${codePoint(first.char)}) is ${odd}, among ${main} letters`,
  };
}
