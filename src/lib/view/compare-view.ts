import { displayUnit, metricShortName, toDisplayUnit, unitSuffix } from '../format/metric-label.ts';
import { deltaText, shownAs } from '../format/measurement-text.ts';
import { formatFixed } from '../format/number.ts';
import { t, translator, type Locale } from '../i18n.ts';
import type { ComputedCase, ComputedGuide } from '../schema/computed.ts';
import { hardwareSlugOf } from '../schema/guide-yaml.ts';
import { commandView, type CommandView } from './command-view.ts';
import { metricName } from './metric-heading.ts';
import { deltaStyle, directionLegend, guideImprovement, secondaryDeltaView, type DeltaView } from './view-context.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';

/**
 * Compare pages: one model's guides on different machines side by side, or one machine's
 * models. Built from the computed guides only; values per accelerator make machines of
 * different sizes comparable.
 */

export type GuideEntry = { guide: ComputedGuide; title: string };

export type CompareCell = {
  /** "17525.76 tok/s" on the whole machine */
  value: string;
  /** "2190.72 tok/s per GPU" */
  perAccelerator: string;
  /** "+219.70%" against that guide's baseline */
  change: string;
  positive: boolean;
  /** the raw file:line that printed the optimized value */
  source: string;
  /** the guide's other metrics beside it, each with its change: what the gain costs ("Mean TPOT 331.21 ms", "+121.93%") */
  secondary: { text: string; delta?: DeltaView }[];
};

export type CompareTable = {
  objective: string;
  metric: string;
  /** what the colours mean and which way each metric of the table is better */
  legend: string;
  columns: { id: string; heading: string; href: string }[];
  rows: { label: string; cells: (CompareCell | undefined)[] }[];
};

export type CompareView = {
  title: string;
  lead: string;
  /** one row per guide: machine, objective, recommended engine and command, headline gain */
  summary: {
    headers: string[];
    rows: {
      id: string;
      href: string;
      name: string;
      objective: string;
      engine: string;
      command: string;
      /** the command one flag a line */
      commandView: CommandView;
      gain: string;
      positive: boolean;
    }[];
  };
  tables: CompareTable[];
  casesHeading: string;
  noCases: string;
};

/** "glm-4.x": the model part of a guide id, which names its compare page. */
export const modelSlug = (guide: ComputedGuide) => guide.id.split('/')[0] ?? guide.id;
/** "nvidia-h200": a machine's compare page. */
export const hardwareSlug = (guide: ComputedGuide) => hardwareSlugOf(guide.hardware.name);

const machine = (guide: ComputedGuide) => `${guide.hardware.name} × ${guide.hardware.gpus}`;

function caseCell(guide: ComputedGuide, testCase: ComputedCase, lang: Locale): CompareCell {
  const key = guide.metrics.primary;
  const unit = unitSuffix(displayUnit(key));
  const optimized = testCase.optimized.measured;
  const accelerator = guide.hardware.accelerator.toUpperCase();
  const run = guide.runs[optimized.primary.runId];
  const style = deltaStyle(guide, translator(lang));
  return {
    value: `${formatFixed(toDisplayUnit(optimized.score, key), 2)} ${unit}`.trimEnd(),
    // A latency is per request, whatever the machine: compute gives only a throughput per accelerator.
    perAccelerator:
      guide.objective === 'throughput' && optimized.perAccelerator !== undefined
        ? t(lang, 'compare.perAccelerator', {
            value: formatFixed(toDisplayUnit(optimized.perAccelerator, key), 2),
            unit,
            accelerator,
          })
        : '',
    change: deltaText(testCase, style),
    positive: guideImprovement(guide, testCase),
    source: run ? `${run.file}:${optimized.primary.line}` : '',
    secondary: guide.metrics.secondary.map((metric, i) => {
      const value = optimized.secondary[i]?.value;
      const delta = secondaryDeltaView(guide, style, testCase, i);
      return {
        // The value and its unit do not part at a line break: "203.05\u00a0ms".
        text: `${metricShortName(metric)} ${value === undefined ? '—' : `${shownAs(value, metric)}\u00a0${unitSuffix(displayUnit(metric))}`.trimEnd()}`,
        ...(delta ? { delta } : {}),
      };
    }),
  };
}

/** Cases of the same name across the guides, one table per objective. */
function caseTables(
  guides: readonly GuideEntry[],
  lang: Locale,
  columnHeading: (g: ComputedGuide) => string,
  paths: SitePaths,
): CompareTable[] {
  const tr = translator(lang);
  const byObjective = new Map<string, ComputedGuide[]>();
  for (const { guide } of guides)
    byObjective.set(guide.objective, [...(byObjective.get(guide.objective) ?? []), guide]);
  return [...byObjective].map(([objective, members]) => {
    const labels = new Map<string, string>();
    for (const guide of members)
      for (const c of guide.comparison) {
        const key = c.label.en.toLowerCase();
        if (!labels.has(key)) labels.set(key, c.label[lang]);
      }
    const first = members[0];
    return {
      objective: tr(`objective.${objective === 'latency' ? 'latency' : 'throughput'}`),
      metric: first ? metricName(first.metrics.primary, tr) : '',
      legend: directionLegend(
        members.flatMap((g) => [g.metrics.primary, ...g.metrics.secondary]),
        tr,
      ),
      columns: members.map((g) => ({ id: g.id, heading: columnHeading(g), href: paths.guide(lang, g.id) })),
      // Cases more guides share come first; a case of one guide only is still shown, its
      // neighbours empty, so the page lists everything each guide measured.
      rows: [...labels]
        .map(([key, label]) => ({
          label,
          cells: members.map((g) => {
            const found = g.comparison.find((c) => c.label.en.toLowerCase() === key);
            return found ? caseCell(g, found, lang) : undefined;
          }),
        }))
        .sort((a, b) => b.cells.filter(Boolean).length - a.cells.filter(Boolean).length),
    };
  });
}

function summary(
  guides: readonly GuideEntry[],
  lang: Locale,
  nameOf: (g: GuideEntry) => string,
  first: string,
  paths: SitePaths,
) {
  const tr = translator(lang);
  return {
    // The gain before the command, which is the widest column: in view without scrolling.
    headers: [first, tr('index.objective'), tr('index.engine'), tr('index.gain'), tr('compare.command')],
    rows: guides.map((entry) => ({
      id: entry.guide.id,
      href: paths.guide(lang, entry.guide.id),
      name: nameOf(entry),
      objective: tr(`objective.${entry.guide.objective}`),
      engine: entry.guide.recommended.engine.name,
      command: commandView(entry.guide.recommended.command).text,
      commandView: commandView(entry.guide.recommended.command),
      gain: deltaText(entry.guide.headline, deltaStyle(entry.guide, tr)),
      positive: guideImprovement(entry.guide, entry.guide.headline),
    })),
  };
}

const sorted = (guides: readonly GuideEntry[]) => [...guides].sort((a, b) => byCodeUnit(a.guide.id, b.guide.id));

/** One model on every machine it has a guide for. */
export function modelCompareView(
  all: readonly GuideEntry[],
  model: string,
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): CompareView {
  const tr = translator(lang);
  const guides = sorted(all.filter((e) => modelSlug(e.guide) === model));
  const family = guides[0]?.guide.model.family ?? model;
  const tables = caseTables(guides, lang, machine, paths);
  return {
    title: tr('compare.modelTitle', { model: family }),
    lead: tr('compare.modelLead', { model: family, count: guides.length }),
    summary: summary(guides, lang, (e) => machine(e.guide), tr('index.hardware'), paths),
    tables,
    casesHeading: tr('compare.casesHeading'),
    noCases: tr('compare.noCases'),
  };
}

/** Every model measured on one machine. */
export function hardwareCompareView(
  all: readonly GuideEntry[],
  hardware: string,
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): CompareView {
  const tr = translator(lang);
  const guides = sorted(all.filter((e) => hardwareSlug(e.guide) === hardware));
  const name = guides[0]?.guide.hardware.name ?? hardware;
  return {
    title: tr('compare.hardwareTitle', { hardware: name }),
    lead: tr('compare.hardwareLead', { hardware: name, count: guides.length }),
    summary: summary(guides, lang, (e) => `${e.guide.model.family} (${machine(e.guide)})`, tr('index.model'), paths),
    tables: caseTables(guides, lang, (g) => `${g.model.family} · ${machine(g)}`, paths),
    casesHeading: tr('compare.casesHeading'),
    noCases: tr('compare.noCases'),
  };
}

/** Every compare page: models with guides on two or more machines, machines with two or more models. */
export function comparePages(all: readonly GuideEntry[]): { kind: 'model' | 'hardware'; slug: string }[] {
  const count = (slugOf: (g: ComputedGuide) => string) => {
    const counts = new Map<string, number>();
    for (const { guide } of all) counts.set(slugOf(guide), (counts.get(slugOf(guide)) ?? 0) + 1);
    return [...counts]
      .filter(([, n]) => n > 1)
      .map(([slug]) => slug)
      .sort();
  };
  return [
    ...count(modelSlug).map((slug) => ({ kind: 'model' as const, slug })),
    ...count(hardwareSlug).map((slug) => ({ kind: 'hardware' as const, slug })),
  ];
}
