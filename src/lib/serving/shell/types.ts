// The shapes of a parsed shell command (see ../shell-words.ts).

/** What a shell does with a part of the command besides passing it on as written. */
export const SHELL_PROBLEM_KINDS = {
  // The shell would run something, or connect or redirect what runs: not a plain command.
  substitution: 'shell',
  backtick: 'shell',
  pipe: 'shell',
  redirection: 'shell',
  separator: 'shell',
  background: 'shell',
  'and-or': 'shell',
  subshell: 'shell',
  keyword: 'shell',
  wrapper: 'shell',
  'unclosed-quote': 'shell',
  control: 'shell',
  'export-form': 'shell',
  unexported: 'shell',
  // The shell would replace the word with something else than what is written.
  variable: 'expansion',
  'dollar-quote': 'expansion',
  brace: 'expansion',
  glob: 'expansion',
  tilde: 'expansion',
  history: 'expansion',
  // The command's lines do not join into one command.
  continuation: 'continuation',
  'continuation-space': 'continuation',
  'continuation-end': 'continuation',
} as const;
export type ShellProblemKind = keyof typeof SHELL_PROBLEM_KINDS;
export type ShellProblemGroup = (typeof SHELL_PROBLEM_KINDS)[ShellProblemKind];

/** A place in the text: 0-based offset, 1-based line and column (in UTF-16 code units). */
export type TextPosition = { offset: number; line: number; column: number };

export type ShellProblem = TextPosition & {
  kind: ShellProblemKind;
  /** the characters at fault, as written */
  found: string;
  /** what is wrong, in one English sentence */
  message: string;
};

/**
 * `export`: the word `export` of an export line; `assignment`: a `NAME=value` after export or before
 * the command; `command`: a word of the command itself (the program and its arguments).
 */
export type ShellWordRole = 'export' | 'assignment' | 'command';

export type ShellWord = TextPosition & {
  /** what the program receives: quotes removed, escapes resolved */
  value: string;
  /** the word as written */
  raw: string;
  role: ShellWordRole;
};

/** One line as written, for printing the command again with its line structure. */
export type ShellLine = {
  /** whitespace before the first word */
  indent: string;
  words: ShellWord[];
  /** a `# comment` ending the line, as written */
  comment?: string;
  /** the line ends with a `\` continuation */
  continues: boolean;
};

export type ShellCommand = {
  /** `export NAME=value` lines and `NAME=value` prefixes, in order: what the program's environment gets */
  environment: { name: string; value: string; exported: boolean; word: ShellWord }[];
  /** the command's words: the program, then its arguments */
  words: ShellWord[];
  lines: ShellLine[];
  problems: ShellProblem[];
};

export type Token =
  | { kind: 'word'; word: ShellWord; assignable: boolean }
  | { kind: 'newline'; offset: number }
  | { kind: 'operator'; offset: number };

export type Report = (kind: ShellProblemKind, offset: number, found: string, message: string) => void;
