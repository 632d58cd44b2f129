// A command written again from its words, quoted so that a shell passes exactly those words.
import type { ShellCommand, ShellWord } from './types.ts';

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `value` as one shell word: bare when nothing in it is special, otherwise in single quotes. */
export function quoteShellWord(value: string): string {
  if (SAFE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A word written so that a shell passes exactly `value`: `--flag=` and `NAME=` stay outside the
 * quotes (`--speculative-config='{"method":"mtp"}'`); the command's first word is quoted whole when
 * it would otherwise read as an assignment.
 */
export function shellWordText(word: Pick<ShellWord, 'value' | 'role'>, first = false): string {
  const { value } = word;
  const split = /^(-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*=|[A-Za-z_][A-Za-z0-9_]*=)(.*)$/s.exec(value);
  if (word.role === 'assignment' && split) return `${split[1]}${quoteShellWord(split[2] ?? '')}`;
  if (split?.[1]?.startsWith('-')) return `${split[1]}${quoteShellWord(split[2] ?? '')}`;
  if (first && word.role === 'command' && split) return `'${value.replace(/'/g, `'\\''`)}'`;
  return quoteShellWord(value);
}

/** The command written again from its words, each quoted where it must be, with its lines and comments. */
export function printShellCommand(command: Pick<ShellCommand, 'lines'>): string {
  const firstCommandWord = command.lines.flatMap((l) => l.words).find((w) => w.role === 'command');
  return command.lines
    .map((line) => {
      const parts = line.words.map((w) => shellWordText(w, w === firstCommandWord));
      if (line.comment !== undefined) parts.push(line.comment);
      if (line.continues) parts.push('\\');
      return parts.length > 0 ? line.indent + parts.join(' ') : '';
    })
    .join('\n');
}
