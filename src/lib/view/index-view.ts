import { deltaText } from '../format/measured.ts';
import { metricShortName } from '../format/metric-label.ts';
import { t, translator, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { comparePages, hardwareSlug, modelSlug } from './compare-view.ts';
import { deltaStyle, guideImprovement } from './view-context.ts';

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

export function indexView(guides: readonly { guide: ComputedGuide; title: string }[], lang: Locale): IndexView {
  const rows = [...guides]
    .sort((a, b) => a.guide.id.localeCompare(b.guide.id))
    .map(({ guide, title }) => {
      const target = guide.headline;
      return {
        id: guide.id,
        family: guide.model.family,
        href: `/${lang}/guides/${guide.id}/`,
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
              compareHref: `/${lang}/compare/hardware/${slug}/`,
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
                compareHref: `/${lang}/compare/model/${slug}/`,
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

/** A sidebar entry in Starlight's route data shape (what `starlightRoute.sidebar` holds). */
export type SidebarEntry =
  | { type: 'link'; label: string; href: string; isCurrent: boolean; badge: undefined; attrs: Record<string, string> }
  | { type: 'group'; label: string; entries: SidebarEntry[]; collapsed: boolean; badge: undefined };

/** One model as the sidebar shows it: its name, where its one link goes, its guides' links. */
export type SidebarModel = {
  family: string;
  href: string;
  compareHref?: string;
  guides: { label: string; href: string }[];
};

/**
 * The models of the site's sidebar for a locale, sorted, each with its guides. The same for every
 * page of the locale: a build makes it once (see the route middleware), not once a page.
 */
export function sidebarModels(
  guides: readonly { guide: ComputedGuide; title: string }[],
  lang: Locale,
): SidebarModel[] {
  const byModel = Map.groupBy(
    [...guides].sort((a, b) => a.guide.id.localeCompare(b.guide.id)),
    (entry) => modelSlug(entry.guide),
  );
  const pages = comparePages(guides);
  return [...byModel].map(([slug, entries]) => {
    const family = entries[0]?.guide.model.family ?? slug;
    const compareHref = pages.some((p) => p.kind === 'model' && p.slug === slug)
      ? `/${lang}/compare/model/${slug}/`
      : undefined;
    const guideLinks = entries.map(({ guide }) => {
      const sameMachine = entries.filter((e) => machineName(e.guide) === machineName(guide)).length > 1;
      const objective = sameMachine ? ` · ${t(lang, `objective.${guide.objective}`)}` : '';
      return { label: `${family} · ${machineName(guide)}${objective}`, href: `/${lang}/guides/${guide.id}/` };
    });
    return {
      family,
      href: compareHref ?? guideLinks[0]?.href ?? `/${lang}/`,
      ...(compareHref ? { compareHref } : {}),
      guides: guideLinks,
    };
  });
}

/**
 * The site's sidebar, the same on every page of a locale: the index, every model, the methodology.
 * The model of the page (`path`: its guide or compare page) is a group with each of its guides
 * (and its compare page); every other model is one link, to its compare page or its only guide,
 * so a page's sidebar grows with the number of models, not of guides. Each label names the model,
 * so no two links read the same out of context.
 */
export function sidebarView(models: readonly SidebarModel[], lang: Locale, path: string): SidebarEntry[] {
  const link = (label: string, href: string): SidebarEntry => ({
    type: 'link',
    label,
    href,
    isCurrent: href === path,
    badge: undefined,
    attrs: {},
  });
  return [
    link(t(lang, 'site.guides'), `/${lang}/`),
    ...models.map((model): SidebarEntry => {
      const current = model.compareHref === path || model.guides.some((g) => g.href === path);
      if (!current) return link(model.family, model.href);
      return {
        type: 'group',
        label: model.family,
        collapsed: false,
        badge: undefined,
        entries: [
          ...model.guides.map((g) => link(g.label, g.href)),
          ...(model.compareHref
            ? [link(t(lang, 'index.compareModel', { model: model.family }), model.compareHref)]
            : []),
        ],
      };
    }),
    link(t(lang, 'site.methodology'), `/${lang}/methodology/`),
  ];
}

/** "NVIDIA H200 × 8": the same shape for every guide, whatever its prose calls the machine. */
function machineName(guide: ComputedGuide): string {
  return `${guide.hardware.name} × ${guide.hardware.gpus}`;
}
