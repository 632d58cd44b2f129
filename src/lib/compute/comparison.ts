import type { ComputedCase, ComputedGuide } from '../schema/computed.ts';
import type { ComputeContext } from './context.ts';
import { localized } from './localized.ts';
import { measure } from './measure-run.ts';
import { betterRatio, percentChange, secondaryChange, secondaryChanges } from './percent-change.ts';
import { checkUnique, lookup, resolveLog } from './references.ts';

/** A configuration as the page shows it: backend parameters or a serving command. */
export function configOf(config: { args?: string[] | undefined; command?: string | undefined }) {
  return {
    ...(config.args ? { args: config.args } : {}),
    ...(config.command ? { command: config.command.replace(/\n+$/, '') } : {}),
  };
}

/** The conclusion's before/after table: optimized against baseline, per benchmark case. */
export function computeComparison(ctx: ComputeContext): ComputedCase[] {
  const cases: ComputedCase[] = [];
  ctx.guide.comparison.cases.forEach((testCase, caseIndex) => {
    const path = ['comparison', 'cases', caseIndex];
    const sides = { baseline: testCase.baseline, optimized: testCase.optimized };
    const [baseline, optimized] = (['baseline', 'optimized'] as const).map((side) => {
      const measured = measure(ctx, sides[side].result, { gpus: sides[side].gpus, profile: testCase.profile }, [
        ...path,
        side,
      ]);
      // The conclusion states a gain: only runs that served every request may carry one.
      if (measured?.successRate !== undefined) {
        ctx.error(
          [...path, side, 'result'],
          'E_FAILED_REQUESTS',
          `the ${side} run of case "${testCase.id}" served only ${(measured.successRate * 100).toFixed(1)}% of its requests`,
          {
            expected: 'a run in which every request succeeded',
            found: `success rate ${(measured.successRate * 100).toFixed(1)}%`,
            hint: 'the before/after table compares complete runs; measure the case again or leave it out',
          },
        );
        return undefined;
      }
      return measured;
    });
    const profile = testCase.profile
      ? lookup(ctx, ctx.guide.profiles, 'profile', testCase.profile, [...path, 'profile'])
      : undefined;
    if (!baseline || !optimized) return;
    cases.push({
      id: testCase.id,
      label: localized(testCase.label),
      ...(profile ? { profile: { id: profile.id, name: profile.name } } : {}),
      ...(testCase.benchmark ? { benchmark: testCase.benchmark.replace(/\n+$/, '') } : {}),
      baseline: { ...configOf(testCase.baseline), measured: baseline },
      optimized: { ...configOf(testCase.optimized), measured: optimized },
      percent: percentChange(baseline.score, optimized.score),
      ratio: betterRatio(baseline.score, optimized.score, ctx.primaryHigher),
      secondaryChange: secondaryChange((baseline.secondary[0]?.value ?? 0) - (optimized.secondary[0]?.value ?? 0)),
      // measure() gives both sides the guide's secondary metrics, in its order.
      ...secondaryChanges(baseline, optimized, ctx.secondaryKeys),
    });
  });
  checkUnique(
    ctx,
    ctx.guide.comparison.cases.map((c) => c.id),
    (i) => ['comparison', 'cases', i, 'id'],
    'comparison case',
  );
  return cases;
}

/** "Other benchmark cases" shown as whole logs: every block of each log, in file order. */
export function computeOtherCases(ctx: ComputeContext): ComputedGuide['otherCases'] {
  const other = ctx.guide.otherCases;
  if (other.layout !== 'by-config') return { layout: 'by-case' };
  const baseline = resolveLog(ctx, other.baseline.log, ['otherCases', 'baseline', 'log']);
  const optimized = resolveLog(ctx, other.optimized.log, ['otherCases', 'optimized', 'log']);
  if (!baseline || !optimized) return { layout: 'by-case' };
  return {
    layout: 'by-config',
    baseline: { ...configOf(other.baseline), log: other.baseline.log, runIds: baseline.map((run) => run.id) },
    optimized: { ...configOf(other.optimized), log: other.optimized.log, runIds: optimized.map((run) => run.id) },
  };
}
