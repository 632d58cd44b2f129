import { argsWords, wordFlags } from '../serving/flags.ts';
import { parseShellCommand, shellWordText, type ShellLine, type ShellWord } from '../serving/shell-words.ts';

/**
 * A serving command or backend-parameter list as the page prints it: written again from the words
 * a shell reads (src/lib/serving/shell-words.ts), each quoted where it must be, with the command's
 * own lines, comments and `\` continuations, and one flag a line: a flag that follows other words
 * on its line starts a line of its own after a `\` continuation. It is cut into what it runs and
 * its flags, so the page can mark the ones that changed. The pieces joined are `text`: what the
 * page shows, character for character, and what the copy button copies; a shell splits it into
 * exactly the words that were measured.
 */
export type CommandView = {
  /** the command as printed and copied */
  text: string;
  pieces: { text: string; flag?: true; changed?: true }[];
};

/** What a flag put on a line of its own is indented by, below a line that does not start with a flag. */
const FLAG_INDENT = '    ';

// `python3 -m sglang.launch_server`: -m names the module to run, it is not a flag to set.
const FLAG = /^--[A-Za-z]|^-(?!m$)[A-Za-z]/;

type PrintedLine = Pick<ShellLine, 'indent' | 'comment' | 'continues'> & {
  words: (Pick<ShellWord, 'value' | 'role'> & { first?: boolean })[];
};

/** A serving command, re-quoted; with `previous` (the configuration the reader saw just before), a flag set anew or differently there is `changed`. */
export function commandView(command: string, previous?: ReadonlyMap<string, string>): CommandView {
  const { lines } = parseShellCommand(command.replace(/\n+$/, ''));
  const first = lines.flatMap((l) => l.words).find((w) => w.role === 'command');
  return view(
    lines.map((line) => ({ ...line, words: line.words.map((w) => ({ ...w, first: w === first })) })),
    previous,
    true,
  );
}

/** Backend parameters, one item a line, each word quoted where it must be. */
export function argsView(args: readonly string[], previous?: ReadonlyMap<string, string>): CommandView {
  return view(
    args.map((item) => ({
      indent: '',
      words: argsWords([item]).map((value) => ({ value, role: 'command' as const })),
      continues: false,
    })),
    previous,
    false,
  );
}

/** `breakFlags`: a shell command, whose flags after the first word of a line each start a line (a parameter list keeps one item a line). */
function view(
  lines: readonly PrintedLine[],
  previous: ReadonlyMap<string, string> | undefined,
  breakFlags: boolean,
): CommandView {
  const pieces: CommandView['pieces'] = [];
  /** the flag piece and the words in it, while its values follow on the same line */
  let open: { piece: CommandView['pieces'][number]; words: string[] } | undefined;
  const plain = (text: string) => {
    const last = pieces.at(-1);
    if (last && !last.flag) last.text += text;
    else pieces.push({ text });
    open = undefined;
  };
  const close = () => {
    if (open && previous && settingsOf(open.words).some(([name, value]) => previous.get(name) !== value))
      open.piece.changed = true;
    open = undefined;
  };
  /** where the line that runs the command starts: its flags on the lines after it sit FLAG_INDENT further in */
  let commandIndent: string | undefined;
  lines.forEach((line, i) => {
    close();
    const startsWithFlag = line.words[0] !== undefined && FLAG.test(line.words[0].value);
    // A flag line that continues the command is indented below it, as the flags broken off the
    // command's own line are: "--model m" at 4 spaces and "--tp 8" at none read as two commands.
    const indent =
      breakFlags && startsWithFlag && commandIndent !== undefined && lines[i - 1]?.continues
        ? longer(line.indent, `${commandIndent}${FLAG_INDENT}`)
        : line.indent;
    if (line.words.some((w) => w.first)) commandIndent = line.indent;
    if (i > 0) plain(`\n${indent}`);
    else if (indent) plain(indent);
    // A line that starts with a flag continues a command: the flags broken off it keep its indent.
    const flagIndent = startsWithFlag ? indent : `${indent}${FLAG_INDENT}`;
    line.words.forEach((word, k) => {
      const text = shellWordText(word, word.first);
      const space = k > 0 ? ' ' : '';
      if (word.role === 'command' && FLAG.test(word.value)) {
        close();
        if (k > 0 && breakFlags) plain(` \\\n${flagIndent}`);
        open = { piece: { text: k > 0 && !breakFlags ? `${space}${text}` : text, flag: true }, words: [word.value] };
        pieces.push(open.piece);
      } else if (open) {
        open.piece.text += `${space}${text}`;
        open.words.push(word.value);
      } else plain(`${space}${text}`);
    });
    close();
    const tail = [line.comment, line.continues ? '\\' : undefined].filter((t) => t !== undefined).join(' ');
    if (tail) plain(line.words.length > 0 ? ` ${tail}` : tail);
  });
  return { text: pieces.map((p) => p.text).join(''), pieces };
}

/** The deeper of two indents (a line indented further by its author keeps that). */
function longer(a: string, b: string): string {
  return a.length >= b.length ? a : b;
}

/** The settings one flag and its values make ("--tp 4" → tensor-parallel-size=4), spelled as compared. */
function settingsOf(words: readonly string[]): [string, string][] {
  return [...wordFlags(words)];
}
