import { stringify } from 'yaml';
import { formatFixed, formatPercent, formatSignedPercent } from '../format/number.ts';
import { metricShortName, unitSuffix } from '../format/metric-label.ts';
import { t, type Locale } from '../i18n.ts';
import { metricDirection, metricUnit } from '../schema/metric.ts';
import type { ComputedGuide, ComputedStep, ComputedVariant, Measured, StepSummary } from '../schema/computed.ts';

/**
 * Everything a guide page shows in one locale, as strings in page order. Pages only lay this out;
 * every sentence, number and label is decided here (and unit-tested).
 */

export type ProseHtml = { title: string; description: string; slots: Readonly<Record<string, string>> };

export type RawResult = { text: string; source: string; file: string; startLine: number; endLine: number };

export type MeasuredCell = {
  /** "Total TPS: 17525.76" or "Total TPS: 7081.34x2" */
  primary: string;
  /** "(+219.70%)", only on optimized cells */
  percent?: string;
  /** the change is an improvement on the objective (green) rather than a regression (red) */
  positive?: boolean;
  /** "Mean TPOT(ms): 217.89" */
  secondary: string;
  /** where each number was printed: "data/raw/glm-5.2/h200/engine/vllm.txt:11" */
  primarySource: string;
  secondarySource: string;
};

export type VariantView = {
  id: string;
  heading: string;
  profile?: string;
  args?: string;
  command?: string;
  status?: string;
  result?: RawResult;
};

export type StepView = {
  id: string;
  heading: string;
  variants: VariantView[];
  summary?: { label?: string; text: string };
  winnerNote?: string;
  noteHtml?: string;
  accuracy: AccuracyView[];
};

export type AccuracyView = {
  id: string;
  heading: string;
  introHtml?: string;
  column: string;
  scoreColumn: string;
  rows: { label: string; score: string }[];
  verdict: string;
  method: string;
  afterHtml?: string;
};

export type OtherCaseEntry = {
  /** "Baseline Backend Parameters:" or "Baseline serving script" */
  configLabel: string;
  /** backend parameters or serving command; absent when the source did not record them (N/A) */
  config?: string;
  notAvailable: string;
  resultLabel: string;
  result: RawResult;
};

export type GuideView = {
  lang: Locale;
  id: string;
  title: string;
  description: string;
  conclusion: {
    heading: string;
    /** caption of the before/after chart */
    chartCaption: string;
    recommendedIntro: string;
    commandLabel: string;
    command: string;
    comparisonIntro: string;
    table: {
      headers: [string, string, string];
      rows: { id: string; label: string; baseline: MeasuredCell; optimized: MeasuredCell }[];
    };
    scaledNotes: string[];
    notesHeading: string;
    notesHtml: string;
    feedback: string;
    feedbackUrl?: string;
    chart: {
      metric: string;
      cases: { label: string; baseline: number; optimized: number }[];
      baselineLabel: string;
      optimizedLabel: string;
    };
  };
  objective?: { heading: string; html: string };
  setup: {
    heading: string;
    modelHeading: string;
    model: string;
    hardwareHeading: string;
    hardware: string;
    enginesHeading: string;
    engines: string[];
    method?: { heading: string; html: string };
    profilesHeading: string;
    profiles: { id: string; label: string; yaml: string }[];
    datasets?: { heading: string; items: { label: string; variants: string[] }[] };
    commands?: { heading: string; introHtml?: string; script: string };
  };
  results: { heading: string; steps: StepView[] };
  optimizationSummary: {
    heading: string;
    mode: 'cumulative' | 'step';
    headers: string[];
    rows: { label: string; cells: MeasuredCell[] | string[] }[];
  };
  otherCases: {
    heading: string;
    introHtml?: string;
    groups: { id: string; heading?: string; entries: OtherCaseEntry[] }[];
  };
};

export function guideView(guide: ComputedGuide, prose: ProseHtml, lang: Locale): GuideView {
  const tr = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(lang, key, params);
  const primaryName = metricShortName(guide.metrics.primary);
  const secondaryName = metricShortName(guide.metrics.secondary);
  const primaryUnit = unitSuffix(metricUnit(guide.metrics.primary));
  const secondaryUnit = unitSuffix(metricUnit(guide.metrics.secondary));
  const decimals = guide.percentDecimals;
  const slot = (name: string) => prose.slots[name];

  const raw = (runId: string): RawResult => {
    const run = guide.runs[runId]!;
    return {
      text: run.raw,
      file: run.file,
      startLine: run.startLine,
      endLine: run.endLine,
      source: tr('raw.source', { file: run.file, start: run.startLine, end: run.endLine }),
    };
  };
  const cell = (m: Measured, against?: Measured): MeasuredCell => {
    const sourceOf = (runId: string, line: number) => `${guide.runs[runId]!.file}:${line}`;
    const out: MeasuredCell = {
      primary: `${primaryName}: ${scaledText(m)}`,
      secondary: `${secondaryName}(${secondaryUnit}): ${shown(m.secondary)}`,
      primarySource: sourceOf(m.primary.runId, m.primary.line),
      secondarySource: sourceOf(m.secondary.runId, m.secondary.line),
    };
    if (against) {
      const percent = ((m.score - against.score) / against.score) * 100;
      out.percent = `(${formatSignedPercent(percent, decimals)})`;
      out.positive = isImprovement(guide, percent);
    }
    return out;
  };
  const anyScaled = guide.comparison.some((c) => c.optimized.measured.scale !== 1);

  const steps = guide.steps.map((step): StepView => {
    const noteHtml = slot(`step:${step.id}`);
    const summary = summaryText(guide, step, lang);
    return {
      id: step.id,
      heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
      variants: step.variants.map((variant) => variantView(variant, lang, tr, raw)),
      ...(summary ? { summary } : {}),
      ...(step.winnerReason
        ? {
            winnerNote: tr('summary.winnerOverruled', {
              winner: step.variants.find((v) => v.id === step.winner)!.label[lang],
              reason: step.winnerReason[lang],
            }),
          }
        : {}),
      ...(noteHtml ? { noteHtml } : {}),
      accuracy: guide.accuracy
        .filter((check) => check.after === step.id)
        .map((check) => {
          const samples = Math.min(...check.results.map((r) => r.samples));
          const questions = check.verdict.questions;
          const plural =
            new Intl.PluralRules(lang === 'zh' ? 'zh-CN' : 'en').select(questions) === 'one' ? 'one' : 'other';
          const verdictParams = {
            questions: formatFixed(questions, Number.isInteger(questions) ? 0 : 1),
            questionWord: tr(`accuracy.question.${plural}`),
            samples,
          };
          const intro = slot(`accuracy:${check.id}`);
          const after = slot(`accuracy:${check.id}:after`);
          return {
            id: check.id,
            heading: check.title[lang],
            ...(intro ? { introHtml: intro } : {}),
            column: check.column[lang],
            scoreColumn: tr('accuracy.score'),
            rows: check.results.map((r) => ({ label: r.label, score: shown(r.score) })),
            verdict: tr(check.verdict.withinNoise ? 'accuracy.withinNoise' : 'accuracy.beyondNoise', verdictParams),
            method: tr('accuracy.method', { z: formatFixed(check.verdict.z, 2) }),
            ...(after ? { afterHtml: after } : {}),
          };
        }),
    };
  });

  const summaryRows =
    guide.optimizationSummary.mode === 'cumulative'
      ? guide.optimizationSummary.rows.map((row) => ({
          label: row.label[lang],
          cells: [cell(row.optimized, row.reference), cell(row.reference)],
        }))
      : guide.optimizationSummary.rows.map((row) => ({
          label: row.label[lang],
          cells: [formatSignedPercent(row.percent, decimals)],
        }));

  return {
    lang,
    id: guide.id,
    title: prose.title,
    description: prose.description,
    conclusion: {
      heading: tr('conclusion.heading'),
      chartCaption: tr(`conclusion.resultHeading.${guide.objective}`),
      recommendedIntro: tr(`conclusion.recommended.${guide.objective}`, {
        model: guide.model.subject[lang],
        hardware: guide.hardware.short[lang],
      }),
      commandLabel: tr('conclusion.servingCommand'),
      command: guide.recommended.command,
      comparisonIntro: tr('conclusion.comparisonIntro'),
      table: {
        headers: [
          tr('table.case'),
          tr('table.baseline', { engine: guide.baseline.engine.name }),
          tr(anyScaled ? 'table.optimizedScaled' : 'table.optimized'),
        ],
        rows: guide.comparison.map((c) => ({
          id: c.id,
          label: c.label[lang],
          baseline: cell(c.baseline.measured),
          optimized: cell(c.optimized.measured, c.baseline.measured),
        })),
      },
      scaledNotes: [
        ...new Set(guide.comparison.filter((c) => c.optimized.measured.scale !== 1).map((c) => c.optimized.measured)),
      ]
        .slice(0, 1)
        .map((m) =>
          tr('table.scaledNote', {
            value: shown(m.primary),
            scale: formatScale(m.scale),
            gpus: guide.hardware.gpus / m.scale,
            total: guide.hardware.gpus,
          }),
        ),
      notesHeading: tr('conclusion.notes'),
      notesHtml: slot('notes') ?? '',
      feedback: tr('conclusion.feedback'),
      ...(guide.feedbackUrl ? { feedbackUrl: guide.feedbackUrl } : {}),
      chart: {
        metric: `${primaryName} (${primaryUnit})`,
        baselineLabel: tr('table.baselineShort'),
        optimizedLabel: tr('table.optimized'),
        cases: guide.comparison.map((c) => ({
          label: c.label[lang],
          baseline: c.baseline.measured.score,
          optimized: c.optimized.measured.score,
        })),
      },
    },
    ...(slot('objective') ? { objective: { heading: tr('objective.heading'), html: slot('objective')! } } : {}),
    setup: {
      heading: tr('setup.heading'),
      modelHeading: tr('setup.model'),
      model: guide.model.name,
      hardwareHeading: tr('setup.hardware'),
      hardware: guide.hardware.label[lang],
      enginesHeading: tr('setup.engines'),
      engines: guide.engines.filter((e) => e.version).map((e) => `${e.name} ${e.version}`),
      ...(slot('benchmark-method') ? { method: { heading: tr('setup.method'), html: slot('benchmark-method')! } } : {}),
      profilesHeading: tr('setup.profiles'),
      profiles: guide.profiles.map((p) => ({
        id: p.id,
        label: p.label[lang],
        yaml: stringify(Object.fromEntries(p.config)).trimEnd(),
      })),
      ...(guide.datasets.length > 0
        ? {
            datasets: {
              heading: tr('setup.datasets'),
              items: guide.datasets.map((d) => ({
                label: d.label[lang],
                variants: (d.variants ?? []).map((v) =>
                  tr('setup.datasetVariant', { label: v.label[lang], input: v.inputTokens, output: v.outputTokens }),
                ),
              })),
            },
          }
        : {}),
      ...(guide.benchmarkCommands
        ? {
            commands: {
              heading: tr('setup.commands'),
              ...(slot('benchmark-commands') ? { introHtml: slot('benchmark-commands')! } : {}),
              script: guide.benchmarkCommands,
            },
          }
        : {}),
    },
    results: { heading: tr('results.heading'), steps },
    optimizationSummary: {
      heading: tr('optimizationSummary.heading'),
      mode: guide.optimizationSummary.mode,
      headers:
        guide.optimizationSummary.mode === 'cumulative'
          ? [tr('table.case'), tr('table.optimized'), tr('table.baselineShort')]
          : [tr('optimizationSummary.option'), tr('optimizationSummary.improvement')],
      rows: summaryRows,
    },
    otherCases: {
      heading: tr('otherCases.heading'),
      ...(slot('other-cases') ? { introHtml: slot('other-cases')! } : {}),
      groups: otherCaseGroups(guide, lang, raw),
    },
  };
}

/** Whether a change of the objective metric by `percent` is an improvement (a rounded 0 counts as one). */
export function isImprovement(guide: ComputedGuide, percent: number): boolean {
  const rounded = Number(formatFixed(percent, guide.percentDecimals));
  return metricDirection(guide.metrics.primary) === 'lower' ? rounded <= 0 : rounded >= 0;
}

type Translate = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => string;

function otherCaseGroups(
  guide: ComputedGuide,
  lang: Locale,
  raw: (runId: string) => RawResult,
): GuideView['otherCases']['groups'] {
  const tr: Translate = (key, params) => t(lang, key, params);
  const entry = (
    kind: 'baseline' | 'optimized',
    config: { args?: string[] | undefined; command?: string | undefined },
    result: RawResult,
  ): OtherCaseEntry => ({
    configLabel: tr(
      config.command
        ? kind === 'baseline'
          ? 'otherCases.baselineCommand'
          : 'otherCases.optimizedCommand'
        : kind === 'baseline'
          ? 'otherCases.baselineArgs'
          : 'otherCases.optimizedArgs',
    ),
    ...((config.command ?? config.args) ? { config: config.command ?? config.args!.join('\n') } : {}),
    notAvailable: tr('otherCases.notAvailable'),
    resultLabel: tr(kind === 'baseline' ? 'otherCases.baselineResult' : 'otherCases.optimizedResult'),
    result,
  });
  if (guide.otherCases.layout === 'by-config') {
    const { baseline, optimized } = guide.otherCases;
    return [
      {
        id: 'configs',
        entries: [
          entry('baseline', baseline, logResult(guide, baseline.runIds, tr)),
          entry('optimized', optimized, logResult(guide, optimized.runIds, tr)),
        ],
      },
    ];
  }
  return guide.comparison.map((c) => ({
    id: c.id,
    heading: c.label[lang],
    entries: [
      entry('baseline', c.baseline, raw(c.baseline.measured.runId)),
      entry('optimized', c.optimized, raw(c.optimized.measured.runId)),
    ],
  }));
}

/** A whole log as its blocks, each after its `# label` line, as the tool's caller wrote it. */
function logResult(guide: ComputedGuide, runIds: readonly string[], tr: Translate): RawResult {
  const runs = runIds.map((id) => guide.runs[id]!);
  const text = runs.map((run) => (run.blockLabel ? `# ${run.blockLabel}\n${run.raw}` : run.raw)).join('\n\n');
  const file = runs[0]!.file;
  const startLine = Math.min(...runs.map((r) => r.startLine));
  const endLine = Math.max(...runs.map((r) => r.endLine));
  return { text, file, startLine, endLine, source: tr('raw.source', { file, start: startLine, end: endLine }) };
}

/**
 * A measured value as the page shows it: 2 decimals (3 for accuracy fractions), the precision
 * the printed blocks use, so a JSON source's 4862.502448679064 reads 4862.50 like its block.
 */
export function shown(cell: { value: number; unit: string }): string {
  return formatFixed(cell.value, cell.unit === 'fraction' ? 3 : 2);
}

/** "7081.34" or, for a scaled run, "7081.34x2". */
function scaledText(m: Measured): string {
  return m.scale === 1 ? shown(m.primary) : `${shown(m.primary)}x${formatScale(m.scale)}`;
}

function formatScale(scale: number): string {
  return Number.isInteger(scale) ? String(scale) : formatFixed(scale, 2);
}

function variantView(
  variant: ComputedVariant,
  lang: Locale,
  tr: (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => string,
  raw: (runId: string) => RawResult,
): VariantView {
  return {
    id: variant.id,
    heading: variant.label[lang],
    ...(variant.profile ? { profile: variant.profile.name } : {}),
    ...(variant.args ? { args: variant.args.join('\n') } : {}),
    ...(variant.command ? { command: variant.command } : {}),
    ...(variant.status !== 'ok'
      ? {
          status: `${tr(variant.status === 'unsupported' ? 'variant.unsupported' : 'variant.failed')}${variant.reason ? ` — ${variant.reason[lang]}` : ''}`,
        }
      : {}),
    ...(variant.measured ? { result: raw(variant.measured.runId) } : {}),
  };
}

/** The step's summary sentence in the seeds' wording, from the locale's template. */
export function summaryText(
  guide: ComputedGuide,
  step: ComputedStep,
  lang: Locale,
): { label?: string; text: string } | undefined {
  const summary: StepSummary = step.summary;
  const tr = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(lang, key, params);
  const primaryUnit = unitSuffix(metricUnit(guide.metrics.primary));
  const secondaryUnit = unitSuffix(metricUnit(guide.metrics.secondary));
  const variant = (id: string) => step.variants.find((v) => v.id === id);
  const decimals = guide.percentDecimals;
  if (summary.kind === 'none') return undefined;
  if (summary.kind === 'ranking') {
    const items = summary.order.map((id) => {
      const v = variant(id)!;
      if (!v.measured)
        return tr('summary.rankingItemStatus', {
          name: v.label[lang],
          status: tr(v.status === 'unsupported' ? 'variant.unsupported' : 'variant.failed'),
        });
      const value = scaledText(v.measured);
      return tr('summary.rankingItem', { name: v.label[lang], value, unit: primaryUnit });
    });
    return { text: tr('summary.ranking', { ranking: items.join(' > ') }) };
  }
  const winner = variant(summary.winner)!;
  const reference = variant(summary.reference) ?? previousWinner(guide, summary.reference);
  const w = winner.measured!;
  const r = reference.measured!;
  const changeParams = {
    diff: formatFixed(summary.secondary.diff, 2),
    unit: secondaryUnit,
    percent: formatPercent(summary.secondary.percent, decimals),
  };
  const change =
    summary.secondary.change === 'unchanged'
      ? tr('summary.unchanged')
      : tr(summary.secondary.change === 'reduced' ? 'summary.reduced' : 'summary.increased', changeParams);
  return {
    label: tr('summary.label'),
    text: tr(summary.primary.gain >= 0 ? 'summary.pairwise' : 'summary.pairwiseWorse', {
      winner: winner.label[lang],
      reference: reference.label[lang],
      metric: metricShortName(guide.metrics.primary),
      winnerValue: scaledText(w),
      referenceValue: scaledText(r),
      diff: formatFixed(Math.abs(summary.primary.gain), 2),
      unit: primaryUnit,
      percent: formatPercent(Math.abs(summary.primary.percent), decimals),
      secondary: metricShortName(guide.metrics.secondary),
      winnerSecondary: shown(w.secondary),
      referenceSecondary: shown(r.secondary),
      secondaryUnit,
      change,
    }),
  };
}

function previousWinner(guide: ComputedGuide, ref: string): ComputedVariant {
  const [stepId, variantId] = ref.split('/');
  return guide.steps.find((s) => s.id === stepId)!.variants.find((v) => v.id === variantId)!;
}

/** The page's table of contents, in page order, with the ids the page gives its headings. */
export function guideHeadings(view: GuideView): { depth: number; slug: string; text: string }[] {
  return [
    { depth: 2, slug: 'conclusion', text: view.conclusion.heading },
    ...(view.objective ? [{ depth: 2, slug: 'objective', text: view.objective.heading }] : []),
    { depth: 2, slug: 'setup', text: view.setup.heading },
    { depth: 2, slug: 'results', text: view.results.heading },
    ...view.results.steps.map((step) => ({ depth: 3, slug: `step-${step.id}`, text: step.heading })),
    { depth: 2, slug: 'optimization-summary', text: view.optimizationSummary.heading },
    { depth: 2, slug: 'other-cases', text: view.otherCases.heading },
    { depth: 2, slug: 'downloads', text: t(view.lang, 'downloads.heading') },
  ];
}
