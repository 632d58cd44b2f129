import type { YamlPath } from '../guide-source/yaml-source.ts';
import { engineFamily, entryPointOf } from '../serving/entry-points.ts';
import { parallelismOf, type Parallelism } from '../serving/parallelism.ts';
import { commandSites, placedWords, type CommandSite, type PlacedWord } from './command-sites.ts';
import type { ComputeContext } from './context.ts';

/**
 * `hardware.gpus` is how many accelerators the machine has, and each vLLM or SGLang command says
 * how many it runs on (src/lib/serving/parallelism.ts). The two must agree: a guide scaffolded for
 * 8 GPUs whose every command runs TP 4 describes another machine than it measured. Each mismatch
 * is an error E_GPU_COUNT at the guide.yaml line to change:
 *
 * - a variant or case side that says `gpus: N` runs on N (at that `gpus:`);
 * - no configuration runs on more GPUs than the machine has (at the flag that asks for them);
 * - at least one configuration runs on the whole machine (at `hardware.gpus`), unless a run says
 *   with its own `gpus:` that it uses fewer. A run on fewer GPUs that is not scaled up is allowed
 *   beside one on all (a recommended TP 4 on an 8-GPU machine), but when every command runs on
 *   another count and nothing says so, `hardware.gpus` is not the machine that was measured.
 *
 * A variant that did not run (`status: failed`) measured nothing and is left out; so is a command
 * of an engine whose flags perflab does not read (TensorRT-LLM, MindIE).
 */

type Counted = { site: CommandSite; words: PlacedWord[]; parallelism: Parallelism };

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function checkGpuCount(ctx: ComputeContext): void {
  const machine = ctx.guide.hardware.gpus;
  const unit = ctx.guide.hardware.accelerator.toUpperCase();
  const lineOf = (path: YamlPath, offset = 0) => (ctx.locateIn ? ctx.locateIn(path, offset) : ctx.locate(path)).line;
  /** "--tp-size=4 (line 25) = 4 GPUs", or what the engines default to when no flag is given. */
  const given = ({ words, parallelism }: Counted) => {
    const flags = parallelism.uses.map((use) => {
      const at = words[use.word];
      const text = at?.value.includes('=') ? at.value : `${use.name} ${use.value}`.trim();
      return at ? `${text} (line ${lineOf(at.path, at.offset)})` : text;
    });
    const first = words[0];
    const written =
      flags.length > 0
        ? flags.join(' × ')
        : `no parallelism flag${first ? ` (line ${lineOf(first.path, first.offset)})` : ''}`;
    return `${written} = ${plural(parallelism.gpus, unit)}`;
  };

  const counted: Counted[] = [];
  for (const site of commandSites(ctx.guide)) {
    if (site.status !== undefined && site.status !== 'ok') continue;
    const words = placedWords(site);
    const parallelism = parallelismOf(
      words.map((w) => w.value),
      familyOf(ctx, site, words),
    );
    if (parallelism) counted.push({ site, words, parallelism });
  }

  for (const one of counted) {
    const { site, parallelism } = one;
    if (parallelism.gpus > machine) {
      const first = parallelism.uses[0];
      const at = first && one.words[first.word];
      const where = at ? ([at.path, at.offset] as const) : ([site.path, 0] as const);
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
        `gpus: ${site.gpus} says this configuration runs on ${plural(site.gpus, unit)}, but its command runs on ${parallelism.gpus}`,
        { expected: `gpus: ${parallelism.gpus}, or parallelism for ${plural(site.gpus, unit)}`, found: given(one) },
      );
    }
  }

  const whole = counted.filter((one) => one.site.gpus === undefined);
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

/** The engine family a site runs: its engine's, or its command's entry point's (a comparison case names no engine). */
function familyOf(ctx: ComputeContext, site: CommandSite, words: readonly PlacedWord[]) {
  const engine = site.engine === undefined ? undefined : ctx.guide.engines.find((e) => e.id === site.engine);
  if (engine) return engineFamily(engine);
  return site.command === undefined ? undefined : entryPointOf(words.map((w) => w.value))?.family;
}
