import { stored } from '../format/number.ts';
import type { StepSummary } from '../schema/computed.ts';
import type { Step } from '../schema/guide-yaml.ts';
import type { ComputeContext } from './context.ts';
import { betterRatio, percentOf, secondaryChange } from './percent-change.ts';
import { ranked, worstOf } from './ranking.ts';
import type { MeasuredStep } from './measured-step.ts';
import { isSkipped, type MeasuredVariant } from '../schema/served.ts';

/**
 * The numbers of a step's summary sentence: a ranking of its complete runs, or its winner
 * against a reference (the step's worst or first run, a named one, or the configuration the step
 * started from). Undefined after an error.
 */
export function summarize(
  ctx: ComputeContext,
  { step, path, variants, complete, winner }: MeasuredStep,
  current: { step: string; variant: MeasuredVariant } | undefined,
): StepSummary | undefined {
  if (step.summary === 'none' || !winner) return { kind: 'none' };
  if (step.summary === 'ranking') {
    const skipped = variants.filter(isSkipped);
    return {
      kind: 'ranking',
      order: [
        ...ranked(complete, ctx.primaryHigher).map((v) => v.id),
        ...ranked(skipped as MeasuredVariant[], ctx.primaryHigher).map((v) => v.id),
        ...variants.filter((v) => v.status !== 'ok').map((v) => v.id),
      ],
    };
  }
  const reference = pickReference(ctx, step.reference, complete, current, winner);
  if (typeof reference === 'string') {
    ctx.error([...path, 'reference'], 'E_REFERENCE', reference, {
      expected: 'worst, first, previous-winner or { variant: <id> }',
      found: JSON.stringify(step.reference),
    });
    return undefined;
  }
  if (reference.step === undefined && reference.variant.id === winner.id) {
    // Runs skipped for failed requests can leave a step with one comparable run: nothing to compare.
    if (complete.length < step.variants.filter((v) => v.status === 'ok').length) return { kind: 'none' };
    ctx.error(
      [...path, 'reference'],
      'E_REFERENCE',
      `step "${step.id}": the reference for the summary is the winner itself`,
      {
        expected: 'a reference other than the winner',
        found: JSON.stringify(reference.variant.id),
        hint:
          step.variants.length === 1
            ? 'a step with one run has nothing to compare: use summary: none'
            : 'use reference: worst, or name another variant',
      },
    );
    return undefined;
  }
  return pairwise(winner, reference, ctx.primaryHigher);
}

/** What a pairwise sentence compares the winner with: a variant of this step, or the configuration the step started from. */
type Reference = { step?: string; variant: MeasuredVariant };

function pickReference(
  ctx: ComputeContext,
  rule: Step['reference'],
  variants: MeasuredVariant[],
  current: { step: string; variant: MeasuredVariant } | undefined,
  winner: MeasuredVariant,
): Reference | string {
  if (rule === 'worst') {
    // The worst of the others: when variants tie, the winner named among them is one of the
    // worst too, and never its own reference. Alone, it is (and the caller says so).
    const worst = worstOf(
      variants.filter((v) => v.id !== winner.id),
      ctx.primaryHigher,
    );
    return { variant: worst ?? winner };
  }
  if (rule === 'first') return variants[0] ? { variant: variants[0] } : 'the step has no measured variant';
  if (rule === 'previous-winner')
    return current ? { step: current.step, variant: current.variant } : 'the first step has no previous winner';
  const named = variants.find((v) => v.id === rule.variant);
  return named ? { variant: named } : `unknown reference variant "${rule.variant}"`;
}

function pairwise(winner: MeasuredVariant, reference: Reference, higherIsBetter: boolean): StepSummary {
  const w = winner.measured;
  const r = reference.variant.measured;
  // How much better the winner is on the objective: negative when an author chose a slower variant.
  const gain = higherIsBetter ? w.score - r.score : r.score - w.score;
  return {
    kind: 'pairwise',
    winner: winner.id,
    reference: reference.variant.id,
    ...(reference.step !== undefined ? { referenceStep: reference.step } : {}),
    primary: {
      gain: stored(gain),
      percent: percentOf(gain, r.score),
      ratio: betterRatio(r.score, w.score, higherIsBetter),
    },
    secondary: w.secondary.map((cell, i) => {
      const refValue = r.secondary[i]?.value ?? cell.value;
      const delta = stored(refValue - cell.value);
      return {
        diff: Math.abs(delta),
        percent: percentOf(Math.abs(delta), refValue),
        ...ratioOf(refValue, cell.value),
        change: secondaryChange(delta),
      };
    }),
  };
}

/** larger / smaller, for "(1.15x slower)"; none when a value is 0 (a ratio would be infinite). */
function ratioOf(a: number, b: number): { ratio?: number } {
  const [low, high] = a < b ? [a, b] : [b, a];
  return low > 0 ? { ratio: stored(high / low) } : {};
}
