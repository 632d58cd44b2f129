// The words of a shell command into commands: `export` lines, `NAME=value` prefixes, then the one
// command a page shows (see ../shell-words.ts).
import type { Report, ShellCommand, ShellWord, TextPosition, Token } from './types.ts';

/** Words the shell reads as syntax when they start a command. */
const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'time',
  'coproc',
  '{',
  '}',
  '!',
  '[[',
  ']]',
]);

/**
 * Programs and builtins that run another command, or a string as code: with them the command
 * runs what the words say only as far as the wrapper does, and the engine it starts is hidden.
 */
const WRAPPERS = new Set([
  'eval',
  'exec',
  'source',
  '.',
  'command',
  'builtin',
  'alias',
  'trap',
  'sudo',
  'su',
  'doas',
  'env',
  'nohup',
  'setsid',
  'nice',
  'ionice',
  'timeout',
  'xargs',
  'watch',
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'fish',
  'csh',
  'tcsh',
  'busybox',
  'ssh',
  'chroot',
  'script',
  'perl',
  'ruby',
  'node',
]);

const PYTHON = /^python(\d+(\.\d+)*)?$/;

/** The basename of a program word (`/usr/bin/python3` → `python3`). */
export function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}
type WordToken = Extract<Token, { kind: 'word' }>;

/**
 * The words into commands: `export` lines and `NAME=value` prefixes, then one command; a line after
 * that command is a line the previous one forgot to continue.
 */
export function structure(
  tokens: readonly Token[],
  comments: ReadonlyMap<number, number>,
  position: (offset: number) => TextPosition,
  problem: Report,
): Pick<ShellCommand, 'environment' | 'words'> {
  const environment: ShellCommand['environment'] = [];
  let words: ShellWord[] = [];
  let commandSeen = false;
  /** where the last command ended: the end of its last word, and the newline that ended it */
  let ended: { lastWord: number; newline: number | undefined; escapedSpace: boolean } | undefined;
  let group: WordToken[] = [];
  let afterOperator = false;
  let groupAfterOperator = false;

  const assignment = (token: WordToken, exported: boolean) => {
    const { word } = token;
    word.role = 'assignment';
    const equals = word.value.indexOf('=');
    environment.push({ name: word.value.slice(0, equals), value: word.value.slice(equals + 1), exported, word });
  };

  const command = (simple: readonly WordToken[]) => {
    const [head] = simple;
    if (!head) return;
    const first = head.word;
    if (first.raw === 'export') {
      first.role = 'export';
      for (const token of simple.slice(1)) {
        if (token.assignable) assignment(token, true);
        else
          problem(
            'export-form',
            token.word.offset,
            token.word.raw,
            '`export` takes NAME=value here: a bare name exports nothing the command sets',
          );
      }
      if (simple.length === 1)
        problem('export-form', first.offset, first.raw, '`export` without NAME=value exports nothing the command sets');
      return;
    }
    let k = 0;
    while (simple[k]?.assignable) k++;
    if (k === simple.length) {
      for (const token of simple) assignment(token, false);
      problem(
        'unexported',
        first.offset,
        first.raw,
        'a NAME=value line sets a shell variable that the command does not see (write `export NAME=value`)',
      );
      return;
    }
    const argv = simple.slice(k).map((t) => t.word);
    // Only the command itself: what follows an operator (reported) is its target or another command.
    if (commandSeen) return;
    for (const token of simple.slice(0, k)) assignment(token, false);
    words = argv;
    commandSeen = true;
    const [program] = argv;
    if (!program) return;
    if (RESERVED.has(program.raw))
      problem('keyword', program.offset, program.raw, `\`${program.raw}\` is shell syntax, not a program to run`);
    else if (WRAPPERS.has(programName(program.value)))
      problem(
        'wrapper',
        program.offset,
        program.raw,
        `\`${program.raw}\` runs another command or code it is given: the command must start the engine itself`,
      );
    else if (PYTHON.test(programName(program.value)) && argv[1]?.value === '-c')
      problem('wrapper', argv[1].offset, argv[1].raw, '`python -c` runs code given as text');
  };

  const flush = (newline: number | undefined) => {
    const simple = group;
    group = [];
    const [head] = simple;
    const last = simple.at(-1);
    if (!head || !last) return;
    // After a `\ ` (reported), the missing continuation is the same mistake: said once.
    if (commandSeen && !groupAfterOperator && ended && !ended.escapedSpace) {
      // The command ended at a newline, and this line was meant to continue it.
      const endLine = position(ended.newline ?? ended.lastWord).line;
      const comment = comments.get(endLine);
      const next = `\`${head.word.raw}\` on line ${position(head.word.offset).line}`;
      if (comment !== undefined)
        problem(
          'continuation',
          comment,
          '#',
          `a comment ends the command here: the line that follows (${next}) is not part of it`,
        );
      else
        problem(
          'continuation',
          endLine === position(ended.lastWord).line ? ended.lastWord : (ended.newline ?? ended.lastWord),
          head.word.raw,
          `the command ends here, but the line that follows (${next}) continues it: this line needs a trailing \`\\\``,
        );
    }
    command(simple);
    ended = {
      lastWord: last.word.offset + last.word.raw.length,
      newline,
      escapedSpace: /\\[ \t]+$/.test(last.word.raw),
    };
  };

  for (const token of tokens) {
    if (token.kind === 'word') {
      if (group.length === 0) {
        groupAfterOperator = afterOperator;
        afterOperator = false;
      }
      group.push(token);
    } else if (token.kind === 'operator') {
      // Already reported; what follows it is another command, not a missing continuation.
      flush(undefined);
      afterOperator = true;
    } else flush(token.offset);
  }
  flush(undefined);
  return { environment, words };
}
