import type { YamlPath } from '../guide-source/yaml-source.ts';
import { recordFileOf } from '../record/record-files.ts';
import { engineFamily, entryPointOf } from '../serving/entry-points.ts';
import { commandWords } from '../serving/flags.ts';
import { parallelismOf, type Parallelism } from '../serving/parallelism.ts';
import { commandlessCaseSides, commandSites, placedWords, type CommandSite } from './command-sites.ts';
import type { ComputeContext } from './context.ts';
import { rawPathOf, runOfResult } from './references.ts';

/**
 * `hardware.gpus` is how many accelerators the machine has, and each vLLM or SGLang configuration
 * says how many it runs on (src/lib/serving/parallelism.ts, which cites the engines' own argument
 * definitions). The two must agree: a guide scaffolded for 8 GPUs whose every command runs TP 4
 * describes another machine than it measured, and a `gpus: 1` beside a TP 4 result would count its
 * throughput four times over. Each mismatch is an error E_GPU_COUNT at the guide.yaml line to change:
 *
 * - a variant or case side that says `gpus: N` runs on N (at that `gpus:`). What it ran on comes
 *   from what ran: the serving command its result's record holds (npm run record), else its own
 *   command or parameters, else, for a case side that names only a result, the command guide.yaml
 *   gives that result elsewhere (the step variant measuring it, or the other cases' side whose log
 *   holds it);
 * - no configuration runs on more GPUs than the machine has (at the flag that asks for them);
 * - at least one configuration runs on the whole machine (at `hardware.gpus`), unless a run says
 *   with its own `gpus:` that it uses fewer. A run on fewer GPUs that is not scaled up is allowed
 *   beside one on all (a recommended TP 4 on an 8-GPU machine), but when every command runs on
 *   another count and nothing says so, `hardware.gpus` is not the machine that was measured.
 *
 * A variant that did not run (`status: failed`) measured nothing and is left out; so is a command
 * of an engine whose flags perflab does not read (TensorRT-LLM, MindIE).
 */

/** A word of what ran, and where guide.yaml writes it (a record's words are written in the record). */
type Word = { value: string; at?: { path: YamlPath; offset: number } };

type Counted = {
  site: CommandSite;
  words: Word[];
  parallelism: Parallelism;
  /** where the words come from when not the site's own command: its record, or the command of another site */
  from?: { kind: 'record'; file: string } | { kind: 'producer'; site: CommandSite };
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function checkGpuCount(ctx: ComputeContext): void {
  const machine = ctx.guide.hardware.gpus;
  const unit = ctx.guide.hardware.accelerator.toUpperCase();
  const lineOf = (path: YamlPath, offset = 0) => (ctx.locateIn ? ctx.locateIn(path, offset) : ctx.locate(path)).line;
  /** "--tp-size=4 (line 25) = 4 GPUs", or what the engines default to when no flag is given. */
  const given = ({ words, parallelism, from }: Counted) => {
    const where = (word: Word | undefined) =>
      word?.at
        ? ` (line ${lineOf(word.at.path, word.at.offset)})`
        : from?.kind === 'record'
          ? ` (in ${from.file})`
          : '';
    const flags = parallelism.uses.map((use) => {
      const word = words[use.word];
      const text = word?.value.includes('=') ? word.value : `${use.name} ${use.value}`.trim();
      return `${text}${where(word)}`;
    });
    const written = flags.length > 0 ? flags.join(' × ') : `no parallelism flag${where(words[0])}`;
    return `${written} = ${plural(parallelism.gpus, unit)}`;
  };
  const ranOn = (one: Counted) =>
    one.from?.kind === 'record'
      ? `the serving command its record holds (${one.from.file})`
      : one.from?.kind === 'producer'
        ? `the command guide.yaml gives its result (${one.from.site.path.join('.')}, line ${lineOf([...one.from.site.path, one.from.site.command === undefined ? 'args' : 'command'])})`
        : 'its command';

  const own = commandSites(ctx.guide);
  const counted: Counted[] = [];
  for (const site of [...own, ...commandlessCaseSides(ctx.guide)]) {
    if (site.status !== undefined && site.status !== 'ok') continue;
    const one = whatRan(ctx, site, own);
    if (one) counted.push(one);
  }

  for (const one of counted) {
    const { site, parallelism } = one;
    if (parallelism.gpus > machine && one.from?.kind !== 'producer') {
      // (a producer's own site reports its command once, at its flag)
      const first = parallelism.uses[0];
      const at = first && one.words[first.word]?.at;
      const where = at
        ? ([at.path, at.offset] as const)
        : ([[...site.path, site.gpus ? 'gpus' : 'result'], 0] as const);
      ctx.errorIn(
        ...where,
        'E_GPU_COUNT',
        `this configuration runs on ${plural(parallelism.gpus, unit)}, more than the machine's ${machine} (hardware.gpus, line ${lineOf(['hardware', 'gpus'])})`,
        { expected: `at most ${plural(machine, unit)}, or hardware.gpus: ${parallelism.gpus}`, found: given(one) },
      );
    } else if (site.gpus !== undefined && site.gpus !== parallelism.gpus) {
      ctx.error(
        [...site.path, 'gpus'],
        'E_GPU_COUNT',
        `gpus: ${site.gpus} says this configuration runs on ${plural(site.gpus, unit)}, but ${ranOn(one)} runs on ${parallelism.gpus}`,
        {
          expected: `gpus: ${parallelism.gpus}, or parallelism for ${plural(site.gpus, unit)}`,
          found: given(one),
        },
      );
    }
  }

  const whole = counted.filter((one) => one.site.gpus === undefined && one.from?.kind !== 'producer');
  const { steps, comparison } = ctx.guide;
  const declared =
    steps.some((step) => step.variants.some((v) => v.gpus !== undefined)) ||
    comparison.cases.some((c) => c.baseline.gpus !== undefined || c.optimized.gpus !== undefined);
  if (whole.length === 0 || declared || counted.some((one) => one.parallelism.gpus === machine)) return;
  const counts = [...new Set(whole.map((one) => one.parallelism.gpus))].sort((a, b) => b - a);
  const largest = counts[0] ?? machine;
  ctx.error(
    ['hardware', 'gpus'],
    'E_GPU_COUNT',
    `the machine has ${plural(machine, unit)} (hardware.gpus), but no command runs on ${machine}: ${counts.length === 1 ? 'every one runs' : 'they run'} on ${counts.join(' or ')}`,
    {
      expected: `hardware.gpus: ${largest}, or commands whose parallelism uses all ${plural(machine, unit)}`,
      found: whole
        .slice(0, 3)
        .map(given)
        .concat(whole.length > 3 ? [`and ${whole.length - 3} more`] : [])
        .join('; '),
      hint: "a run on fewer of the machine's GPUs says so with its own `gpus:` (its throughput is then counted for the whole machine)",
    },
  );
}

/**
 * What a site ran on: the serving command its result's record holds, else its own command or
 * parameters, else the command of the site guide.yaml gives for the same result. Undefined when
 * none is known or its engine's flags are not read.
 */
function whatRan(ctx: ComputeContext, site: CommandSite, own: readonly CommandSite[]): Counted | undefined {
  const run = site.result === undefined ? undefined : runOfResult(ctx, site.result);
  const recorded = run?.recorded?.serving?.command;
  if (run && recorded !== undefined) {
    const words = commandWords(recorded).map((value) => ({ value }));
    const family = entryPointOf(words.map((w) => w.value))?.family ?? familyOf(ctx, site, []);
    const parallelism = parallelismOf(
      words.map((w) => w.value),
      family,
    );
    const file = recordFileOf(rawPathOf(run, ctx.id));
    return parallelism && { site, words, parallelism, from: { kind: 'record', file } };
  }
  if (site.command !== undefined || site.args !== undefined) return counted(ctx, site, site);
  if (!run) return undefined;
  const producer =
    own.find((other) => other.result !== undefined && runOfResult(ctx, other.result) === run) ??
    own.find((other) => other.log !== undefined && other.log === rawPathOf(run, ctx.id));
  if (!producer) return undefined;
  const one = counted(ctx, producer, site);
  return one && { ...one, from: { kind: 'producer', site: producer } };
}

/** A site's count from the words of `source` (itself, or the site that gives its result a command). */
function counted(ctx: ComputeContext, source: CommandSite, site: CommandSite): Counted | undefined {
  const placed = placedWords(source);
  const words: Word[] = placed.map((w) => ({ value: w.value, at: { path: w.path, offset: w.offset } }));
  const parallelism = parallelismOf(
    words.map((w) => w.value),
    familyOf(ctx, source, words),
  );
  return parallelism && { site, words, parallelism };
}

/** The engine family a site runs: its engine's, or its command's entry point's (a comparison case names no engine). */
function familyOf(ctx: ComputeContext, site: CommandSite, words: readonly Word[]) {
  const engine = site.engine === undefined ? undefined : ctx.guide.engines.find((e) => e.id === site.engine);
  if (engine) return engineFamily(engine);
  return site.command === undefined ? undefined : entryPointOf(words.map((w) => w.value))?.family;
}
