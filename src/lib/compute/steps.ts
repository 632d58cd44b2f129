import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { ComputedStep, ComputedVariant } from '../schema/computed.ts';
import type { Step } from '../schema/guide-yaml.ts';
import type { ComputeContext } from './context.ts';
import { localized } from './localized.ts';
import type { MeasuredStep, StepPath } from './measured-step.ts';
import { measure } from './measure-run.ts';
import { ranked } from './ranking.ts';
import { checkUnique, lookup } from './references.ts';
import { withChanges } from './step-changes.ts';
import { summarize } from './step-summary.ts';
import { isComplete, isSkipped, type MeasuredVariant } from '../schema/served.ts';

/** Each step's variants measured and its winner; undefined entries are steps that failed (and said why). */
export function measureSteps(ctx: ComputeContext): (MeasuredStep | undefined)[] {
  return ctx.guide.steps.map((step, stepIndex) => measureStep(ctx, step, stepIndex));
}

function measureStep(ctx: ComputeContext, step: Step, stepIndex: number): MeasuredStep | undefined {
  const path = ['steps', stepIndex];
  if (
    !checkUnique(
      ctx,
      step.variants.map((v) => v.id),
      (i) => [...path, 'variants', i, 'id'],
      'variant',
    )
  )
    return undefined;
  const profile = step.profile
    ? lookup(ctx, ctx.guide.profiles, 'profile', step.profile, [...path, 'profile'])
    : undefined;
  step.variants.forEach((variant, i) => {
    if (variant.label === undefined && step.variants.length > 1)
      ctx.error(
        [...path, 'variants', i],
        'E_MISSING_REQUIRED',
        `variant "${variant.id}" of step "${step.id}" has no label`,
        {
          expected: 'label: { en, zh } (only the single run of a step may go without one)',
          found: 'no label',
        },
      );
  });

  const variants: ComputedVariant[] = step.variants.map((variant, variantIndex) => {
    const variantPath = [...path, 'variants', variantIndex];
    const measured =
      variant.status === 'ok' && variant.result !== undefined
        ? measure(ctx, variant.result, { gpus: variant.gpus, profile: step.profile }, variantPath)
        : undefined;
    const engine = lookup(ctx, ctx.guide.engines, 'engine', variant.engine, [...variantPath, 'engine']);
    return {
      id: variant.id,
      ...(variant.label !== undefined ? { label: localized(variant.label) } : {}),
      engine: engine ? { id: engine.id, name: engine.name } : { id: variant.engine, name: variant.engine },
      ...(variant.args ? { args: variant.args } : {}),
      ...(variant.command ? { command: variant.command } : {}),
      status: variant.status,
      ...(variant.reason ? { reason: localized(variant.reason) } : {}),
      ...(profile ? { profile: { id: profile.id, name: profile.name } } : {}),
      ...(measured ? { measured } : {}),
    };
  });
  if (variants.filter((v) => v.measured).length !== step.variants.filter((v) => v.status === 'ok').length)
    return undefined; // reported
  const complete = variants.filter(isComplete);
  const winner = pickWinner(ctx, step, path, variants, complete);
  if (winner === null) return undefined;
  return { step, path, number: stepIndex + 1, variants, complete, ...(winner ? { winner } : {}) };
}

/** The step's best complete run, or the one the author names; null after an error. */
function pickWinner(
  ctx: ComputeContext,
  step: Step,
  path: StepPath,
  variants: ComputedVariant[],
  complete: MeasuredVariant[],
): MeasuredVariant | undefined | null {
  if (step.winner !== 'auto') {
    const named = step.winner.variant;
    const winner = complete.find((v) => v.id === named);
    if (!winner) {
      const ids = complete.map((v) => v.id);
      const skipped = variants.find((v) => v.id === named && isSkipped(v));
      ctx.error(
        [...path, 'winner', 'variant'],
        'E_REFERENCE',
        `winner "${named}" is not a measured variant of step "${step.id}"${skipped ? ' that served every request' : ''}`,
        {
          expected: `one of ${ids.join(', ') || '(none: no run of this step served every request)'}`,
          found: JSON.stringify(named),
          hint: skipped
            ? 'a run with failed requests never wins a step'
            : (didYouMean(named, ids) ??
              (ids.length > 0
                ? 'name one of the variants listed'
                : 'leave winner: out (auto): no run of this step served every request, so none can be named')),
        },
      );
      return null;
    }
    return winner;
  }
  const [winner] = ranked(complete, ctx.primaryHigher);
  if (!winner) return undefined;
  const tied = complete.filter((v) => v.measured.score === winner.measured.score);
  if (tied.length > 1) {
    ctx.error(
      [...path, 'winner'],
      'E_NO_WINNER',
      `step "${step.id}": ${tied.map((v) => `"${v.id}"`).join(' and ')} tie on ${ctx.primaryKey}; the winner cannot be decided`,
      {
        expected: 'winner: { variant: <id>, reason: { en, zh } }',
        found: `${tied.length} variants at ${winner.measured.primary.printed}`,
        hint: `name the variant you adopt, e.g. winner: { variant: ${tied[0]?.id}, reason: { en: …, zh: … } } (the first listed: the published pages' generator adopts it)`,
      },
    );
    return null;
  }
  return winner;
}

/**
 * Walks the steps in order from the baseline: a step is adopted when its winner beats the
 * configuration it started from, which it then replaces. Summaries compare within the step, or
 * with that configuration (`previous-winner`).
 */
export function concludeSteps(
  ctx: ComputeContext,
  measured: readonly MeasuredStep[],
  baseline: { step: string; variant: MeasuredVariant },
): ComputedStep[] {
  let current = baseline;
  const steps: ComputedStep[] = [];
  for (const [index, m] of measured.entries()) {
    const { step, winner } = m;
    const start = index === 0 ? undefined : current;
    const summary = summarize(ctx, m, start);
    if (!summary) continue;
    const { reference, variants } = withChanges(step.id, m.variants, current, {
      primaryHigher: ctx.primaryHigher,
      secondary: ctx.secondaryKeys,
    });
    const startScore = current.variant.measured.score;
    const isBaseline = step.id === baseline.step && winner?.id === baseline.variant.id;
    const notAdopted: ComputedStep['notAdopted'] = !winner
      ? { why: m.variants.some((v) => v.measured) ? 'no-successful-run' : 'not-measured' }
      : step.adopted !== 'auto'
        ? { why: 'author', reason: step.adopted.reason }
        : isBaseline
          ? { why: 'baseline-won' }
          : !(ctx.primaryHigher ? winner.measured.score > startScore : winner.measured.score < startScore)
            ? { why: 'no-gain' }
            : undefined;
    if (winner && !notAdopted) current = { step: step.id, variant: winner };
    steps.push({
      id: step.id,
      number: m.number,
      title: step.title,
      summaryLabel: step.summaryLabel ?? step.title,
      ...(step.benchmark ? { benchmark: step.benchmark.replace(/\n+$/, '') } : {}),
      variants,
      ...(winner ? { winner: winner.id } : {}),
      ...(step.winner !== 'auto' ? { winnerReason: step.winner.reason } : {}),
      adopted: notAdopted === undefined,
      ...(notAdopted ? { notAdopted } : {}),
      summary,
      ...(reference ? { reference } : {}),
    });
  }
  return steps;
}
