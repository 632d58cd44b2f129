import { deltaText } from '../format/measurement-text.ts';
import { metricShortName } from '../format/metric-label.ts';
import { t, translator, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { comparePages, hardwareSlug, modelSlug } from './compare-view.ts';
import { deltaStyle, guideImprovement } from './view-context.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';

export type IndexRow = {
  id: string;
  family: string;
  href: string;
  title: string;
  model: string;
  /** "NVIDIA H200 × 8" */
  hardware: string;
  /** "NVIDIA H200": the matrix groups machines of one accelerator whatever their size */
  accelerator: string;
  /** "× 8" */
  count: string;
  objective: string;
  engine: string;
  /** "+219.70% Total TPS" on the guide's first (target) benchmark case */
  gain: string;
  gainCase: string;
  positive: boolean;
};

/** The locale's guide index: one row per model × hardware guide, sorted by model then hardware. */
export type IndexView = {
  title: string;
  lead: string;
  /** model family × machine: which guides exist, at a glance */
  matrix: {
    corner: string;
    /** each machine, linking to the page that compares every model on its hardware (when there are two) */
    columns: { name: string; compareHref?: string; compareLabel?: string }[];
    /** each model, linking to the page that compares its machines (when it has two) */
    rows: { family: string; compareHref?: string; compareLabel?: string; cells: IndexRow[][] }[];
  };
  headers: string[];
  rows: IndexRow[];
  /** the text of a link to a compare page */
  compareText: string;
};

export function indexView(
  guides: readonly { guide: ComputedGuide; title: string }[],
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): IndexView {
  const rows = [...guides]
    .sort((a, b) => byCodeUnit(a.guide.id, b.guide.id))
    .map(({ guide, title }) => {
      const target = guide.headline;
      return {
        id: guide.id,
        family: guide.model.family,
        href: paths.guide(lang, guide.id),
        title,
        model: guide.model.name,
        hardware: machineName(guide),
        accelerator: guide.hardware.name,
        count: `× ${guide.hardware.gpus}`,
        objective: t(lang, `objective.${guide.objective}`),
        engine: guide.recommended.engine.name,
        gain: `${deltaText(target, deltaStyle(guide, translator(lang)))} ${metricShortName(guide.metrics.primary)}`,
        gainCase: target.case?.[lang] ?? t(lang, 'index.allSteps'),
        positive: guideImprovement(guide, target),
      };
    });
  const columns = [...new Set(rows.map((r) => r.accelerator))].sort();
  const families = [...new Set(rows.map((r) => r.family))].sort();
  const pages = comparePages(guides);
  const has = (kind: 'model' | 'hardware', slug: string) => pages.some((p) => p.kind === kind && p.slug === slug);
  const first = (match: (g: ComputedGuide) => boolean) => guides.find((e) => match(e.guide))?.guide;
  return {
    title: t(lang, 'index.title'),
    compareText: t(lang, 'index.compare'),
    lead: t(lang, 'index.lead'),
    matrix: {
      corner: `${t(lang, 'index.model')} \\ ${t(lang, 'index.hardware')}`,
      columns: columns.map((name) => {
        const guide = first((g) => g.hardware.name === name);
        const slug = guide ? hardwareSlug(guide) : '';
        return has('hardware', slug)
          ? {
              name,
              compareHref: paths.compare(lang, 'hardware', slug),
              compareLabel: t(lang, 'index.compareHardware', { hardware: guide?.hardware.name ?? name }),
            }
          : { name };
      }),
      rows: families.map((family) => {
        const guide = first((g) => g.model.family === family);
        const slug = guide ? modelSlug(guide) : '';
        return {
          family,
          ...(has('model', slug)
            ? {
                compareHref: paths.compare(lang, 'model', slug),
                compareLabel: t(lang, 'index.compareModel', { model: family }),
              }
            : {}),
          cells: columns.map((hardware) => rows.filter((r) => r.family === family && r.accelerator === hardware)),
        };
      }),
    },
    headers: [
      t(lang, 'index.model'),
      t(lang, 'index.hardware'),
      t(lang, 'index.objective'),
      t(lang, 'index.engine'),
      t(lang, 'index.gain'),
    ],
    rows,
  };
}

/** "NVIDIA H200 × 8": the same shape for every guide, whatever its prose calls the machine. */
export function machineName(guide: ComputedGuide): string {
  return `${guide.hardware.name} × ${guide.hardware.gpus}`;
}
