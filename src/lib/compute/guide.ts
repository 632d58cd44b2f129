import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { stored } from '../format/number.ts';
import type {
  ComputedCase,
  ComputedGuide,
  ComputedStep,
  ComputedVariant,
  Measured,
  StepSummary,
  Accuracy,
} from '../schema/computed.ts';
import type { Guide, Label, ResultRef } from '../schema/guide.ts';
import { metricDirection, metricUnit, type MetricKey } from '../schema/metric.ts';
import type { FormatId, Run } from '../schema/run.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import { gsm8kVerdict } from './accuracy.ts';
import { checkRunPlausibility } from '../ingest/plausibility.ts';

export type ComputeInput = {
  id: string;
  guide: Guide;
  runs: readonly Run[];
  /** repo-relative guide.yaml path, for messages */
  file: string;
  locate: (path: YamlPath) => { line: number; column: number };
};

const DEFAULT_PRIMARY: Record<Guide['objective'], MetricKey> = {
  throughput: 'total_token_throughput',
  latency: 'tpot.mean',
};

function localized(label: Label): { en: string; zh: string } {
  return typeof label === 'string' ? { en: label, zh: label } : label;
}

/**
 * Validates a guide against its runs and computes everything its page shows: winners, summary
 * sentences' numbers, the optimization summary, the before/after comparison and accuracy verdicts.
 * Every problem is collected; a guide with any error yields no output.
 */
export function computeGuide(input: ComputeInput): { guide?: ComputedGuide; diagnostics: Diagnostic[] } {
  const { guide, file, locate } = input;
  const diagnostics: Diagnostic[] = [];
  const error = (path: YamlPath, code: string, message: string, extra: Partial<Diagnostic> = {}) => {
    diagnostics.push({ severity: 'error', code, file, ...locate(path), message, ...extra });
  };

  const primaryKey = guide.metrics.primary ?? DEFAULT_PRIMARY[guide.objective];
  const secondaryKey = guide.metrics.secondary;
  const primaryHigher = metricDirection(primaryKey) === 'higher';
  const usedRuns = new Map<string, Run>();
  /** where guide.yaml first refers to each used run, for messages about that run */
  const usedAt = new Map<string, YamlPath>();
  const profileWarnings: Diagnostic[] = [];

  const engines = new Map(guide.engines.map((engine) => [engine.id, engine]));
  const profiles = new Map(guide.profiles.map((profile) => [profile.id, profile]));
  checkUnique(
    guide.engines.map((e) => e.id),
    (i) => ['engines', i, 'id'],
    'engine',
    error,
  );
  checkUnique(
    guide.profiles.map((p) => p.id),
    (i) => ['profiles', i, 'id'],
    'profile',
    error,
  );
  checkUnique(
    guide.steps.map((s) => s.id),
    (i) => ['steps', i, 'id'],
    'step',
    error,
  );

  const engineRef = (id: string, path: YamlPath) => {
    const engine = engines.get(id);
    if (!engine) {
      error(path, 'E_REFERENCE', `unknown engine "${id}"`, {
        expected: `one of ${[...engines.keys()].join(', ')}`,
        found: JSON.stringify(id),
        hint: didYouMean(id, engines.keys()),
      });
      return { id, name: id };
    }
    return { id: engine.id, name: engine.name };
  };
  const profileRef = (id: string | undefined, path: YamlPath) => {
    if (id === undefined) return undefined;
    const profile = profiles.get(id);
    if (!profile) {
      error(path, 'E_REFERENCE', `unknown profile "${id}"`, {
        expected: `one of ${[...profiles.keys()].join(', ') || '(no profiles defined)'}`,
        found: JSON.stringify(id),
        hint: didYouMean(id, profiles.keys()),
      });
      return undefined;
    }
    return { id: profile.id, name: profile.name };
  };

  const resolveRun = (ref: ResultRef, path: YamlPath): Run | undefined => {
    const {
      file: rawPath,
      block,
      format,
    } = typeof ref === 'string' ? { file: ref, block: undefined, format: undefined } : ref;
    const base = rawPath.replace(/\.[^./]+$/, '');
    const candidates = input.runs.filter((run) => run.id === base || run.id.startsWith(`${base}#`));
    const rawFiles = new Set(input.runs.map((run) => run.source.file.split(`/${input.id}/`)[1] ?? run.source.file));
    if (candidates.length === 0) {
      error(path, 'E_REFERENCE', `no raw result "${rawPath}" under data/raw/${input.id}/`, {
        expected: 'a file that ingest parsed',
        found: JSON.stringify(rawPath),
        hint: didYouMean(rawPath, rawFiles),
      });
      return undefined;
    }
    let run: Run | undefined;
    if (block === undefined) {
      if (candidates.length > 1) {
        error(path, 'E_REFERENCE', `"${rawPath}" holds ${candidates.length} result blocks; say which with \`block:\``, {
          expected: `block: one of ${candidates.map((c) => JSON.stringify(c.source.blockLabel ?? c.source.blockIndex + 1)).join(', ')}`,
          found: 'no block',
        });
        return undefined;
      }
      run = candidates[0];
    } else if (typeof block === 'number') {
      run = candidates.find((c) => c.source.blockIndex + 1 === block);
      if (!run)
        error(path, 'E_REFERENCE', `"${rawPath}" has no block #${block}`, {
          expected: `1 to ${candidates.length}`,
          found: String(block),
        });
    } else {
      run = candidates.find((c) => c.source.blockLabel === block);
      const labels = candidates.map((c) => c.source.blockLabel).filter((l): l is string => l !== null);
      if (!run) {
        error(path, 'E_REFERENCE', `"${rawPath}" has no block labelled "${block}"`, {
          expected:
            labels.length > 0
              ? `one of ${labels.map((l) => JSON.stringify(l)).join(', ')}`
              : `no \`block:\` — the file's ${candidates.length === 1 ? 'only block has' : 'blocks have'} no "# label" line`,
          found: JSON.stringify(block),
          ...(didYouMean(block, labels) ? { hint: didYouMean(block, labels) } : {}),
        });
      }
    }
    if (run && format !== undefined && run.source.format !== format) {
      error(path, 'E_FORMAT', `"${rawPath}" was read as ${run.source.format}, not ${format}`, {
        expected: format,
        found: run.source.format,
      });
    }
    if (run) {
      usedRuns.set(run.id, run);
      if (!usedAt.has(run.id)) usedAt.set(run.id, path);
    }
    return run;
  };

  // A run measured under a profile must have served all the profile's requests.
  const checkRequests = (run: Run, profileId: string | undefined) => {
    const total = profileId ? profiles.get(profileId)?.config.total_requests : undefined;
    const successful = run.metrics.requests_successful;
    if (typeof total !== 'number' || !successful) return;
    if (successful.value > total) {
      diagnostics.push({
        severity: 'error',
        code: 'E_INCONSISTENT_REQUESTS',
        file: run.source.file,
        line: successful.line,
        message: `${successful.printed} successful requests, but profile "${profileId}" sends only ${total}`,
        expected: `at most ${total}`,
        found: successful.printed,
      });
    } else if (successful.value < total) {
      profileWarnings.push({
        severity: 'warning',
        code: 'W_REQUESTS_FAILED',
        file: run.source.file,
        line: successful.line,
        message: `only ${successful.printed} of the ${total} requests of profile "${profileId}" succeeded`,
        expected: String(total),
        found: successful.printed,
      });
    }
  };

  const cell = (run: Run, key: MetricKey, path: YamlPath) => {
    const value = run.metrics[key];
    if (!value) {
      error(
        path,
        'E_MISSING_REQUIRED',
        `${run.source.file} (lines ${run.source.startLine}-${run.source.endLine}) has no ${key}, which this guide needs`,
        {
          expected: `a value for ${key}`,
          found: `only ${Object.keys(run.metrics).join(', ')}`,
        },
      );
      return undefined;
    }
    return { ...value, runId: run.id };
  };

  const measure = (ref: ResultRef, gpus: number | undefined, path: YamlPath): Measured | undefined => {
    const run = resolveRun(ref, [...path, 'result']);
    if (!run) return undefined;
    const primary = cell(run, primaryKey, [...path, 'result']);
    const secondary = cell(run, secondaryKey, [...path, 'result']);
    if (!primary || !secondary) return undefined;
    if (gpus !== undefined && gpus > guide.hardware.gpus) {
      error([...path, 'gpus'], 'E_RANGE', `uses ${gpus} GPUs, more than the machine's ${guide.hardware.gpus}`, {
        expected: `at most ${guide.hardware.gpus}`,
        found: String(gpus),
      });
    }
    if (gpus !== undefined && guide.hardware.gpus % gpus !== 0) {
      error(
        [...path, 'gpus'],
        'E_RANGE',
        `${gpus} GPUs do not divide the machine's ${guide.hardware.gpus}: replicas would not fill it`,
        { expected: `a divisor of ${guide.hardware.gpus}`, found: String(gpus) },
      );
    }
    if (gpus !== undefined && !primaryHigher) {
      error(
        [...path, 'gpus'],
        'E_SCALE',
        `GPU scaling applies to throughput; the primary metric ${primaryKey} is a latency`,
        { expected: 'no gpus: on a latency guide', found: String(gpus) },
      );
    }
    const scale = gpus === undefined ? 1 : guide.hardware.gpus / gpus;
    return { runId: run.id, primary, secondary, scale, score: stored(primary.value * scale) };
  };

  // Steps: variants, winner, reference, summary.
  const steps: ComputedStep[] = [];
  guide.steps.forEach((step, stepIndex) => {
    const stepPath = ['steps', stepIndex];
    if (
      !checkUnique(
        step.variants.map((v) => v.id),
        (i) => [...stepPath, 'variants', i, 'id'],
        'variant',
        error,
      )
    )
      return;
    const variants: ComputedVariant[] = step.variants.map((variant, variantIndex) => {
      const path = [...stepPath, 'variants', variantIndex];
      const measured =
        variant.status === 'ok' && variant.result !== undefined
          ? measure(variant.result, variant.gpus, path)
          : undefined;
      if (measured) checkRequests(usedRuns.get(measured.runId)!, step.profile);
      return {
        id: variant.id,
        label: localized(variant.label),
        engine: engineRef(variant.engine, [...path, 'engine']),
        ...(variant.args ? { args: variant.args } : {}),
        ...(variant.command ? { command: variant.command } : {}),
        status: variant.status,
        ...(variant.reason ? { reason: localized(variant.reason) } : {}),
        ...(step.profile ? { profile: profileRef(step.profile, [...stepPath, 'profile']) } : {}),
        ...(measured ? { measured } : {}),
      };
    });
    const measuredVariants = variants.filter(
      (v): v is ComputedVariant & { measured: Measured } => v.measured !== undefined,
    );
    if (measuredVariants.length !== step.variants.filter((v) => v.status === 'ok').length) return; // errors already reported

    const better = (a: Measured, b: Measured) => (primaryHigher ? a.score > b.score : a.score < b.score);
    let winner: (typeof measuredVariants)[number] | undefined;
    if (step.winner === 'auto') {
      if (measuredVariants.length === 0) {
        error(
          [...stepPath, 'variants'],
          'E_NO_WINNER',
          `step "${step.id}" has no measured variant to pick a winner from`,
          { expected: 'at least one variant with status ok', found: 'none' },
        );
        return;
      }
      const sorted = [...measuredVariants].sort((a, b) =>
        better(a.measured, b.measured) ? -1 : better(b.measured, a.measured) ? 1 : 0,
      );
      winner = sorted[0]!;
      const tied = sorted.filter((v) => v.measured.score === winner!.measured.score);
      if (tied.length > 1) {
        error(
          [...stepPath, 'winner'],
          'E_NO_WINNER',
          `step "${step.id}": ${tied.map((v) => `"${v.id}"`).join(' and ')} tie on ${primaryKey}; the winner cannot be decided`,
          {
            expected: 'winner: { variant: <id>, reason: { en, zh } }',
            found: `${tied.length} variants at ${winner.measured.primary.printed}`,
          },
        );
        return;
      }
    } else {
      const named = step.winner.variant;
      winner = measuredVariants.find((v) => v.id === named);
      if (!winner) {
        error(
          [...stepPath, 'winner', 'variant'],
          'E_REFERENCE',
          `winner "${named}" is not a measured variant of step "${step.id}"`,
          {
            expected: `one of ${measuredVariants.map((v) => v.id).join(', ')}`,
            found: JSON.stringify(named),
            hint: didYouMean(
              named,
              measuredVariants.map((v) => v.id),
            ),
          },
        );
        return;
      }
    }

    let summary: StepSummary = { kind: 'none' };
    if (step.summary === 'ranking') {
      const ranked = [...measuredVariants].sort((a, b) =>
        better(a.measured, b.measured) ? -1 : better(b.measured, a.measured) ? 1 : 0,
      );
      summary = {
        kind: 'ranking',
        order: [...ranked.map((v) => v.id), ...variants.filter((v) => v.status !== 'ok').map((v) => v.id)],
      };
    } else if (step.summary === 'pairwise') {
      const reference = pickReference(step.reference, measuredVariants, steps[steps.length - 1], better);
      if (typeof reference === 'string') {
        error([...stepPath, 'reference'], 'E_REFERENCE', reference, {
          expected: 'worst, first, previous-winner or { variant: <id> }',
          found: JSON.stringify(step.reference),
        });
        return;
      }
      if (reference.id === winner.id) {
        error(
          [...stepPath, 'reference'],
          'E_REFERENCE',
          `step "${step.id}": the reference for the summary is the winner itself`,
          { expected: 'a reference other than the winner', found: JSON.stringify(reference.id) },
        );
        return;
      }
      summary = pairwise(winner.id, reference.id, winner.measured, reference.measured, primaryHigher);
    }

    steps.push({
      id: step.id,
      number: stepIndex + 1,
      title: step.title,
      summaryLabel: step.summaryLabel ?? step.title,
      variants,
      winner: winner.id,
      ...(step.winner !== 'auto' ? { winnerReason: step.winner.reason } : {}),
      summary,
    });
  });

  // Baseline.
  const baselineStepIndex = guide.steps.findIndex((s) => s.id === guide.baseline.step);
  const baselineStep = steps.find((s) => s.id === guide.baseline.step);
  const baselineVariant = baselineStep?.variants.find((v) => v.id === guide.baseline.variant);
  if (baselineStepIndex < 0) {
    error(['baseline', 'step'], 'E_REFERENCE', `unknown step "${guide.baseline.step}"`, {
      expected: `one of ${guide.steps.map((s) => s.id).join(', ')}`,
      found: JSON.stringify(guide.baseline.step),
      hint: didYouMean(
        guide.baseline.step,
        guide.steps.map((s) => s.id),
      ),
    });
  } else if (baselineStep && !baselineVariant?.measured) {
    const ids = baselineStep.variants.filter((v) => v.measured).map((v) => v.id);
    error(
      ['baseline', 'variant'],
      'E_REFERENCE',
      `step "${guide.baseline.step}" has no measured variant "${guide.baseline.variant}"`,
      {
        expected: `one of ${ids.join(', ')}`,
        found: JSON.stringify(guide.baseline.variant),
        hint: didYouMean(guide.baseline.variant, ids),
      },
    );
  }

  // Accuracy checks.
  const accuracy: Accuracy[] = [];
  guide.accuracy.forEach((check, checkIndex) => {
    const path = ['accuracy', checkIndex];
    if (!guide.steps.some((s) => s.id === check.after)) {
      error([...path, 'after'], 'E_REFERENCE', `unknown step "${check.after}"`, {
        expected: `one of ${guide.steps.map((s) => s.id).join(', ')}`,
        found: JSON.stringify(check.after),
        hint: didYouMean(
          check.after,
          guide.steps.map((s) => s.id),
        ),
      });
    }
    const results = check.results.map((result, resultIndex) => {
      const resultPath = [...path, 'results', resultIndex, 'result'];
      const run = resolveRun(result.result, resultPath);
      if (!run) return undefined;
      const score = cell(run, 'gsm8k_accuracy', resultPath);
      const printedN = run.metrics.gsm8k_n?.value;
      if (printedN !== undefined && check.samples !== undefined && printedN !== check.samples) {
        error(
          [...path, 'samples'],
          'E_INCONSISTENT',
          `samples: ${check.samples} contradicts ${run.source.file}:${run.metrics.gsm8k_n!.line}, which printed ${printedN}`,
          { expected: String(printedN), found: String(check.samples) },
        );
      }
      const samples = printedN ?? check.samples;
      if (samples === undefined) {
        error(
          [...path, 'samples'],
          'E_MISSING_REQUIRED',
          `${run.source.file} does not print its sample count; the noise verdict needs it`,
          { expected: 'samples: <number of questions>', found: 'nothing' },
        );
        return undefined;
      }
      return score ? { label: result.label, score, samples } : undefined;
    });
    if (results.some((r) => r === undefined)) return;
    const complete = results as NonNullable<(typeof results)[number]>[];
    accuracy.push({
      id: check.id,
      after: check.after,
      title: check.title,
      column: check.column,
      results: complete,
      verdict: gsm8kVerdict(complete[0]!, complete[1]!),
    });
  });

  // Comparison cases: optimized against baseline per benchmark case.
  const comparison: ComputedCase[] = [];
  guide.comparison.cases.forEach((testCase, caseIndex) => {
    const path = ['comparison', 'cases', caseIndex];
    const baseline = measure(testCase.baseline.result, testCase.baseline.gpus, [...path, 'baseline']);
    const optimized = measure(testCase.optimized.result, testCase.optimized.gpus, [...path, 'optimized']);
    const profile = profileRef(testCase.profile, [...path, 'profile']);
    if (!baseline || !optimized) return;
    checkRequests(usedRuns.get(baseline.runId)!, testCase.profile);
    checkRequests(usedRuns.get(optimized.runId)!, testCase.profile);
    comparison.push({
      id: testCase.id,
      label: localized(testCase.label),
      ...(profile ? { profile } : {}),
      baseline: { ...side(testCase.baseline), measured: baseline },
      optimized: { ...side(testCase.optimized), measured: optimized },
      percent: stored(((optimized.score - baseline.score) / baseline.score) * 100),
      secondaryChange: change(baseline.secondary.value - optimized.secondary.value),
    });
  });
  checkUnique(
    guide.comparison.cases.map((c) => c.id),
    (i) => ['comparison', 'cases', i, 'id'],
    'comparison case',
    error,
  );

  // Other benchmark cases shown as whole logs: every block of each log, in file order.
  const logRuns = (log: string, path: YamlPath): string[] | undefined => {
    const base = log.replace(/\.[^./]+$/, '');
    const blocks = input.runs
      .filter((run) => run.id === base || run.id.startsWith(`${base}#`))
      .sort((a, b) => a.source.blockIndex - b.source.blockIndex);
    if (blocks.length === 0) {
      const rawFiles = new Set(input.runs.map((run) => run.source.file.split(`/${input.id}/`)[1] ?? run.source.file));
      error(path, 'E_REFERENCE', `no raw result "${log}" under data/raw/${input.id}/`, {
        expected: 'a file that ingest parsed',
        found: JSON.stringify(log),
        hint: didYouMean(log, rawFiles),
      });
      return undefined;
    }
    for (const run of blocks) usedRuns.set(run.id, run);
    return blocks.map((run) => run.id);
  };
  let otherCases: ComputedGuide['otherCases'] = { layout: 'by-case' };
  if (guide.otherCases.layout === 'by-config') {
    const baselineIds = logRuns(guide.otherCases.baseline.log, ['otherCases', 'baseline', 'log']);
    const optimizedIds = logRuns(guide.otherCases.optimized.log, ['otherCases', 'optimized', 'log']);
    if (baselineIds && optimizedIds) {
      otherCases = {
        layout: 'by-config',
        baseline: { ...side(guide.otherCases.baseline), log: guide.otherCases.baseline.log, runIds: baselineIds },
        optimized: { ...side(guide.otherCases.optimized), log: guide.otherCases.optimized.log, runIds: optimizedIds },
      };
    }
  }

  // Every plausibility warning on a used run needs an acknowledgement; every acknowledgement a warning.
  const rawPathOf = (run: Run) => run.source.file.split(`/${input.id}/`)[1] ?? run.source.file;
  const warnings = [...usedRuns.values()].flatMap((run) =>
    [...checkRunPlausibility(run), ...profileWarnings.filter((w) => w.file === run.source.file)]
      .filter((d) => d.severity === 'warning')
      .map((d) => ({ run, d })),
  );
  const usedAcknowledgements = new Set<number>();
  for (const { run, d } of warnings) {
    const index = guide.acknowledge.findIndex(
      (a) =>
        a.code === d.code && a.file === rawPathOf(run) && (a.block === undefined || a.block === run.source.blockLabel),
    );
    if (index >= 0) {
      usedAcknowledgements.add(index);
      continue;
    }
    error(usedAt.get(run.id) ?? [], 'E_UNACKNOWLEDGED', `${d.file}:${d.line}: ${d.message}`, {
      expected: `an entry in acknowledge: { file: ${rawPathOf(run)}${run.source.blockLabel ? `, block: ${run.source.blockLabel}` : ''}, code: ${d.code}, reason: … }`,
      found: d.found ?? 'no acknowledgement',
    });
  }
  guide.acknowledge.forEach((entry, index) => {
    if (!usedAcknowledgements.has(index)) {
      error(
        ['acknowledge', index],
        'E_STALE_ACKNOWLEDGEMENT',
        `acknowledges ${entry.code} on ${entry.file}${entry.block ? ` (block "${entry.block}")` : ''}, which this guide's runs no longer raise`,
        { expected: 'a warning that occurs', found: 'none' },
      );
    }
  });

  const recommendedEngine = engineRef(guide.recommended.engine, ['recommended', 'engine']);
  if (diagnostics.some((d) => d.severity === 'error') || !baselineStep || !baselineVariant?.measured)
    return { diagnostics };

  // Optimization summary: each step's winner against the baseline, or against the previous winner.
  const baselineMeasured = baselineVariant.measured;
  const rows = steps.map((step, index) => {
    const optimized = step.variants.find((v) => v.id === step.winner)!.measured!;
    const previous =
      index === 0 ? undefined : steps[index - 1]!.variants.find((v) => v.id === steps[index - 1]!.winner)!.measured!;
    const reference = guide.optimizationSummary.mode === 'cumulative' || !previous ? baselineMeasured : previous;
    return {
      step: step.id,
      label: step.summaryLabel,
      optimized,
      reference,
      percent: stored(((optimized.score - reference.score) / reference.score) * 100),
    };
  });

  const runs = Object.fromEntries(
    [...usedRuns.values()]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((run) => [
        run.id,
        {
          file: run.source.file,
          format: run.source.format as FormatId,
          blockLabel: run.source.blockLabel,
          startLine: run.source.startLine,
          endLine: run.source.endLine,
          raw: run.raw,
        },
      ]),
  );

  return {
    diagnostics,
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
        label: localized(guide.hardware.label),
        short: localized(guide.hardware.short ?? guide.hardware.label),
      },
      objective: guide.objective,
      metrics: { primary: primaryKey, secondary: secondaryKey },
      engines: guide.engines,
      profiles: guide.profiles.map((p) => ({ ...p, label: localized(p.label), config: Object.entries(p.config) })),
      datasets: guide.datasets.map((d) => ({
        id: d.id,
        label: localized(d.label),
        ...(d.variants ? { variants: d.variants } : {}),
      })),
      ...(guide.benchmarkCommands ? { benchmarkCommands: guide.benchmarkCommands.replace(/\n+$/, '') } : {}),
      numberedSteps: guide.numberedSteps,
      baseline: {
        step: baselineStep.id,
        variant: baselineVariant.id,
        engine: baselineVariant.engine,
        measured: baselineMeasured,
      },
      steps,
      accuracy,
      recommended: { engine: recommendedEngine, command: guide.recommended.command.replace(/\n+$/, '') },
      comparison,
      otherCases,
      optimizationSummary: { mode: guide.optimizationSummary.mode, rows },
      percentDecimals: guide.percentDecimals,
      ...(guide.feedbackUrl ? { feedbackUrl: guide.feedbackUrl } : {}),
      runs,
    },
  };
}

function side(config: { args?: string[] | undefined; command?: string | undefined }) {
  return {
    ...(config.args ? { args: config.args } : {}),
    ...(config.command ? { command: config.command.replace(/\n+$/, '') } : {}),
  };
}

function change(referenceMinusWinner: number): 'reduced' | 'increased' | 'unchanged' {
  const d = stored(referenceMinusWinner);
  return d > 0 ? 'reduced' : d < 0 ? 'increased' : 'unchanged';
}

function pairwise(winner: string, reference: string, w: Measured, r: Measured, higherIsBetter: boolean): StepSummary {
  const secondaryDelta = stored(r.secondary.value - w.secondary.value);
  // How much better the winner is on the objective: negative when an author chose a slower variant.
  const gain = higherIsBetter ? w.score - r.score : r.score - w.score;
  return {
    kind: 'pairwise',
    winner,
    reference,
    primary: { gain: stored(gain), percent: stored((gain / r.score) * 100) },
    secondary: {
      diff: Math.abs(secondaryDelta),
      percent: stored((Math.abs(secondaryDelta) / r.secondary.value) * 100),
      change: change(secondaryDelta),
    },
  };
}

type MeasuredVariant = ComputedVariant & { measured: Measured };

function pickReference(
  rule: Guide['steps'][number]['reference'],
  variants: MeasuredVariant[],
  previousStep: ComputedStep | undefined,
  better: (a: Measured, b: Measured) => boolean,
): MeasuredVariant | string {
  if (rule === 'worst') {
    return variants.reduce((worst, v) => (better(worst.measured, v.measured) ? v : worst));
  }
  if (rule === 'first') return variants[0]!;
  if (rule === 'previous-winner') {
    if (!previousStep) return 'the first step has no previous winner';
    const previous = previousStep.variants.find((v) => v.id === previousStep.winner)!;
    return { ...previous, id: `${previousStep.id}/${previous.id}` } as MeasuredVariant;
  }
  const named = variants.find((v) => v.id === rule.variant);
  return named ?? `unknown reference variant "${rule.variant}"`;
}

/** Reports every repeated id; true when all are unique. */
function checkUnique(
  ids: string[],
  pathOf: (index: number) => YamlPath,
  what: string,
  error: (path: YamlPath, code: string, message: string, extra?: Partial<Diagnostic>) => void,
): boolean {
  const seen = new Map<string, number>();
  let unique = true;
  ids.forEach((id, index) => {
    if (seen.has(id)) {
      error(pathOf(index), 'E_DUPLICATE', `duplicate ${what} id "${id}" (first used at index ${seen.get(id)})`, {
        expected: `a unique ${what} id`,
        found: JSON.stringify(id),
      });
      unique = false;
    } else seen.set(id, index);
  });
  return unique;
}

export { metricUnit };
