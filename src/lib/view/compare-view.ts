import { deltaText } from '../format/measurement-text.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { hardwareSlugOf } from '../schema/guide-yaml.ts';
import { commandView, type CommandView } from './command-view.ts';
import { caseTables, type CompareTable } from './compare-cases-view.ts';
import { deltaStyle, guideImprovement } from './view-context.ts';
import { metricName } from './metric-heading.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';

/**
 * Compare pages: one model's guides on different machines side by side, or one machine's
 * models. Built from the computed guides only; values per accelerator make machines of
 * different sizes comparable.
 */

export type GuideEntry = { guide: ComputedGuide; title: string };
export type { CompareRow, CompareTable } from './compare-cases-view.ts';

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
      /** the metric the gain is of, where the page's guides are not all judged by one ("by Interval-mean Total TPS") */
      gainMetric?: string;
      positive: boolean;
    }[];
  };
  casesHeading: string;
  /** what the tables hold: only cases and metrics the guides share, per GPU where machines differ */
  casesLead: string;
  tables: CompareTable[];
  /** when the guides share no case */
  noCases: string;
  /** cases one guide alone measured, and metrics not all guides of a table measured: named, not compared */
  notCompared: string[];
};

/** "glm-4.x": the model part of a guide id, which names its compare page. */
export const modelSlug = (guide: ComputedGuide) => guide.id.split('/')[0] ?? guide.id;
/** "nvidia-h200": a machine's compare page. */
export const hardwareSlug = (guide: ComputedGuide) => hardwareSlugOf(guide.hardware.name);

const machine = (guide: ComputedGuide) => `${guide.hardware.name} × ${guide.hardware.gpus}`;

function summary(
  guides: readonly GuideEntry[],
  lang: Locale,
  nameOf: (g: GuideEntry) => string,
  first: string,
  paths: SitePaths,
) {
  const tr = translator(lang);
  // Gains of different metrics are not one column of like figures: each then says what it is of.
  const mixed = new Set(guides.map((entry) => entry.guide.metrics.primary)).size > 1;
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
      ...(mixed
        ? { gainMetric: tr('compare.gainMetric', { metric: metricName(entry.guide.metrics.primary, tr) }) }
        : {}),
      positive: guideImprovement(entry.guide, entry.guide.headline),
    })),
  };
}

const cases = (tr: Translate) => ({
  casesHeading: tr('compare.casesHeading'),
  casesLead: tr('compare.casesLead'),
  noCases: tr('compare.noCases'),
});

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
  return {
    title: tr('compare.modelTitle', { model: family }),
    lead: tr('compare.modelLead', { model: family, count: guides.length }),
    summary: summary(guides, lang, (e) => machine(e.guide), tr('index.hardware'), paths),
    ...cases(tr),
    ...caseTables(guides, lang, machine, tr('index.hardware'), paths),
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
    ...cases(tr),
    ...caseTables(guides, lang, (g) => `${g.model.family} · ${machine(g)}`, tr('index.model'), paths),
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
