// One word or operator of a shell command at a time: what it passes on, and what a shell would do
// with it besides (see ../shell-words.ts).
import type { Report, ShellProblemKind } from './types.ts';

/** Whitespace-like characters that a shell reads as part of a word: a pasted command would not split there. */
const LOOKALIKE_SPACE = /[\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const CONTINUES_INTO_NOTHING =
  'the command ends with a `\\` that continues it into nothing: the shell waits for another line';

/** The shell's control and redirection operators, where one starts at `i` outside a word. */
export function operatorAt(
  text: string,
  i: number,
): { kind: ShellProblemKind; text: string; message: string } | undefined {
  const two = text.slice(i, i + 2);
  const c = text[i];
  if (two === '&&' || two === '||')
    return { kind: 'and-or', text: two, message: `\`${two}\` runs another command after this one` };
  if (two === '&>' || two === '<(' || two === '>(')
    return { kind: 'redirection', text: two, message: `\`${two}\` redirects what the command reads or writes` };
  if (c === '|') return { kind: 'pipe', text: '|', message: '`|` pipes the output into another command' };
  if (c === '&') return { kind: 'background', text: '&', message: '`&` runs the command in the background' };
  if (c === ';') return { kind: 'separator', text: ';', message: '`;` runs another command after this one' };
  if (c === '<' || c === '>') {
    const match = /^(?:<<<|<<-?|<>|>>|>\||[<>]&?)/.exec(text.slice(i, i + 3));
    const found = match?.[0] ?? c;
    return { kind: 'redirection', text: found, message: `\`${found}\` redirects what the command reads or writes` };
  }
  if (c === '(' || c === ')')
    return { kind: 'subshell', text: c, message: `\`${c}\` opens or closes a subshell or function body` };
  return undefined;
}

// The `}` that closes a `${` is looked for once per stretch of the command, not once per `${`:
// words are scanned left to right, so the last answer holds until the scan passes it. Looking
// afresh at each `${` read a command of many unclosed ones to its end every time (quadratic).
let lastClosingBrace = { text: '', from: 0, at: -1 };
function closingBrace(text: string, offset: number): number {
  const last = lastClosingBrace;
  if (last.text === text && last.from <= offset && (last.at === -1 || last.at >= offset)) return last.at;
  const at = text.indexOf('}', offset);
  lastClosingBrace = { text, from: offset, at };
  return at;
}

/** One word from `start`: its value and where it ends; reports what a shell would expand in it. */
export function scanWord(
  text: string,
  start: number,
  problem: Report,
): { value: string; end: number; assignable: boolean } {
  let value = '';
  /** unquoted characters that matter for brace and tilde expansion, with their offsets */
  const unquoted: { c: string; offset: number }[] = [];
  let nameSoFar = true; // the word so far is an unquoted NAME (for NAME=value)
  let assignable = false;
  let i = start;
  const history = (offset: number) => {
    const next = text[offset + 1];
    if (next === undefined || ' \t\n=("'.includes(next)) return;
    problem(
      'history',
      offset,
      text.slice(offset, offset + 2),
      '`!` starts a history expansion in an interactive shell',
    );
  };
  const dollar = (offset: number, quoted: boolean): number => {
    // Returns how many characters the expansion's start takes (it is reported, not expanded).
    const next = text[offset + 1] ?? '';
    if (next === '(') {
      problem('substitution', offset, text.slice(offset, offset + 2), '`$(` runs a command and pastes its output');
      return 2;
    }
    if (next === '{' || /[A-Za-z_0-9@*#?$!-]/.test(next)) {
      const found = next === '{' ? text.slice(offset, closingBrace(text, offset) + 1 || offset + 2) : `$${next}`;
      problem('variable', offset, found, `\`${found}\` is replaced by a variable's value`);
      return 2;
    }
    if (!quoted && (next === "'" || next === '"')) {
      problem('dollar-quote', offset, `$${next}`, `\`$${next}\` is a quoting form the shell translates`);
      return 1;
    }
    return 0;
  };

  while (i < text.length) {
    const c = text.charAt(i);
    if (c === ' ' || c === '\t' || c === '\n' || /[|&;<>()]/.test(c)) break;
    if (c !== '=' && !(nameSoFar && /[A-Za-z0-9_]/.test(c))) nameSoFar = false;
    if (c === '=' && nameSoFar && i > start && !assignable) {
      assignable = NAME.test(text.slice(start, i));
      nameSoFar = false;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        i += 2;
        continue;
      }
      if (next === undefined) {
        problem('continuation-end', i, '\\', CONTINUES_INTO_NOTHING);
        i++;
        continue;
      }
      if (next === ' ' || next === '\t') {
        const rest = /^[ \t]*(?:\n|$)/.exec(text.slice(i + 1));
        if (rest)
          problem(
            'continuation-space',
            i,
            `\\${rest[0].replace(/\n$/, '')}`,
            'a space follows the `\\`: it escapes the space instead of continuing the line',
          );
      }
      value += next;
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) {
        problem('unclosed-quote', i, "'", 'a single quote is never closed');
        value += text.slice(i + 1);
        i = text.length;
        break;
      }
      value += text.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let closed = false;
      while (j < text.length) {
        const d = text.charAt(j);
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\\') {
          const next = text[j + 1];
          if (next === '\n') j += 2;
          else if (next !== undefined && '$`"\\'.includes(next)) {
            value += next;
            j += 2;
          } else {
            value += d;
            j++;
          }
          continue;
        }
        if (d === '$') {
          const taken = dollar(j, true);
          if (taken > 0) {
            value += text.slice(j, j + taken);
            j += taken;
            continue;
          }
        }
        if (d === '`') problem('backtick', j, '`', 'a backtick runs a command and pastes its output');
        if (d === '!') history(j);
        value += d;
        j++;
      }
      if (!closed) {
        problem('unclosed-quote', i, '"', 'a double quote is never closed');
        i = text.length;
        break;
      }
      i = j + 1;
      continue;
    }
    if (c === '$') {
      const taken = dollar(i, false);
      if (taken > 0) {
        value += text.slice(i, i + taken);
        i += taken;
        continue;
      }
    }
    if (c === '`') {
      problem('backtick', i, '`', 'a backtick runs a command and pastes its output');
      const close = text.indexOf('`', i + 1);
      const end = close === -1 ? text.length : close + 1;
      value += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '*' || c === '?' || c === '[')
      problem('glob', i, c, `an unquoted \`${c}\` is a file-name pattern the shell may replace with file names`);
    if (c === '!') history(i);
    // eslint-disable-next-line no-control-regex -- control characters are what this finds
    if (/[\x00-\x08\x0b-\x1f\x7f]/.test(c))
      problem(
        'control',
        i,
        c,
        `a control character (U+${c.charCodeAt(0).toString(16).padStart(4, '0')}) in the command`,
      );
    if (LOOKALIKE_SPACE.test(c))
      problem(
        'control',
        i,
        c,
        `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()} looks like a space but the shell keeps it inside the word`,
      );
    if ('{},.~='.includes(c)) unquoted.push({ c, offset: i });
    value += c;
    i++;
  }
  braces(text, unquoted, problem);
  const first = unquoted[0];
  if (first?.c === '~' && first.offset === start)
    problem('tilde', start, '~', 'an unquoted `~` at the start of a word is replaced by a home directory');
  if (assignable) {
    const equals = unquoted.find((u) => u.c === '=');
    const after = equals && unquoted.find((u) => u.offset === equals.offset + 1 && u.c === '~');
    if (after) problem('tilde', after.offset, '~', 'an unquoted `~` after `NAME=` is replaced by a home directory');
  }
  return { value, end: i, assignable };
}

/** `{a,b}` and `{1..3}` with unquoted braces, comma or `..`: the shell turns the word into several. */
function braces(text: string, unquoted: readonly { c: string; offset: number }[], problem: Report): void {
  // `${…}` is a variable (reported as one): its braces are not an expansion's.
  const open: { offset: number; expands: boolean; parameter: boolean }[] = [];
  let previous: { c: string; offset: number } | undefined;
  for (const u of unquoted) {
    const innermost = open[open.length - 1];
    if (u.c === '{') open.push({ offset: u.offset, expands: false, parameter: text[u.offset - 1] === '$' });
    else if (u.c === '}') {
      const brace = open.pop();
      if (brace?.expands && !brace.parameter)
        problem(
          'brace',
          brace.offset,
          text.slice(brace.offset, u.offset + 1),
          'an unquoted brace with a comma or `..` is expanded by the shell into several words',
        );
    } else if (innermost && u.c === ',') innermost.expands = true;
    else if (innermost && u.c === '.' && previous?.c === '.' && previous.offset === u.offset - 1)
      innermost.expands = true;
    previous = u;
  }
}
