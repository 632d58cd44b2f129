import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { timed } from '../phase-times.ts';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { ComputedCase, ComputedGuide, ComputedStep, Measured } from '../schema/computed.ts';
import { betterRatio, percentChange } from './percent-change.ts';
import { checkAcknowledgements, type Acknowledged } from './acknowledgements.ts';
import { computeAccuracy } from './accuracy-checks.ts';
import { computeComparison, computeOtherCases } from './comparison.ts';
import { createContext, hasErrorsSoFar, type ComputeContext, type ComputeInput } from './context.ts';
import { localized } from './localized.ts';
import { optimizationSummaryRows } from './optimization-summary.ts';
import { checkUnique, lookup } from './references.ts';
import { repeatedConfigurations } from './repeats.ts';
import type { MeasuredStep } from './measured-step.ts';
import { concludeSteps, measureSteps } from './steps.ts';
import { storyFindings } from './story.ts';
import { computeSweep } from './sweep.ts';
import { checkCommands } from './commands.ts';
import { checkGpuCount } from './gpu-count.ts';
import { checkRecorded } from './recorded.ts';
import { computeEnvironments, runEnvironment } from './environments.ts';
import { emptyBlockIndex } from './block-index.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { metricDirection } from '../schema/metric.ts';
import { computeDecision } from './decision.ts';

export type { ComputeInput };

/**
 * A guide.yaml already parsed and validated against its schema, with its runs → the computed guide:
 * checks the guide against its runs and computes everything its page shows (winners, summary
 * sentences' numbers, the optimization summary, the before/after comparison, accuracy verdicts).
 * Every problem is collected; a guide with any error yields no output. buildGuide (build-guide.ts)
 * is the one entry from a guide's source texts: it parses and validates them, then calls this.
 */
export function computeFromGuideYaml(input: ComputeInput): {
  guide?: ComputedGuide;
  diagnostics: Diagnostic[];
  /** warnings on the guide's runs and story that guide.yaml acknowledges, with their reasons */
  acknowledged: Acknowledged[];
} {
  const ctx = createContext(input);
  const { guide } = ctx;
  checkUnique(
    ctx,
    guide.engines.map((e) => e.id),
    (i) => ['engines', i, 'id'],
    'engine',
  );
  checkUnique(
    ctx,
    guide.profiles.map((p) => p.id),
    (i) => ['profiles', i, 'id'],
    'profile',
  );
  checkUnique(
    ctx,
    guide.steps.map((s) => s.id),
    (i) => ['steps', i, 'id'],
    'step',
  );

  checkCommands(ctx);
  checkGpuCount(ctx);
  const measuredSteps = measureSteps(ctx);
  const baseline = findBaseline(ctx, measuredSteps);
  const complete = measuredSteps.filter((s) => s !== undefined);
  const steps =
    baseline && complete.length === measuredSteps.length
      ? concludeSteps(ctx, complete, { step: baseline.step, variant: baseline.variant })
      : [];
  const accuracy = computeAccuracy(ctx);
  const comparison = computeComparison(ctx);
  const sweep = computeSweep(ctx, comparison);
  const otherCases = computeOtherCases(ctx);
  checkRecorded(ctx);
  const environments = computeEnvironments(ctx);
  const story = baseline ? storyFindings(ctx, steps, input.blocks ?? emptyBlockIndex()) : [];
  const { acknowledged, storyNotes } = checkAcknowledgements(ctx, story);
  const recommendedEngine = lookup(ctx, guide.engines, 'engine', guide.recommended.engine, ['recommended', 'engine']);
  if (hasErrorsSoFar(ctx) || !baseline || !recommendedEngine) return { diagnostics: ctx.diagnostics, acknowledged };
  const { measured: baselineMeasured } = baseline.variant;
  const computedBaseline = {
    step: baseline.step,
    variant: baseline.variant.id,
    engine: baseline.variant.engine,
    measured: baselineMeasured,
  };
  const recommended = {
    engine: { id: recommendedEngine.id, name: recommendedEngine.name },
    command: guide.recommended.command.replace(/\n+$/, ''),
  };
  const repeats = timed('compute.guide/build/repeats', () => repeatedConfigurations(steps));

  const runs = Object.fromEntries(
    [...ctx.usedRuns.values()]
      .sort((a, b) => byCodeUnit(a.id, b.id))
      .map((run) => {
        const recorded = runEnvironment(run, guide.engines);
        return [
          run.id,
          {
            file: run.source.file,
            format: run.source.format,
            blockLabel: run.source.blockLabel,
            startLine: run.source.startLine,
            endLine: run.source.endLine,
            raw: run.raw,
            ...(recorded ? { recorded } : {}),
          },
        ];
      }),
  );
  const decision = computeDecision(
    ctx,
    { steps, comparison, baseline: computedBaseline, repeats, runs, recommended },
    input.defaults,
  );

  return {
    diagnostics: ctx.diagnostics,
    acknowledged,
    guide: {
      id: input.id,
      title: guide.title,
      model: {
        name: guide.model.name,
        family: guide.model.family,
        subject: localized(guide.model.subject ?? guide.model.name),
      },
      hardware: {
        name: guide.hardware.name,
        gpus: guide.hardware.gpus,
        accelerator: guide.hardware.accelerator,
        label: localized(guide.hardware.label),
        short: localized(guide.hardware.short ?? guide.hardware.label),
      },
      objective: guide.objective,
      metrics: {
        primary: ctx.primaryKey,
        secondary: ctx.secondaryKeys,
        better: { primary: metricDirection(ctx.primaryKey), secondary: ctx.secondaryKeys.map(metricDirection) },
      },
      engines: guide.engines,
      ...(guide.measuredOn ? { measuredOn: guide.measuredOn } : {}),
      profiles: guide.profiles.map((p) => ({ ...p, label: localized(p.label), config: Object.entries(p.config) })),
      datasets: guide.datasets.map((d) => ({
        id: d.id,
        label: localized(d.label),
        ...(d.variants ? { variants: d.variants } : {}),
      })),
      ...(guide.benchmarkCommands ? { benchmarkCommands: guide.benchmarkCommands.replace(/\n+$/, '') } : {}),
      numberedSteps: guide.numberedSteps,
      baseline: computedBaseline,
      steps,
      accuracy,
      recommended,
      comparison,
      headline: headline(comparison, steps, baselineMeasured, ctx.primaryHigher),
      ...(sweep ? { sweep } : {}),
      scaling: guide.comparison.scaling,
      sections: guide.sections,
      otherCases,
      optimizationSummary: {
        mode: guide.optimizationSummary.mode,
        rows: optimizationSummaryRows(
          steps,
          baselineMeasured,
          guide.optimizationSummary.mode,
          ctx.primaryHigher,
          ctx.secondaryKeys,
        ),
      },
      percentDecimals: guide.percentDecimals,
      ...(guide.feedbackUrl ? { feedbackUrl: guide.feedbackUrl } : {}),
      ...(guide.renamedFrom ? { renamedFrom: guide.renamedFrom } : {}),
      story: storyNotes,
      repeats,
      runs,
      ...(environments ? { environments } : {}),
      decision,
    },
  };
}

/** The first benchmark case's change, or the last adopted winner's against the baseline. */
function headline(
  comparison: readonly ComputedCase[],
  steps: readonly ComputedStep[],
  baseline: Measured,
  primaryHigher: boolean,
): ComputedGuide['headline'] {
  const [first] = comparison;
  if (first) return { percent: first.percent, ratio: first.ratio, case: first.label };
  const last = steps.findLast((s) => s.adopted);
  const adopted = last?.variants.find((v) => v.id === last.winner)?.measured ?? baseline;
  return {
    percent: percentChange(baseline.score, adopted.score),
    ratio: betterRatio(baseline.score, adopted.score, primaryHigher),
  };
}

/** The un-tuned configuration every gain is measured against: a complete measured variant of a step. */
function findBaseline(
  ctx: ComputeContext,
  steps: readonly (MeasuredStep | undefined)[],
): { step: string; variant: MeasuredStep['complete'][number] } | undefined {
  const { step: stepId, variant: variantId } = ctx.guide.baseline;
  if (!lookup(ctx, ctx.guide.steps, 'step', stepId, ['baseline', 'step'])) return undefined;
  const step = steps.find((s) => s?.step.id === stepId);
  if (!step) return undefined; // the step itself failed, and said why
  const variant = step.complete.find((v) => v.id === variantId);
  if (!variant) {
    const ids = step.complete.map((v) => v.id);
    ctx.error(
      ['baseline', 'variant'],
      'E_REFERENCE',
      `step "${stepId}" has no measured variant "${variantId}" that served every request`,
      {
        expected: ids.length > 0 ? `one of ${ids.join(', ')}` : 'a variant whose run served every request (none does)',
        found: JSON.stringify(variantId),
        hint: didYouMean(variantId, ids) ?? 'the baseline every gain is measured against must be a complete run',
      },
    );
    return undefined;
  }
  return { step: stepId, variant };
}
