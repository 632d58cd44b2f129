import { deltaText } from '../format/measurement-text.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import type { ComputedCompare } from '../schema/computed-compare.ts';
import { commandView, type CommandView } from './command-view.ts';
import { caseTables, type CompareTable } from './compare-cases-view.ts';
import { deltaStyle, guideImprovement } from './view-context.ts';
import { metricName } from './metric-heading.ts';
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

/** The page's guides, in the order compute listed them (data/compare). */
const pageGuides = (all: readonly GuideEntry[], page: ComputedCompare) => {
  const byId = new Map(all.map((entry) => [entry.guide.id, entry]));
  return page.guides.flatMap((id) => byId.get(id) ?? []);
};

/** One model on every machine it has a guide for. */
export function modelCompareView(
  all: readonly GuideEntry[],
  page: ComputedCompare,
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): CompareView {
  const tr = translator(lang);
  const model = page.slug;
  const guides = pageGuides(all, page);
  const family = guides[0]?.guide.model.family ?? model;
  return {
    title: tr('compare.modelTitle', { model: family }),
    lead: tr('compare.modelLead', { model: family, count: guides.length }),
    summary: summary(guides, lang, (e) => machine(e.guide), tr('index.hardware'), paths),
    ...cases(tr),
    ...caseTables(guides, page, lang, machine, tr('index.hardware'), paths),
  };
}

/** Every model measured on one machine. */
export function hardwareCompareView(
  all: readonly GuideEntry[],
  page: ComputedCompare,
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): CompareView {
  const tr = translator(lang);
  const hardware = page.slug;
  const guides = pageGuides(all, page);
  const name = guides[0]?.guide.hardware.name ?? hardware;
  return {
    title: tr('compare.hardwareTitle', { hardware: name }),
    lead: tr('compare.hardwareLead', { hardware: name, count: guides.length }),
    summary: summary(guides, lang, (e) => `${e.guide.model.family} (${machine(e.guide)})`, tr('index.model'), paths),
    ...cases(tr),
    ...caseTables(guides, page, lang, (g) => `${g.model.family} · ${machine(g)}`, tr('index.model'), paths),
  };
}
