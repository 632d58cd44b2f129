// What a reader decides from, on the first screen of a guide page, before its first table: what
// the recommendation yields per accelerator, what that costs at a stated price, where another
// measured configuration beats it, how many runs stand behind it against the noise band, when and
// with which engine versions it was measured, and the benchmark that reproduces it. One short
// line each; what explains a line is in the detail below it. Every number is the computed guide's
// `decision` (data/guides, compute/decision.ts); this only words them.
import { headlineMeasured } from '../api/guide-api.ts';
import { deltaText } from '../format/measurement-text.ts';
import { formatPercent, formatSignedPercent } from '../format/number.ts';
import type { Decision, Point, Reproduce, Yield } from '../schema/computed.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';
import { olderEngines, type NewestEngines } from '../format/engine-age.ts';
import type { ViewContext } from './view-context.ts';
import { detailCommands, workloadsFact } from './decision-workloads-view.ts';
import {
  benchmarkText,
  perGpu,
  runsText,
  sentences,
  stated,
  usd,
  verdictText,
  type DecisionCommand,
  type Part,
} from './decision-words.ts';

export const DECISION_FACTS = ['yield', 'cost', 'workloads', 'noise', 'measured', 'benchmark'] as const;
export type DecisionFactId = (typeof DECISION_FACTS)[number];

/** One line of the first screen: a short label and its value. */
export type DecisionFact = {
  id: DecisionFactId;
  label: string;
  value: string;
  /** a mark beside the value: "older engine" where another guide of the site ran a newer release */
  mark?: string;
};

export type DecisionView = {
  /** the section's accessible name */
  label: string;
  facts: DecisionFact[];
  /** the detail a tap away: per fact, what explains it (every workload, every step, the price's basis) */
  details: {
    summary: string;
    groups: { id: DecisionFactId; heading: string; items: string[]; link?: { text: string; href: string } }[];
    /** the exact benchmark commands recorded, and what to serve where another configuration wins */
    commands: DecisionCommand[];
  };
};

/** The decision's first screen; absent when the headline run is no measured point of the decision. */
export function decisionView(
  ctx: ViewContext,
  paths: SitePaths = ROOT_PATHS,
  newest: NewestEngines = new Map(),
): DecisionView | undefined {
  const { guide, tr } = ctx;
  const { decision } = guide;
  const headline = headlineMeasured(guide);
  const home = decision.workloads.find((w) => w.points.some((p) => p.runId === headline.runId));
  const point = home?.points.find((p) => p.runId === headline.runId);
  if (!home || !point) return undefined;
  const parts: { id: DecisionFactId; value: string; more: string[] }[] = [];
  const y = point.yield;
  if (y) {
    parts.push({ id: 'yield', ...yieldFact(ctx, y) });
    const cost = costFact(ctx, y, decision);
    if (cost) parts.push({ id: 'cost', ...cost });
  }
  parts.push({ id: 'workloads', ...workloadsFact(ctx, decision.workloads) });
  parts.push({ id: 'noise', ...noiseFact(ctx, point) });
  parts.push({ id: 'measured', ...measuredFact(ctx, decision) });
  parts.push({ id: 'benchmark', ...benchmarkFact(ctx, home.reproduce) });
  const label = (id: DecisionFactId) => tr(`decision.${id}`, { accelerator: ctx.accelerator });
  return {
    label: tr('decision.label'),
    facts: parts.map((p) => ({
      id: p.id,
      label: label(p.id),
      value: p.value,
      ...(p.id === 'measured' ? olderMark(ctx, newest) : {}),
    })),
    details: {
      summary: tr('decision.detailsSummary'),
      groups: parts
        .filter((p) => p.more.length > 0)
        .map((p) => ({
          id: p.id,
          heading: label(p.id),
          items: p.more,
          // The formula is the methodology page's, said once for every guide.
          ...(p.id === 'cost'
            ? {
                link: {
                  text: tr('decision.costFormula'),
                  href: `${paths.methodology(ctx.lang)}#${tr('decision.costAnchor')}`,
                },
              }
            : {}),
        })),
      commands: detailCommands(ctx, decision.workloads),
    },
  };
}

function yieldText(ctx: ViewContext, y: Yield): string {
  return y.outputPerGpu === undefined
    ? ctx.tr('decision.yieldTotal', { total: perGpu(y.totalPerGpu) })
    : ctx.tr('decision.yieldTotalOutput', { total: perGpu(y.totalPerGpu), output: perGpu(y.outputPerGpu) });
}

function yieldFact(ctx: ViewContext, y: Yield): Part {
  const { tr } = ctx;
  const gpus = tr(y.gpus === 1 ? 'decision.gpusOne' : 'decision.gpus', { count: y.gpus, accelerator: ctx.accelerator });
  const perUser = y.perUser === undefined ? [] : [tr('decision.perUser', { perUser: perGpu(y.perUser) })];
  return { value: yieldText(ctx, y), more: [gpus, ...perUser] };
}

function costFact(ctx: ViewContext, y: Yield, decision: Decision): Part | undefined {
  const { tr, lang } = ctx;
  const { price } = decision;
  if (!y.cost || !price) return undefined;
  const at = { price: usd(price.usdPerGpuHour), accelerator: ctx.accelerator };
  const value =
    y.cost.output === undefined
      ? tr('decision.costTotal', { ...at, total: usd(y.cost.total) })
      : tr('decision.costTotalOutput', { ...at, total: usd(y.cost.total), output: usd(y.cost.output) });
  return {
    value,
    more: [tr('decision.priceItem', { ...at, hardware: price.hardware, date: price.date, basis: price.basis[lang] })],
  };
}

function noiseFact(ctx: ViewContext, point: Point): Part {
  const { guide, tr } = ctx;
  const { noise } = guide.decision;
  const d = guide.percentDecimals;
  const band = formatPercent(noise.band, d);
  const first = guide.comparison[0];
  const headline = first ? noise.cases.find((c) => c.case === first.id) : undefined;
  const lastAdopted = guide.steps.findLast((s) => s.adopted);
  const step = headline ? undefined : noise.steps.find((s) => s.step === lastAdopted?.id);
  const change = headline ?? step;
  const runs = headline
    ? { mine: headline.runs.optimized, other: headline.runs.baseline }
    : step
      ? { mine: step.runs.winner, other: step.runs.reference }
      : { mine: point.runs, other: point.runs };
  const head = change
    ? tr(runs.mine === runs.other ? 'decision.noiseEach' : 'decision.noiseHeadline', {
        runs: runsText(ctx, runs.mine),
        against: runsText(ctx, runs.other),
        // The headline as the answer words it ("+219.70%", "2.67x faster"); a step's as its percent.
        delta: first && headline ? deltaText(first, ctx.delta) : formatSignedPercent(change.percent, d),
        verdict: verdictText(ctx, change.verdict),
      })
    : tr('decision.noiseRuns', { runs: runsText(ctx, point.runs) });
  const adopted = noise.steps.filter((s) => s.adopted);
  const within = adopted.filter((s) => s.verdict === 'within-noise');
  const steps =
    within.length > 0
      ? tr('decision.noiseStepsWithin', {
          count: within.length,
          total: adopted.length,
          deltas: within.map((s) => formatSignedPercent(s.percent, d)).join(', '),
        })
      : adopted.length > 0
        ? tr('decision.noiseStepsBeyond', { total: adopted.length })
        : '';
  return {
    value: sentences(ctx, [head, steps].filter(Boolean)),
    more: [tr(`decision.bandSource.${noise.source}`, { band }), ...stepItems(ctx)],
  };
}

/**
 * Every step's change against the band, grouped by whether it was adopted and how it reads: the
 * step's title and its winner's change (the winner is marked in the step's own table). The runs
 * behind each side are said once when every step has the same on both sides.
 */
function stepItems(ctx: ViewContext): string[] {
  const { guide, tr, lang } = ctx;
  const { steps } = guide.decision.noise;
  const [first] = steps;
  const each = first?.runs.winner;
  const uniform = steps.every((s) => s.runs.winner === each && s.runs.reference === each);
  type Group = `${'adopted' | 'notAdopted'}.${'beyond' | 'within'}`;
  const groups = new Map<Group, string[]>();
  for (const s of steps) {
    const title = guide.steps.find((x) => x.id === s.step)?.title[lang] ?? s.step;
    const runs = uniform
      ? ''
      : tr('decision.stepRuns', { runs: runsText(ctx, s.runs.winner), against: runsText(ctx, s.runs.reference) });
    const key: Group = `${s.adopted ? 'adopted' : 'notAdopted'}.${s.verdict === 'within-noise' ? 'within' : 'beyond'}`;
    groups.set(key, [
      ...(groups.get(key) ?? []),
      `${title} ${formatSignedPercent(s.percent, guide.percentDecimals)}${runs}`,
    ]);
  }
  const list = (items: string[]) => items.join(lang === 'zh' ? '，' : ', ');
  return [
    ...(uniform && each !== undefined ? [tr('decision.stepsEach', { runs: runsText(ctx, each) })] : []),
    ...[...groups].map(([key, items]) => tr(`decision.steps.${key}`, { steps: list(items) })),
  ];
}

/** "older engine (newest on this site: SGLang v0.5.14)" where another guide ran a newer release. */
function olderMark(ctx: ViewContext, newest: NewestEngines): { mark?: string } {
  const older = olderEngines(ctx.guide, newest);
  if (older.length === 0) return {};
  const comma = ctx.lang === 'zh' ? '，' : ', ';
  return {
    mark: ctx.tr('decision.olderEngine', { engines: older.map((e) => `${e.name} ${e.newer}`).join(comma) }),
  };
}

function measuredFact(ctx: ViewContext, decision: Decision): Part {
  const { tr, lang } = ctx;
  const { engines, date, dateFrom, dateBasis } = decision.freshness;
  const comma = lang === 'zh' ? '，' : ', ';
  const named = (e: (typeof engines)[number]) =>
    tr(e.version ? 'decision.engineVersion' : 'decision.engineNoVersion', { engine: e.name, version: e.version ?? '' });
  const fromOf = (e: (typeof engines)[number]) => tr(`decision.versionsFrom.${e.from}`);
  // Where the versions come from, said once when every engine's comes from the same place.
  const [first] = engines;
  const list =
    first && engines.every((e) => e.from === first.from)
      ? tr('decision.enginesFrom', { engines: engines.map(named).join(comma), from: fromOf(first) })
      : engines.map((e) => tr('decision.enginesFrom', { engines: named(e), from: fromOf(e) })).join(comma);
  const when = tr(`decision.date.${date === undefined ? 'none' : dateFrom}`, { date: date ?? '' });
  return { value: tr('decision.measuredValue', { engines: list, when }), more: dateBasis ? [dateBasis[lang]] : [] };
}

function benchmarkFact(ctx: ViewContext, r: Reproduce): Part {
  const { tr } = ctx;
  const more = [
    tr('decision.benchmarkMore', {
      requests: stated(ctx, r.requests),
      rate: stated(ctx, r.requestRate),
      seed: stated(ctx, r.seed),
    }),
    ...(r.peakConcurrency && !r.maxConcurrency ? [tr('decision.peakMeaning')] : []),
    tr(`decision.commandFrom.${r.commandFrom}`),
  ];
  return { value: benchmarkText(ctx, r), more };
}
