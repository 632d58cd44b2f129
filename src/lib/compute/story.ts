import { warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { storySentence } from '../format/story-finding.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { ComputedStep, ComputedVariant } from '../schema/computed.ts';
import type { FlagDifference, StoryFinding } from '../schema/story.ts';
import { configFlags } from '../serving/flags.ts';
import { copyOf, isServingResult, metricsOfTokens, runBlockDigest, type BlockIndex } from './block-index.ts';
import { copySettlement } from './copy-settlement.ts';
import type { ComputeContext } from './context.ts';
import { rawPathOf } from './references.ts';
import { noiseBand, verdictOf } from './decision-noise.ts';
import { repeatedConfigurations } from './repeats.ts';

/**
 * Does the guide tell one story? The recommended command carries the last adopted winner's
 * flags and adds none; each step starts from the configuration the previous steps adopted; no
 * tuning variant is the baseline again; no raw block is another guide's.
 * Each finding is a code with its arguments (schema/story.ts) and a warning at its guide.yaml
 * path, to be acknowledged with a reason; the warning says it in English.
 */
export type StoryCheck = { finding: StoryFinding; warning: Diagnostic; path: YamlPath; runFile?: string };

/** Flags of `from` that `to` drops or sets differently. */
function differences(from: ReadonlyMap<string, string>, to: ReadonlyMap<string, string>): FlagDifference[] {
  return [...from].flatMap(([flag, value]) => {
    const found = to.get(flag);
    if (found === undefined) return [{ flag, value }];
    return found === value ? [] : [{ flag, value, found }];
  });
}

export function storyFindings(ctx: ComputeContext, steps: readonly ComputedStep[], blocks: BlockIndex): StoryCheck[] {
  const checks: StoryCheck[] = [];
  const found = (finding: StoryFinding, path: YamlPath, runFile?: string) =>
    checks.push({
      finding,
      warning: warningAt(finding.code, ctx.file, storySentence(finding, steps, 'en'), ctx.locate(path)),
      path,
      ...(runFile ? { runFile } : {}),
    });
  const stepIndex = (id: string) => ctx.guide.steps.findIndex((s) => s.id === id);
  const variantPath = (step: ComputedStep, variant: ComputedVariant) => [
    'steps',
    stepIndex(step.id),
    'variants',
    step.variants.indexOf(variant),
  ];

  const baselineStep = steps.find((s) => s.id === ctx.guide.baseline.step);
  const baseline = baselineStep?.variants.find((v) => v.id === ctx.guide.baseline.variant);
  let current = baseline ? { step: baselineStep?.id ?? '', variant: baseline } : undefined;

  for (const step of steps) {
    for (const variant of step.variants) {
      if (!current || step.id === ctx.guide.baseline.step || variant.status !== 'ok') continue;
      const start = configFlags(current.variant);
      const flags = configFlags(variant);
      const path = variantPath(step, variant);
      const about = { step: step.id, variant: variant.id };
      const from = { step: current.step, variant: current.variant.id };
      if (variant.engine.id !== current.variant.engine.id)
        found(
          {
            code: 'W_STORY_START',
            ...about,
            from,
            change: { kind: 'engine', engine: variant.engine.name, fromEngine: current.variant.engine.name },
          },
          path,
        );
      // A variant the guide gives no command or parameters drops nothing: it does not say.
      else if (variant.command !== undefined || variant.args !== undefined) {
        const dropped = [...start.keys()].filter((name) => !flags.has(name));
        if (dropped.length > 0)
          found({ code: 'W_STORY_START', ...about, from, change: { kind: 'dropped', flags: dropped } }, path);
      }
      if (
        baseline &&
        variant.engine.id === baseline.engine.id &&
        differences(configFlags(baseline), flags).length === 0 &&
        differences(flags, configFlags(baseline)).length === 0
      )
        found({ code: 'W_STORY_BASELINE', ...about }, path);
    }
    const winner = step.variants.find((v) => v.id === step.winner);
    if (step.adopted && winner) current = { step: step.id, variant: winner };
  }

  // A step adopted on a change inside the noise band is a gain no measurement shows.
  const band = noiseBand(repeatedConfigurations(steps), ctx.defaults?.noise);
  if (band.source !== 'none')
    for (const step of steps) {
      const winner = step.variants.find((v) => v.id === step.winner);
      if (!step.adopted || !winner?.change) continue;
      if (verdictOf(winner.change.percent, band.band, ctx.primaryHigher) !== 'within-noise') continue;
      found(
        {
          code: 'W_STORY_NOISE',
          step: step.id,
          variant: winner.id,
          percent: winner.change.percent,
          band: band.band,
          source: band.source,
        },
        variantPath(step, winner),
      );
    }

  if (current) {
    const from = { step: current.step, variant: current.variant.id };
    const adopted = configFlags(current.variant);
    const recommended = configFlags({ command: ctx.guide.recommended.command });
    const missing = differences(adopted, recommended);
    if (missing.length > 0)
      found({ code: 'W_STORY_RECOMMENDED', from, differences: missing }, ['recommended', 'command']);
    // Flags no adopted step measured; the model is checked on its own (E_COMMAND_MODEL).
    const added = [...recommended]
      .filter(([flag]) => flag !== '--model' && !adopted.has(flag))
      .map(([flag, value]) => ({ flag, value }));
    if (added.length > 0) found({ code: 'W_STORY_ADDED', from, flags: added }, ['recommended', 'command']);
  }

  // One finding per raw file and the file it copies, naming both: a log of four copied blocks is one copy.
  // A copy the other guide acknowledges is its finding, not this one's too (the guide a page was
  // imported into acknowledges it; the guide it was copied from is left as it was), unless this
  // guide acknowledges it as well.
  const copies = new Set<string>();
  const settles = copySettlement(ctx.id, ctx.guide.acknowledge);
  for (const run of ctx.usedRuns.values()) {
    if (!isServingResult(run)) continue;
    const other = copyOf(ctx.id, runBlockDigest(run), blocks);
    if (!other || (other.settled && !settles(run.source.file))) continue;
    const pair = JSON.stringify([run.source.file, other.file, other.changed ? 'changed' : 'same']);
    if (copies.has(pair)) continue;
    copies.add(pair);
    found(
      {
        code: 'W_STORY_COPIED',
        file: run.source.file,
        other: other.file,
        ...(other.changed ? { changed: metricsOfTokens(run.metrics, other.changed) } : {}),
      },
      ctx.usedAt.get(run.id) ?? [],
      rawPathOf(run, ctx.id),
    );
  }
  return checks;
}
