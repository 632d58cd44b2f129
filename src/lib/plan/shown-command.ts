// A command as run-plan shows it to the author before running it: the same words and environment
// the process is started with, written as a shell line. A word holding a character a terminal acts
// on or hides (a control character such as ESC or a line break, a bidirectional override, a
// zero-width character) is written in bash's ANSI-C quoting, $'…\x1b…', so the line still means
// exactly those words and the character itself never reaches the terminal.
import { commandText, type EnvironmentEntry } from './command-words.ts';
import { quoteShellWord, shellWordText } from '../serving/shell-words.ts';

// Cc (C0, DEL, C1), Cf (bidirectional controls, zero-width joiners, soft hyphen…), the line and
// paragraph separators, and the other default-ignorable code points a terminal draws as nothing.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Whether `text` holds a character run-plan shows escaped. */
export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN.test(text);
}

const escapeOne = (char: string): string => {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
};

/** A line of run-plan's or record's own output with each hidden character written as its escape (\x1b, \u202e). */
export function escapeHidden(text: string): string {
  return text.replace(HIDDEN_ALL, escapeOne);
}

/** `value` in bash's ANSI-C quoting, every hidden character, backslash and quote escaped. */
function ansiQuoted(value: string): string {
  return `$'${value.replace(/[\\']/g, (c) => `\\${c}`).replace(HIDDEN_ALL, escapeOne)}'`;
}

/**
 * The words and environment as one shell line: commandText's own line when nothing in it is
 * hidden; else each word (or assignment's value) that holds a hidden character in $'…' quoting.
 */
export function shownCommand(words: readonly string[], environment: readonly EnvironmentEntry[] = []): string {
  const plain = commandText(words, environment);
  if (!hasHiddenCharacter(plain)) return plain;
  const assignments = environment.map(
    ({ name, value }) =>
      `${HIDDEN.test(name) ? ansiQuoted(name) : name}=${HIDDEN.test(value) ? ansiQuoted(value) : quoteShellWord(value)}`,
  );
  const parts = words.map((value, index) =>
    HIDDEN.test(value) ? ansiQuoted(value) : shellWordText({ value, role: 'command' }, index === 0),
  );
  return [...assignments, ...parts].join(' ');
}

/** What makes two commands the same command: their words and environment, exactly. */
export function commandKey(command: { words: readonly string[]; environment: readonly EnvironmentEntry[] }): string {
  return JSON.stringify([command.words, command.environment.map((e) => [e.name, e.value])]);
}
