import { deltaText } from '../format/measurement-text.ts';
import { formatPercent, formatSignedPercent } from '../format/number.ts';
import { configFlags } from '../serving/flags.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant } from '../schema/computed.ts';
import { accuracyView, type AccuracyView } from './accuracy-view.ts';
import { resultsOf, stepResults, type StepResultsView } from './step-results-view.ts';
import { nameOf } from '../format/variant-name.ts';
import { statusText, summaryVariant } from './step-names.ts';
import { summaryText } from './step-summary-text.ts';
import { argsView, commandView, type CommandView } from './command-view.ts';
import type { RawResult, ViewContext } from './view-context.ts';
import { isSkipped } from '../schema/served.ts';

export type VariantView = {
  id: string;
  /** absent for the single unlabelled run of a step */
  heading?: string;
  profile?: string;
  /** the backend parameters and the serving command as printed: re-quoted from their words */
  args?: string;
  command?: string;
  /** `args` / `command` cut into flags, those that differ from the configuration before marked */
  argsView?: CommandView;
  commandView?: CommandView;
  status?: string;
  result?: RawResult;
};

export type { StepResultRow, StepResultsView } from './step-results-view.ts';

export type StepView = {
  id: string;
  heading: string;
  /** every variant's numbers, the winner marked, each against the step's reference */
  results?: StepResultsView;
  /** the benchmark command every run of the step was measured with */
  benchmark?: { label: string; command: string };
  variants: VariantView[];
  summary?: { label?: string; text: string };
  winnerNote?: string;
  /** why the step's winner did not become the configuration later steps build on */
  notAdopted?: string;
  /** the step's winner became the configuration later steps build on: what it gained over where the step started */
  adopted?: string;
  noteHtml?: string;
  /** the same configuration measured in another step, or a variant's repeated runs: how far the results lie apart */
  repeats: string[];
  accuracy: AccuracyView[];
};

/** One step of the experiment: its variants, summary sentence, notes and accuracy checks. */
export function stepView(ctx: ViewContext, step: ComputedStep): StepView {
  const { guide, lang, tr } = ctx;
  const noteHtml = ctx.slot(`step:${step.id}`);
  const summary = summaryText(guide, step, lang);
  const winner = step.variants.find((v) => v.id === step.winner);
  const notAdopted = step.notAdopted;
  return {
    id: step.id,
    heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
    ...(step.benchmark ? { benchmark: { label: tr('step.benchmark'), command: step.benchmark } } : {}),
    ...resultsOf(stepResults(ctx, step)),
    variants: step.variants.map((variant, i) => variantView(ctx, variant, previousConfig(guide, step, i))),
    ...(summary ? { summary } : {}),
    ...(step.winnerReason && winner
      ? {
          winnerNote: tr('summary.winnerOverruled', {
            winner: nameOf(winner, step, lang),
            reason: step.winnerReason[lang],
          }),
        }
      : {}),
    ...adoptedText(ctx, step),
    ...(notAdopted
      ? {
          notAdopted:
            notAdopted.why === 'author'
              ? tr('step.notAdopted.author', { reason: notAdopted.reason[lang] })
              : tr(`step.notAdopted.${notAdopted.why}`),
        }
      : {}),
    ...(noteHtml ? { noteHtml } : {}),
    repeats: repeatNotes(ctx, step),
    accuracy: guide.accuracy.filter((check) => check.after === step.id).map((check) => accuracyView(ctx, check)),
  };
}

/** "Adopted: later steps build on X (+8.07% against Y, where this step started)." */
function adoptedText(ctx: ViewContext, step: ComputedStep): { adopted?: string } {
  const { guide, lang, tr } = ctx;
  const winner = step.variants.find((v) => v.id === step.winner);
  if (!step.adopted || !winner?.change) return {};
  const { reference } = winner.change;
  const start = summaryVariant(guide, step, reference.variant, reference.step === step.id ? undefined : reference.step);
  return {
    adopted: tr('step.adopted', {
      winner: nameOf(winner, step, lang),
      delta: deltaText(winner.change, ctx.delta),
      reference: start.name(lang),
    }),
  };
}

/**
 * For each configuration of this step measured again elsewhere: both results and their spread;
 * for a variant measured by repeated runs: every run's result, where it was printed, and their spread.
 */
function repeatNotes(ctx: ViewContext, step: ComputedStep): string[] {
  const { guide, lang, tr } = ctx;
  return guide.repeats
    .filter((repeat) => repeat.runs.some((run) => run.step === step.id))
    .map((repeat) =>
      repeat.runs.every((run) => run.repeat !== undefined)
        ? repeatedRunsNote(ctx, step, repeat)
        : tr('step.repeat', {
            engine: repeat.engine,
            flags: repeat.flags.join(' '),
            results: repeat.runs
              .map((run) => {
                const owner = guide.steps.find((s) => s.id === run.step);
                return tr('step.repeatRun', {
                  value: ctx.withUnit(run.score, guide.metrics.primary),
                  step: owner?.title[lang] ?? run.step,
                });
              })
              .join(tr('step.repeatSeparator')),
            spread: formatSignedPercent(repeat.percent, guide.percentDecimals),
          }),
    );
}

/** One variant's repeated runs: each run's result with its raw line, and the highest against the lowest. */
function repeatedRunsNote(ctx: ViewContext, step: ComputedStep, repeat: ComputedGuide['repeats'][number]): string {
  const { guide, lang, tr } = ctx;
  const variant = step.variants.find((v) => v.id === repeat.runs[0]?.variant);
  const lines = new Map((variant?.measured?.repeats?.runs ?? []).map((r) => [r.runId, r.line]));
  return tr('step.repeatedRuns', {
    variant: variant ? nameOf(variant, step, lang) : (repeat.runs[0]?.variant ?? ''),
    count: String(repeat.runs.length),
    results: repeat.runs
      .map((run) =>
        tr('step.repeatedRun', {
          value: ctx.withUnit(run.score, guide.metrics.primary),
          index: String(run.repeat),
          file: guide.runs[run.runId]?.file ?? run.runId,
          line: String(lines.get(run.runId) ?? ''),
        }),
      )
      .join(tr('step.repeatSeparator')),
    spread: formatPercent(repeat.percent, guide.percentDecimals),
  });
}

/**
 * The configuration a reader saw just before this variant: the step's previous variant, or for a
 * step's first variant the winner of the step before (what this step starts from).
 */
function previousConfig(guide: ComputedGuide, step: ComputedStep, index: number) {
  const before =
    index > 0
      ? step.variants[index - 1]
      : (() => {
          const earlier = guide.steps[guide.steps.indexOf(step) - 1];
          return earlier?.variants.find((v) => v.id === earlier.winner);
        })();
  return before && before.engine.id === step.variants[index]?.engine.id ? configFlags(before) : undefined;
}

function variantView(
  ctx: ViewContext,
  variant: ComputedVariant,
  previous: ReadonlyMap<string, string> | undefined,
): VariantView {
  const { lang, tr } = ctx;
  const skipped = isSkipped(variant);
  const argsShown = variant.args && variant.args.length > 0 ? argsView(variant.args, previous) : undefined;
  const commandShown = variant.command ? commandView(variant.command, previous) : undefined;
  return {
    id: variant.id,
    ...(variant.label ? { heading: variant.label[lang] } : {}),
    ...(variant.profile ? { profile: ctx.profileName(variant.profile) } : {}),
    ...(argsShown ? { args: argsShown.text, argsView: argsShown } : {}),
    ...(commandShown ? { command: commandShown.text, commandView: commandShown } : {}),
    ...(variant.status !== 'ok' || skipped
      ? { status: `${statusText(variant, tr)}${variant.reason ? ` — ${variant.reason[lang]}` : ''}` }
      : {}),
    ...(variant.measured ? { result: ctx.raw(variant.measured.runId) } : {}),
  };
}
