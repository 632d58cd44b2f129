// A command as plan runs it: the program's words and its environment, never a shell. Written out
// again (quoted where a shell needs it) so what plan prints is what record and run start.
import { parseShellCommand, quoteShellWord, shellWordText } from '../serving/shell-words.ts';

export type EnvironmentEntry = { name: string; value: string };

/** What a process is started with: its words (program first) and the variables set for it. */
export type PlannedCommand = {
  words: string[];
  environment: EnvironmentEntry[];
  /** one line a shell runs as these words: `NAME=value program arg …` */
  text: string;
};

/** The words and environment as one line of shell text. */
export function commandText(words: readonly string[], environment: readonly EnvironmentEntry[] = []): string {
  const assignments = environment.map(({ name, value }) => `${name}=${quoteShellWord(value)}`);
  const parts = words.map((value, index) => shellWordText({ value, role: 'command' }, index === 0));
  return [...assignments, ...parts].join(' ');
}

export function planned(words: readonly string[], environment: readonly EnvironmentEntry[] = []): PlannedCommand {
  return { words: [...words], environment: [...environment], text: commandText(words, environment) };
}

/** A command of guide.yaml (`export` lines, `NAME=value` prefixes, continuations) as words and environment. */
export function fromShellText(text: string): PlannedCommand & { problems: string[] } {
  const parsed = parseShellCommand(text);
  const words = parsed.words.map((word) => word.value);
  const environment = parsed.environment.map(({ name, value }) => ({ name, value }));
  return { ...planned(words, environment), problems: parsed.problems.map((p) => `${p.message} (line ${p.line})`) };
}

/** Where a flag is set in the words: `--flag value` (two words) or `--flag=value` (one). */
function flagAt(words: readonly string[], names: readonly string[]): { index: number; joined: boolean } | undefined {
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? '';
    for (const name of names) {
      if (word === name) return { index: i, joined: false };
      if (word.startsWith(`${name}=`)) return { index: i, joined: true };
    }
  }
  return undefined;
}

/** The value of the last of `names` the words set, or undefined. */
export function flagValue(words: readonly string[], names: readonly string[]): string | undefined {
  const at = flagAt(words, names);
  if (!at) return undefined;
  const word = words[at.index] ?? '';
  return at.joined ? word.slice(word.indexOf('=') + 1) : words[at.index + 1];
}

export function hasFlag(words: readonly string[], names: readonly string[]): boolean {
  return flagAt(words, names) !== undefined;
}

/** The words with `name` set to `value`: its last use replaced in the same spelling, or appended. */
export function withFlag(words: readonly string[], names: readonly string[], value: string): string[] {
  const at = flagAt(words, names);
  const out = [...words];
  const [name = ''] = names;
  if (!at) return [...out, name, value];
  const word = out[at.index] ?? name;
  if (at.joined) out[at.index] = `${word.slice(0, word.indexOf('='))}=${value}`;
  else if (at.index + 1 < out.length) out[at.index + 1] = value;
  else out.push(value);
  return out;
}
