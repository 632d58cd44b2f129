/**
 * A serving command read as a POSIX shell (bash) reads it, without running a shell: its words with
 * quotes removed and escapes resolved, where each starts, and everything in it that a shell would
 * run, expand or split differently from how it reads. A command a page shows is pasted into a shell
 * on a GPU box, so it may hold nothing but `export NAME=value` lines, then one command, optionally
 * after `NAME=value` prefixes, continued over lines with `\`, and `#` comments.
 *
 * Linear in the length of the text; nothing is evaluated.
 */

import { CONTINUES_INTO_NOTHING, operatorAt, scanWord } from './shell/scan.ts';
import { structure } from './shell/structure.ts';
import type {
  ShellCommand,
  ShellLine,
  ShellProblem,
  ShellProblemKind,
  ShellWord,
  TextPosition,
  Token,
} from './shell/types.ts';

export * from './shell/types.ts';
export { printShellCommand, quoteShellWord, shellWordText } from './shell/print.ts';
export { programName } from './shell/structure.ts';

/** Parses `text` as a shell would; never throws. */
export function parseShellCommand(text: string): ShellCommand {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const position = (offset: number): TextPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { offset, line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };

  const problems: ShellProblem[] = [];
  const problem = (kind: ShellProblemKind, offset: number, found: string, message: string) =>
    problems.push({ kind, ...position(offset), found, message });

  const tokens: Token[] = [];
  let line: ShellLine = { indent: '', words: [], continues: false };
  const lines: ShellLine[] = [line];
  let atLineStart = true;
  const newLine = (continues: boolean) => {
    line.continues = continues;
    line = { indent: '', words: [], continues: false };
    lines.push(line);
    atLineStart = true;
  };

  let lastContinuation: number | undefined;
  /** where each line's comment starts, by line */
  const comments = new Map<number, number>();
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === ' ' || c === '\t') {
      const start = i;
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (atLineStart) line.indent = text.slice(start, i);
      continue;
    }
    atLineStart = false;
    if (c === '\n') {
      tokens.push({ kind: 'newline', offset: i });
      newLine(false);
      i++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      lastContinuation = i;
      newLine(true);
      i += 2;
      continue;
    }
    if (c === '#') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      line.comment = text.slice(i, stop);
      comments.set(position(i).line, i);
      i = stop;
      continue;
    }
    const operator = operatorAt(text, i);
    if (operator) {
      problem(operator.kind, i, operator.text, operator.message);
      tokens.push({ kind: 'operator', offset: i });
      i += operator.text.length;
      continue;
    }
    const scanned = scanWord(text, i, problem);
    const word: ShellWord = { value: scanned.value, raw: text.slice(i, scanned.end), role: 'command', ...position(i) };
    line.words.push(word);
    tokens.push({ kind: 'word', word, assignable: scanned.assignable });
    i = scanned.end;
  }
  if (lastContinuation !== undefined && /^\s*$/.test(text.slice(lastContinuation + 2)))
    problem('continuation-end', lastContinuation, '\\', CONTINUES_INTO_NOTHING);

  return {
    ...structure(tokens, comments, position, problem),
    lines: trimLines(lines),
    problems: sortProblems(problems),
  };
}

function sortProblems(problems: ShellProblem[]): ShellProblem[] {
  return problems.sort((a, b) => a.offset - b.offset);
}

/** Drops the empty lines a text's trailing newlines leave. */
function trimLines(lines: ShellLine[]): ShellLine[] {
  while (lines.length > 1) {
    const last = lines.at(-1);
    if (!last || last.words.length > 0 || last.comment !== undefined || lines.at(-2)?.continues) break;
    lines.pop();
  }
  return lines;
}
