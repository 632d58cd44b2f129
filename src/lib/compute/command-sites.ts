import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import type { ResultRef } from '../schema/guide-yaml-step.ts';
import { parseShellCommand } from '../serving/shell-words.ts';

// Where guide.yaml holds a serving command or parameter list, and each of its words with its place:
// what the command checks (commands.ts, commands-allowed.ts) and the GPU count (gpu-count.ts) read.

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
  /** the raw result a variant or case side measured */
  result?: ResultRef | undefined;
  /** the log of an "other cases" side, every block of which its command measured */
  log?: string | undefined;
};

/** Every place guide.yaml holds a serving command or backend parameters, in file order. */
export function commandSites(guide: Guide): CommandSite[] {
  return allSites(guide).filter((site) => site.command !== undefined || site.args !== undefined);
}

/** Every comparison case side that names its result without a command or parameters of its own. */
export function commandlessCaseSides(guide: Guide): CommandSite[] {
  return allSites(guide).filter(
    (site) => site.path[0] === 'comparison' && site.command === undefined && site.args === undefined,
  );
}

/** Every variant, the recommendation, every case side and the other cases' sides, in file order. */
function allSites(guide: Guide): CommandSite[] {
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
  return sites;
}

/** A word of a command or parameter list, and where it is written in guide.yaml. */
export type PlacedWord = { value: string; path: YamlPath; offset: number };

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
