// A step whose best runs tie on the objective has no winner compute can pick (E_NO_WINNER). The
// published pages' generator ranks with a stable sort, so of tied runs the first listed wins: the
// draft names that one, with the rule as its reason, and the import lists the decision for the
// author to confirm or change.
import type { Run } from '../schema/run.ts';
import { printedTps, usable, type Measured } from './audit/measure.ts';
import type { DraftStep } from './draft-steps.ts';
import type { PageVariant } from './page-model.ts';

export type Tie = { step: string; winner: string; tiedWith: string[]; at: string };

/** The draft variant whose result is `m`'s block. */
function variantOf(
  step: DraftStep,
  m: Measured,
  files: ReadonlyMap<PageVariant, string>,
  runsOf: ReadonlyMap<string, readonly Run[]>,
) {
  const file = files.get(m.variant);
  const several = (runsOf.get(file ?? '')?.length ?? 1) > 1;
  const block = m.run.source.blockLabel ?? m.run.source.blockIndex + 1;
  return step.variants.find((v) =>
    several ? typeof v.result === 'object' && v.result.file === file && v.result.block === block : v.result === file,
  );
}

/** Names the first listed of each step's tied best runs as its winner; returns each tie so named. */
export function nameTiedWinners(
  steps: DraftStep[],
  measured: readonly (readonly Measured[])[],
  latency: boolean,
  files: ReadonlyMap<PageVariant, string>,
  runsOf: ReadonlyMap<string, readonly Run[]>,
): Tie[] {
  const ties: Tie[] = [];
  steps.forEach((step, index) => {
    const complete = (measured[index] ?? []).filter(usable);
    const scores = complete.map((m) => m.score ?? NaN);
    const best = latency ? Math.min(...scores) : Math.max(...scores);
    const tied = complete.filter((m) => m.score === best);
    const [first, ...others] = tied.map((m) => variantOf(step, m, files, runsOf));
    if (!first || others.length === 0 || others.some((v) => v === undefined)) return;
    const names = others.map((v) => v?.label ?? v?.id ?? '');
    const at = latency ? `${best.toFixed(2)} s` : `${printedTps(tied[0]?.run) ?? best} tok/s`;
    step.winner = {
      variant: first.id,
      reason: {
        en: `tied with ${names.join(', ')} at ${at}; the first listed is adopted, as the published page's generator does`,
        zh: `与 ${names.join('、')} 并列（${at}）；按原页面生成器的规则，采用排在前面的一项`,
      },
    };
    ties.push({ step: step.id, winner: first.id, tiedWith: others.map((v) => v?.id ?? ''), at });
  });
  return ties;
}
