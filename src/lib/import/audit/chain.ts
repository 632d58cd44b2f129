// The adopted chain, the rule every Performance Lab page follows: the baseline is the first step's
// vLLM run; a step's best complete run is adopted when it beats the configuration adopted so far,
// which it then replaces. Walked over the page's steps (recommended command, conclusion, ranking
// lines) and over the rows of its summary table (which may group runs differently).
import type { PageStep, PerformanceLabPage } from '../page-model.ts';
import { auditContext, bestOf, better, measureStep, usable, type AuditContext, type Measured } from './measure.ts';

export type ChainLink = {
  runs: readonly Measured[];
  /** the step's best run that served every request */
  best?: Measured;
  /** the configuration the step started from */
  from?: Measured;
  adopted: boolean;
};

export type Chain = { baseline?: Measured; links: ChainLink[]; final?: Measured };

/** The untuned run everything is compared with: the first step's vLLM run, else its first usable one. */
export function baselineOf(firstStep: readonly Measured[]): Measured | undefined {
  const complete = firstStep.filter(usable);
  const vllm = complete.find(
    (m) => /vllm/i.test(m.label) || /^\s*vllm\s/i.test(m.variant.command?.value.replace(/^(#.*\n|\s)*/, '') ?? ''),
  );
  return vllm ?? complete[0];
}

export function walkChain(
  units: readonly (readonly Measured[])[],
  baseline: Measured | undefined,
  latency: boolean,
): Chain {
  let current = baseline;
  const links = units.map((runs): ChainLink => {
    const best = bestOf(runs.filter(usable), latency);
    const from = current;
    const adopted = best !== undefined && best !== baseline && (from === undefined || better(best, from, latency));
    if (adopted) current = best;
    return { runs, ...(best ? { best } : {}), ...(from ? { from } : {}), adopted };
  });
  return { ...(baseline ? { baseline } : {}), links, ...(current ? { final: current } : {}) };
}

/** A page's steps measured, and its adopted chain: what the audit checks and the draft's cases use. */
export function pageChain(
  page: PerformanceLabPage,
  file: string,
): { ctx: AuditContext; steps: { step: PageStep; title: string; runs: Measured[] }[]; chain: Chain } {
  const ctx = auditContext(page, file);
  const steps = page.steps.map((step) => ({ step, title: step.title.value, runs: measureStep(step, ctx) }));
  const chain = walkChain(
    steps.map((s) => s.runs),
    baselineOf(steps[0]?.runs ?? []),
    ctx.latency,
  );
  return { ctx, steps, chain };
}
