// The flags of a serving configuration, read the same way from a backend-parameter list
// (`--tp-size=8`) and from a command (`vllm serve m \ --tp 2 --enforce-eager`), so two
// configurations compare by what they set, whatever order or spelling of `=` they use.

/** `--flag value`, `--flag=value`, `-tp 2` and bare switches, in order; comment lines are ignored. */
export function commandFlags(command: string): Map<string, string> {
  const tokens = command
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join(' ')
    .replace(/\\\s/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const flags = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (!/^--?[A-Za-z]/.test(token)) continue;
    const [name, inline] = token.split(/=(.*)/s);
    const next = tokens[i + 1];
    if (inline !== undefined) flags.set(name ?? token, inline);
    else if (next !== undefined && !/^--?[A-Za-z]/.test(next)) {
      flags.set(token, next);
      i++;
    } else flags.set(token, '');
  }
  return flags;
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
  const flags = new Map<string, string>();
  for (const [name, value] of commandFlags(config.command ?? (config.args ?? []).join(' ')))
    if (!NOT_CONFIGURATION.has(name)) flags.set(canonicalFlag(name), value);
  // `vllm serve <model>` names the model without a flag: the model is part of the configuration.
  const served = config.command ? commandModel(config.command) : undefined;
  if (served !== undefined && !flags.has('--model')) flags.set('--model', served);
  return flags;
}

/** The model a command serves: `vllm serve X`, `--model X`, `--model-path X`. */
export function commandModel(command: string): string | undefined {
  const flags = commandFlags(command);
  return flags.get('--model') ?? flags.get('--model-path') ?? /\bvllm\s+serve\s+([^\s\\-][^\s\\]*)/.exec(command)?.[1];
}

/** A configuration's identity: its engine and the sorted flags it sets. */
export function configKey(engine: string, flags: ReadonlyMap<string, string>): string {
  return [engine, ...[...flags].map(([name, value]) => `${name}=${value}`).sort()].join(' ');
}
