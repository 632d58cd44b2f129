import { quoteFound, type ErrorCode } from '../diagnostics/diagnostics.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { parseShellCommand, shellWordText, type ShellProblem, type ShellProblemGroup } from '../serving/shell-words.ts';
import { SHELL_PROBLEM_KINDS } from '../serving/shell-words.ts';
import { entryPointNames, entryPointOf, engineFamily, FAMILY_NAMES } from '../serving/entry-points.ts';
import { conflictingFlags, servedModels, type FlagUse } from '../serving/flags.ts';
import type { ComputeContext } from './context.ts';
import { benchmarkSites, checkAllowed, checkServingAllowed } from './commands-allowed.ts';

/**
 * Every serving command and parameter list of guide.yaml is shown on a page, and readers paste it
 * into a shell on a GPU box: each must be one command that starts the engine, with nothing a
 * shell would run, expand or split otherwise (src/lib/serving/shell-words.ts). Each problem is an
 * error at its own character of guide.yaml.
 */

/** A command or parameter list of guide.yaml: where it is, and the engine it runs when the guide says. */
export type CommandSite = {
  /** the guide.yaml path of the object holding `command` or `args` */
  path: YamlPath;
  command?: string | undefined;
  args?: readonly string[] | undefined;
  /** the engine id, where guide.yaml names one (a variant, the recommendation) */
  engine?: string;
  /** the GPUs a variant or case side says it uses, when fewer than the machine has */
  gpus?: number | undefined;
  /** a variant's status: one that did not run measured nothing */
  status?: string;
};

/** Every place guide.yaml holds a serving command or backend parameters, in file order. */
export function commandSites(guide: Guide): CommandSite[] {
  const sites: CommandSite[] = [];
  guide.steps.forEach((step, i) =>
    step.variants.forEach((variant, j) =>
      sites.push({ path: ['steps', i, 'variants', j], ...variant, engine: variant.engine }),
    ),
  );
  sites.push({ path: ['recommended'], command: guide.recommended.command, engine: guide.recommended.engine });
  guide.comparison.cases.forEach((c, k) => {
    sites.push({ path: ['comparison', 'cases', k, 'baseline'], ...c.baseline });
    sites.push({ path: ['comparison', 'cases', k, 'optimized'], ...c.optimized });
  });
  if (guide.otherCases.layout === 'by-config') {
    sites.push({ path: ['otherCases', 'baseline'], ...guide.otherCases.baseline });
    sites.push({ path: ['otherCases', 'optimized'], ...guide.otherCases.optimized });
  }
  return sites.filter((site) => site.command !== undefined || site.args !== undefined);
}

const CODE_OF: Record<ShellProblemGroup, ErrorCode> = {
  shell: 'E_COMMAND_SHELL',
  expansion: 'E_COMMAND_EXPANSION',
  continuation: 'E_COMMAND_CONTINUATION',
};

const EXPECTED: Record<ShellProblemGroup, string> = {
  shell: 'one command that starts the engine (words, quotes, `\\` continuations, `export NAME=value` lines before it)',
  expansion: 'the word as the engine is to receive it, quoted',
  continuation: 'every line but the last ending with `\\` and nothing after it',
};

/** A word of a command or parameter list, and where it is written in guide.yaml. */
export type PlacedWord = { value: string; path: YamlPath; offset: number };

/**
 * What a shell would do with each command besides starting the engine, and the settings each
 * command or parameter list gives twice with different values: each an error at its character.
 */
export function checkCommands(ctx: ComputeContext): void {
  for (const site of commandSites(ctx.guide)) {
    if (site.command !== undefined) {
      const path = [...site.path, 'command'];
      const parsed = parseShellCommand(site.command);
      const all = parsed.lines.flatMap((l) => l.words);
      for (const problem of parsed.problems) {
        const group = SHELL_PROBLEM_KINDS[problem.kind];
        ctx.errorIn(path, problem.offset, CODE_OF[group], problem.message, {
          expected: expectedFor(problem, group, all),
          found: quoteFound(problem.found),
        });
      }
    }
    const words = placedWords(site);
    checkFlagsOnce(ctx, words);
    checkModel(ctx, words);
    if (site.command !== undefined && site.engine !== undefined) checkEntryPoint(ctx, words, site.engine);
    checkServingAllowed(ctx, site);
  }
  for (const site of benchmarkSites(ctx.guide))
    checkAllowed(ctx, [...site.path, 'benchmark'], site.benchmark, 'benchmark');
}

/** The words a site's command passes to its program, or its parameters' words, each where guide.yaml writes it. */
export function placedWords(site: CommandSite): PlacedWord[] {
  const words: PlacedWord[] = [];
  if (site.command !== undefined) {
    const path = [...site.path, 'command'];
    for (const line of parseShellCommand(site.command).lines)
      for (const word of line.words)
        if (word.role === 'command') words.push({ value: word.value, path, offset: word.offset });
  } else
    (site.args ?? []).forEach((item, k) => {
      for (const match of item.matchAll(/\S+/g))
        words.push({ value: match[0], path: [...site.path, 'args', k], offset: match.index });
    });
  return words;
}

/** The model each command serves is the guide's: its name, or a build model.builds declares. */
function checkModel(ctx: ComputeContext, words: readonly PlacedWord[]): void {
  const { name, builds } = ctx.guide.model;
  const allowed = new Set([name, ...builds].map((model) => model.toLowerCase()));
  for (const served of servedModels(words.map((w) => w.value))) {
    const at = words[served.word];
    if (!at || allowed.has(served.value.toLowerCase())) continue;
    ctx.errorIn(
      at.path,
      at.offset,
      'E_COMMAND_MODEL',
      `the command serves "${served.value}", not the guide's model ${name}`,
      {
        expected: [name, ...builds].join(' or '),
        found: quoteFound(served.value),
      },
    );
  }
}

/** A command starts the server of the engine guide.yaml names for it, when perflab knows the entry point. */
function checkEntryPoint(ctx: ComputeContext, words: readonly PlacedWord[], engineId: string): void {
  const engine = ctx.guide.engines.find((e) => e.id === engineId);
  const family = engine && engineFamily(engine);
  const entry = entryPointOf(words.map((w) => w.value));
  const at = words[0];
  if (!engine || !family || !entry || entry.family === family || !at) return;
  const started = words
    .slice(0, entry.length)
    .map((w) => w.value)
    .join(' ');
  ctx.errorIn(
    at.path,
    at.offset,
    'E_COMMAND_ENGINE',
    `the command starts ${FAMILY_NAMES[entry.family]} (${started}), but guide.yaml says it runs on ${engine.name}`,
    {
      expected: `${FAMILY_NAMES[family]}'s server: ${entryPointNames(family)}`,
      found: quoteFound(started),
    },
  );
}

/** `--tp-size 8 … --tensor-parallel-size 4`: perflab and the engine would read two different settings. */
function checkFlagsOnce(ctx: ComputeContext, words: readonly PlacedWord[]): void {
  const values = words.map((w) => w.value);
  const spelt = (use: FlagUse) =>
    values[use.word]?.includes('=') ? (values[use.word] ?? '') : `${use.name} ${use.value}`.trim();
  for (const { flag, uses } of conflictingFlags(values)) {
    // At the first use that changes the value.
    const change = uses.find((use) => use.value !== uses[0]?.value);
    const at = change && words[change.word];
    if (!at) continue;
    const all = uses.map(spelt).join(', ');
    ctx.errorIn(
      at.path,
      at.offset,
      'E_COMMAND_FLAG_TWICE',
      `${flag} is set ${uses.length} times with different values (${all}): the engine takes the last one`,
      { expected: `${flag} once, with the value that was measured`, found: quoteFound(all) },
    );
  }
}

/** For a word a shell would expand, the word quoted as written: what the author most likely measured. */
function expectedFor(
  problem: ShellProblem,
  group: ShellProblemGroup,
  words: readonly { offset: number; raw: string; role: 'export' | 'assignment' | 'command' }[],
): string {
  if (group !== 'expansion' || problem.kind === 'variable' || problem.kind === 'dollar-quote') return EXPECTED[group];
  const word = words.find((w) => w.offset <= problem.offset && problem.offset < w.offset + w.raw.length);
  return word ? `${EXPECTED[group]}, e.g. ${shellWordText({ value: word.raw, role: word.role })}` : EXPECTED[group];
}
