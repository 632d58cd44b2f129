import type { ComputedCase, ComputedGuide } from '../schema/computed.ts';
import type { ComputeContext } from './context.ts';
import { localized } from './localized.ts';
import { checkRequests, measure } from './measured.ts';
import { percentChange, secondaryChange } from './percent-change.ts';
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
    const baseline = measure(ctx, testCase.baseline.result, testCase.baseline.gpus, [...path, 'baseline']);
    const optimized = measure(ctx, testCase.optimized.result, testCase.optimized.gpus, [...path, 'optimized']);
    const profile = testCase.profile
      ? lookup(ctx, ctx.guide.profiles, 'profile', testCase.profile, [...path, 'profile'])
      : undefined;
    if (!baseline || !optimized) return;
    checkRequests(ctx, baseline.runId, testCase.profile);
    checkRequests(ctx, optimized.runId, testCase.profile);
    cases.push({
      id: testCase.id,
      label: localized(testCase.label),
      ...(profile ? { profile: { id: profile.id, name: profile.name } } : {}),
      baseline: { ...configOf(testCase.baseline), measured: baseline },
      optimized: { ...configOf(testCase.optimized), measured: optimized },
      percent: percentChange(baseline.score, optimized.score),
      secondaryChange: secondaryChange(baseline.secondary.value - optimized.secondary.value),
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
