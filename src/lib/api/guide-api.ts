import type { ComputedGuide, ComputedVariant, Measured } from '../schema/computed.ts';
import { metricDirection, metricUnit, type MetricKey } from '../schema/metric.ts';
import { API_VERSION } from './version.ts';
import { apiParts } from './api-parts.ts';
import { caseNoise, decisionApi, stepNoise } from './decision-api.ts';
import type { GuideApi, Urls } from './guide-api-schema.ts';

export * from './guide-api-schema.ts';

// A guide's JSON for programs (guide-api-schema.ts says what it holds), from the computed guide.

export type ApiLinks = {
  schema: string;
  urls: Urls;
  /** the Benchmark Report of a run, or undefined when it has none (an accuracy result) */
  benchmarkReport: (runId: string) => string | undefined;
};

export function guideApi(guide: ComputedGuide, links: ApiLinks): GuideApi {
  const parts = apiParts(guide);
  const { figure, measurement, configuration } = parts;
  const variant = (v: ComputedVariant, winner: string | undefined) => ({
    id: v.id,
    ...(v.label ? { label: v.label } : {}),
    status: v.status,
    ...(v.reason ? { reason: v.reason } : {}),
    winner: v.id === winner,
    configuration: configuration(v.engine, v),
    ...(v.measured ? { measurement: measurement(v.measured) } : {}),
    ...(v.change
      ? {
          change: {
            against: v.change.reference,
            percent: v.change.percent,
            ratio: v.change.ratio,
            secondaryPercent: v.change.secondaryPercent,
          },
        }
      : {}),
  });
  const baselineStep = guide.steps.find((s) => s.id === guide.baseline.step);
  const baselineVariant = baselineStep?.variants.find((v) => v.id === guide.baseline.variant);
  if (!baselineVariant) throw new Error(`api: guide ${guide.id} has no baseline variant ${guide.baseline.variant}`);
  const recommended = guide.recommended;
  return {
    $schema: links.schema,
    schemaVersion: API_VERSION,
    id: guide.id,
    title: guide.title,
    urls: links.urls,
    model: { name: guide.model.name, family: guide.model.family },
    hardware: { name: guide.hardware.name, gpus: guide.hardware.gpus, accelerator: guide.hardware.accelerator },
    objective: guide.objective,
    metrics: {
      primary: metricDescription(guide.metrics.primary),
      secondary: guide.metrics.secondary.map(metricDescription),
    },
    engines: guide.engines.map((e) => ({ id: e.id, name: e.name, ...(e.version ? { version: e.version } : {}) })),
    ...(guide.measuredOn ? { measuredOn: guide.measuredOn } : {}),
    recommendation: {
      ...configuration(recommended.engine, { command: recommended.command }),
      command: recommended.command,
    },
    headline: {
      percent: guide.headline.percent,
      ratio: guide.headline.ratio,
      ...(guide.headline.case ? { case: guide.headline.case } : {}),
      recommended: measurement(headlineMeasured(guide)),
      ...headlineNoise(guide),
    },
    baseline: {
      step: guide.baseline.step,
      variant: guide.baseline.variant,
      configuration: configuration(guide.baseline.engine, baselineVariant),
      measurement: measurement(guide.baseline.measured),
    },
    steps: guide.steps.map((s) => ({
      id: s.id,
      number: s.number,
      title: s.title,
      adopted: s.adopted,
      ...(s.notAdopted
        ? {
            notAdopted: { why: s.notAdopted.why, ...('reason' in s.notAdopted ? { reason: s.notAdopted.reason } : {}) },
          }
        : {}),
      ...(s.winner !== undefined ? { winner: s.winner } : {}),
      ...(s.reference ? { startedFrom: s.reference } : {}),
      ...(s.benchmark !== undefined ? { benchmark: s.benchmark } : {}),
      variants: s.variants.map((v) => variant(v, s.winner)),
      ...noiseOf(stepNoise(guide, s.id)),
    })),
    // A case sets the baseline configuration beside the recommended one (guide.yaml's comparison): their engines.
    comparison: guide.comparison.map((c) => ({
      id: c.id,
      label: c.label,
      baseline: {
        configuration: configuration(guide.baseline.engine, c.baseline),
        measurement: measurement(c.baseline.measured),
      },
      recommended: {
        configuration: configuration(recommended.engine, c.optimized),
        measurement: measurement(c.optimized.measured),
      },
      percent: c.percent,
      ratio: c.ratio,
      secondaryPercent: c.secondaryPercent,
      ...noiseOf(caseNoise(guide, c.id)),
    })),
    accuracy: guide.accuracy.map((a) => ({
      id: a.id,
      title: a.title,
      results: a.results.map((r) => ({
        label: r.label,
        score: figure(accuracyKey, r.score),
        samples: r.samples,
        ...(r.evaluation ? { evaluation: r.evaluation } : {}),
      })),
      ...(a.incomparable ? { incomparable: a.incomparable } : {}),
      ...(a.verdict
        ? {
            verdict: {
              withinNoise: a.verdict.withinNoise,
              difference: a.verdict.difference,
              standardError: a.verdict.standardError,
              z: a.verdict.z,
            },
          }
        : {}),
    })),
    runs: Object.fromEntries(
      Object.entries(guide.runs).map(([id, run]) => {
        const report = links.benchmarkReport(id);
        const recorded = run.recorded;
        const yielded = parts.yieldOf(id);
        return [
          id,
          {
            file: run.file,
            startLine: run.startLine,
            endLine: run.endLine,
            format: run.format,
            block: run.blockLabel,
            ...(report ? { benchmarkReport: report } : {}),
            ...(yielded ? { yield: yielded } : {}),
            ...(recorded
              ? {
                  recorded: {
                    started: recorded.started,
                    ended: recorded.ended,
                    ...(recorded.machine
                      ? {
                          machine: {
                            name: recorded.machine.name,
                            count: recorded.machine.count,
                            ...(recorded.machine.driver ? { driver: recorded.machine.driver } : {}),
                          },
                        }
                      : {}),
                    ...(recorded.engine
                      ? {
                          engine: {
                            ...(recorded.engine.name ? { name: recorded.engine.name } : {}),
                            ...(recorded.engine.version ? { version: recorded.engine.version } : {}),
                          },
                        }
                      : {}),
                    ...(recorded.signedBy ? { signedBy: recorded.signedBy } : {}),
                  },
                }
              : {}),
          },
        ];
      }),
    ),
    ...decisionApi(guide, parts),
  };
}

const noiseOf = <T>(noise: T | undefined) => (noise ? { noise } : {});

/** The headline case's noise verdict, when the headline is the first case (headlineMeasured). */
function headlineNoise(guide: ComputedGuide) {
  const first = guide.comparison[0];
  return noiseOf(first ? caseNoise(guide, first.id) : undefined);
}

/** An accuracy score is a GSM8K-style fraction of questions answered right. */
const accuracyKey: MetricKey = 'gsm8k_accuracy';

function metricDescription(key: string) {
  const metric = key as MetricKey;
  return { metric, unit: metricUnit(metric), better: metricDirection(metric) };
}

/**
 * What the headline's gain was measured on, as compute chose it (compute/computed-guide.ts,
 * headline): the first benchmark case's recommended side, else the last adopted step's winner,
 * else the baseline itself.
 */
export function headlineMeasured(guide: ComputedGuide): Measured {
  const first = guide.comparison[0];
  if (first) return first.optimized.measured;
  const last = guide.steps.findLast((s) => s.adopted);
  return last?.variants.find((v) => v.id === last.winner)?.measured ?? guide.baseline.measured;
}
