import { entryPointOf } from './entry-points.ts';
import { parseShellCommand } from './shell-words.ts';

// The flags of a serving configuration, read the same way from a backend-parameter list
// (`--tp-size=8`) and from a command (`vllm serve m \ --tp 2 --enforce-eager`), so two
// configurations compare by what they set, whatever order or spelling of `=` they use.

const IS_FLAG = /^--?[A-Za-z]/;

/** One flag as a command gives it: its name as spelt, its value ('' for a switch), the index of its word. */
export type FlagUse = { name: string; value: string; word: number };

/** `--flag value`, `--flag=value`, `-tp 2` and bare switches, in the order the words give them. */
export function flagUses(words: readonly string[]): FlagUse[] {
  const uses: FlagUse[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (!IS_FLAG.test(word)) continue;
    const equals = word.indexOf('=');
    const next = words[i + 1];
    if (equals !== -1) uses.push({ name: word.slice(0, equals), value: word.slice(equals + 1), word: i });
    else if (next !== undefined && !IS_FLAG.test(next)) {
      uses.push({ name: word, value: next, word: i });
      i++;
    } else uses.push({ name: word, value: '', word: i });
  }
  return uses;
}

/**
 * The words a command passes to its program, read as a shell reads them (quotes removed,
 * continuations joined, comments, `export` lines and `NAME=value` prefixes left out). A line the
 * previous one forgot to continue is read too: check reports it, the words are what the text says.
 */
export function commandWords(command: string): string[] {
  return parseShellCommand(command)
    .lines.flatMap((line) => line.words)
    .filter((word) => word.role === 'command')
    .map((word) => word.value);
}

/** The variables a command sets for its program (`export NAME=value` lines, `NAME=value` before it), as `NAME=value`, in order. */
export function commandAssignments(command: string): string[] {
  return parseShellCommand(command)
    .lines.flatMap((line) => line.words)
    .filter((word) => word.role === 'assignment')
    .map((word) => word.value);
}

/** The words of backend parameters: each item is taken as written, a space between a flag and its value. */
export function argsWords(args: readonly string[]): string[] {
  return args.flatMap((item) => item.trim().split(/\s+/).filter(Boolean));
}

/** A command's flags by name as spelt; a flag given twice has its last value, as argument parsers take it. */
export function commandFlags(command: string): Map<string, string> {
  return new Map(flagUses(commandWords(command)).map((use) => [use.name, use.value]));
}

/** Spellings of one setting across engines and versions, by the name compared. */
const ALIASES: Readonly<Record<string, string>> = {
  '-tp': '--tensor-parallel-size',
  '--tp': '--tensor-parallel-size',
  '--tp-size': '--tensor-parallel-size',
  '-dp': '--data-parallel-size',
  '--dp': '--data-parallel-size',
  '--dp-size': '--data-parallel-size',
  '-ep': '--expert-parallel-size',
  '--ep': '--expert-parallel-size',
  '--ep-size': '--expert-parallel-size',
  '-pp': '--pipeline-parallel-size',
  '--pp': '--pipeline-parallel-size',
  '--pp-size': '--pipeline-parallel-size',
  '--model-path': '--model',
};

/** The one name a setting is compared under, whatever spelling a command used (`-tp` → `--tensor-parallel-size`). */
export function canonicalFlag(name: string): string {
  return ALIASES[name] ?? name;
}

/** How a server is started and where it listens: not the configuration a guide tunes. */
export const NOT_CONFIGURATION: ReadonlySet<string> = new Set(['-m', '--host', '--port']);

/**
 * The settings a variant or case side makes, from its backend parameters or its serving command:
 * aliases under one name; the launcher module and the listening address left out.
 */
export function configFlags(config: {
  args?: readonly string[] | undefined;
  command?: string | undefined;
}): Map<string, string> {
  return wordFlags(configWords(config));
}

/** The settings some words make: aliases under one name, the launcher and the listening address left out, the model included. */
export function wordFlags(words: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const use of flagUses(words))
    if (!NOT_CONFIGURATION.has(use.name)) flags.set(canonicalFlag(use.name), use.value);
  // `vllm serve <model>` names the model without a flag: the model is part of the configuration.
  const served = servedModels(words).at(-1)?.value;
  if (served !== undefined && !flags.has('--model')) flags.set('--model', served);
  return flags;
}

/** The words of a variant's or case side's serving command, or of its backend parameters. */
export function configWords(config: { args?: readonly string[] | undefined; command?: string | undefined }): string[] {
  return config.command !== undefined ? commandWords(config.command) : argsWords(config.args ?? []);
}

/** Each place the words name the model they serve: `--model X`, `--model-path X`, `vllm serve X`, with its word's index. */
export function servedModels(words: readonly string[]): { value: string; word: number }[] {
  const models = flagUses(words)
    .filter((use) => canonicalFlag(use.name) === '--model' && use.value !== '')
    .map((use) => ({ value: use.value, word: use.word + (use.name === words[use.word] ? 1 : 0) }));
  const entry = entryPointOf(words);
  if (entry?.positionalModel) {
    const at = entry.length;
    const word = words[at];
    if (word !== undefined && !IS_FLAG.test(word)) models.unshift({ value: word, word: at });
  }
  return models;
}

/** The model a command serves: `vllm serve X`, `--model X`, `--model-path X`. */
export function commandModel(command: string): string | undefined {
  return servedModels(commandWords(command))[0]?.value;
}

/**
 * Settings given more than once with different values (aliases counted), each with every use in
 * order: perflab and the engine would read two different settings (the engine takes the last one).
 */
export function conflictingFlags(words: readonly string[]): { flag: string; uses: FlagUse[] }[] {
  const byFlag = new Map<string, FlagUse[]>();
  for (const use of flagUses(words)) {
    const flag = canonicalFlag(use.name);
    byFlag.set(flag, [...(byFlag.get(flag) ?? []), use]);
  }
  return [...byFlag]
    .filter(([, uses]) => new Set(uses.map((u) => u.value)).size > 1)
    .map(([flag, uses]) => ({ flag, uses }));
}

/** A configuration's identity: its engine and the sorted flags it sets. */
export function configKey(engine: string, flags: ReadonlyMap<string, string>): string {
  return [engine, ...[...flags].map(([name, value]) => `${name}=${value}`).sort()].join(' ');
}
