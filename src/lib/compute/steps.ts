import { didYouMean } from '../diagnostics/did-you-mean.ts';
import { stored } from '../format/number.ts';
import type { ComputedStep, ComputedVariant, Measured, StepSummary } from '../schema/computed.ts';
import type { Step } from '../schema/guide.ts';
import type { ComputeContext } from './context.ts';
import { localized } from './localized.ts';
import { checkRequests, measure } from './measured.ts';
import { percentOf, secondaryChange } from './percent-change.ts';
import { ranked, worstOf } from './ranking.ts';
import { checkUnique, lookup } from './references.ts';

type MeasuredVariant = ComputedVariant & { measured: Measured };

/** Each step's variants measured, its winner, and the numbers of its summary sentence. */
export function computeSteps(ctx: ComputeContext): ComputedStep[] {
  const steps: ComputedStep[] = [];
  ctx.guide.steps.forEach((step, stepIndex) => {
    const computed = computeStep(ctx, step, stepIndex, steps.at(-1));
    if (computed) steps.push(computed);
  });
  return steps;
}

function computeStep(
  ctx: ComputeContext,
  step: Step,
  stepIndex: number,
  previous: ComputedStep | undefined,
): ComputedStep | undefined {
  const stepPath = ['steps', stepIndex];
  const variantIds = step.variants.map((v) => v.id);
  if (!checkUnique(ctx, variantIds, (i) => [...stepPath, 'variants', i, 'id'], 'variant')) return undefined;
  const profile = step.profile
    ? lookup(ctx, ctx.guide.profiles, 'profile', step.profile, [...stepPath, 'profile'])
    : undefined;

  const variants: ComputedVariant[] = step.variants.map((variant, variantIndex) => {
    const path = [...stepPath, 'variants', variantIndex];
    const measured =
      variant.status === 'ok' && variant.result !== undefined
        ? measure(ctx, variant.result, variant.gpus, path)
        : undefined;
    if (measured) checkRequests(ctx, measured.runId, step.profile);
    const engine = lookup(ctx, ctx.guide.engines, 'engine', variant.engine, [...path, 'engine']);
    return {
      id: variant.id,
      label: localized(variant.label),
      engine: engine ? { id: engine.id, name: engine.name } : { id: variant.engine, name: variant.engine },
      ...(variant.args ? { args: variant.args } : {}),
      ...(variant.command ? { command: variant.command } : {}),
      status: variant.status,
      ...(variant.reason ? { reason: localized(variant.reason) } : {}),
      ...(profile ? { profile: { id: profile.id, name: profile.name } } : {}),
      ...(measured ? { measured } : {}),
    };
  });
  const measuredVariants = variants.filter((v): v is MeasuredVariant => v.measured !== undefined);
  if (measuredVariants.length !== step.variants.filter((v) => v.status === 'ok').length) return undefined; // reported

  const winner = pickWinner(ctx, step, stepPath, measuredVariants);
  if (!winner) return undefined;
  const summary = summarize(ctx, step, stepPath, variants, measuredVariants, winner, previous);
  if (!summary) return undefined;
  return {
    id: step.id,
    number: stepIndex + 1,
    title: step.title,
    summaryLabel: step.summaryLabel ?? step.title,
    variants,
    winner: winner.id,
    ...(step.winner !== 'auto' ? { winnerReason: step.winner.reason } : {}),
    summary,
  };
}

function pickWinner(
  ctx: ComputeContext,
  step: Step,
  stepPath: (string | number)[],
  measuredVariants: MeasuredVariant[],
): MeasuredVariant | undefined {
  if (step.winner !== 'auto') {
    const named = step.winner.variant;
    const winner = measuredVariants.find((v) => v.id === named);
    if (!winner) {
      const ids = measuredVariants.map((v) => v.id);
      ctx.error(
        [...stepPath, 'winner', 'variant'],
        'E_REFERENCE',
        `winner "${named}" is not a measured variant of step "${step.id}"`,
        {
          expected: `one of ${ids.join(', ')}`,
          found: JSON.stringify(named),
          hint: didYouMean(named, ids),
        },
      );
    }
    return winner;
  }
  const [winner] = ranked(measuredVariants, ctx.primaryHigher);
  if (!winner) {
    ctx.error(
      [...stepPath, 'variants'],
      'E_NO_WINNER',
      `step "${step.id}" has no measured variant to pick a winner from`,
      {
        expected: 'at least one variant with status ok',
        found: 'none',
      },
    );
    return undefined;
  }
  const tied = measuredVariants.filter((v) => v.measured.score === winner.measured.score);
  if (tied.length > 1) {
    ctx.error(
      [...stepPath, 'winner'],
      'E_NO_WINNER',
      `step "${step.id}": ${tied.map((v) => `"${v.id}"`).join(' and ')} tie on ${ctx.primaryKey}; the winner cannot be decided`,
      {
        expected: 'winner: { variant: <id>, reason: { en, zh } }',
        found: `${tied.length} variants at ${winner.measured.primary.printed}`,
      },
    );
    return undefined;
  }
  return winner;
}

function summarize(
  ctx: ComputeContext,
  step: Step,
  stepPath: (string | number)[],
  variants: ComputedVariant[],
  measuredVariants: MeasuredVariant[],
  winner: MeasuredVariant,
  previous: ComputedStep | undefined,
): StepSummary | undefined {
  if (step.summary === 'none') return { kind: 'none' };
  if (step.summary === 'ranking') {
    return {
      kind: 'ranking',
      order: [
        ...ranked(measuredVariants, ctx.primaryHigher).map((v) => v.id),
        ...variants.filter((v) => v.status !== 'ok').map((v) => v.id),
      ],
    };
  }
  const reference = pickReference(ctx, step.reference, measuredVariants, previous);
  if (typeof reference === 'string') {
    ctx.error([...stepPath, 'reference'], 'E_REFERENCE', reference, {
      expected: 'worst, first, previous-winner or { variant: <id> }',
      found: JSON.stringify(step.reference),
    });
    return undefined;
  }
  if (reference.step === undefined && reference.variant.id === winner.id) {
    ctx.error(
      [...stepPath, 'reference'],
      'E_REFERENCE',
      `step "${step.id}": the reference for the summary is the winner itself`,
      {
        expected: 'a reference other than the winner',
        found: JSON.stringify(reference.variant.id),
      },
    );
    return undefined;
  }
  return pairwise(winner, reference, ctx.primaryHigher);
}

/** What a pairwise sentence compares the winner with: a variant of this step, or the previous step's winner. */
type Reference = { step?: string; variant: MeasuredVariant };

function pickReference(
  ctx: ComputeContext,
  rule: Step['reference'],
  variants: MeasuredVariant[],
  previousStep: ComputedStep | undefined,
): Reference | string {
  if (rule === 'worst') {
    const worst = worstOf(variants, ctx.primaryHigher);
    return worst ? { variant: worst } : 'the step has no measured variant';
  }
  if (rule === 'first') return variants[0] ? { variant: variants[0] } : 'the step has no measured variant';
  if (rule === 'previous-winner') {
    if (!previousStep) return 'the first step has no previous winner';
    const previous = previousStep.variants.find(
      (v): v is MeasuredVariant => v.id === previousStep.winner && v.measured !== undefined,
    );
    return previous ? { step: previousStep.id, variant: previous } : 'the previous step has no measured winner';
  }
  const named = variants.find((v) => v.id === rule.variant);
  return named ? { variant: named } : `unknown reference variant "${rule.variant}"`;
}

function pairwise(winner: MeasuredVariant, reference: Reference, higherIsBetter: boolean): StepSummary {
  const w = winner.measured;
  const r = reference.variant.measured;
  const secondaryDelta = stored(r.secondary.value - w.secondary.value);
  // How much better the winner is on the objective: negative when an author chose a slower variant.
  const gain = higherIsBetter ? w.score - r.score : r.score - w.score;
  return {
    kind: 'pairwise',
    winner: winner.id,
    reference: reference.variant.id,
    ...(reference.step !== undefined ? { referenceStep: reference.step } : {}),
    primary: { gain: stored(gain), percent: percentOf(gain, r.score) },
    secondary: {
      diff: Math.abs(secondaryDelta),
      percent: percentOf(Math.abs(secondaryDelta), r.secondary.value),
      change: secondaryChange(secondaryDelta),
    },
  };
}
