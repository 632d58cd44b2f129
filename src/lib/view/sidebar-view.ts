import { t, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { comparePages, modelSlug } from '../format/compare-pages.ts';
import { machineName } from './index-view.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { appendAll } from '../append-all.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';

/** A sidebar entry in Starlight's route data shape (what `starlightRoute.sidebar` holds). */
export type SidebarEntry =
  | { type: 'link'; label: string; href: string; isCurrent: boolean; badge: undefined; attrs: Record<string, string> }
  | { type: 'group'; label: string; entries: SidebarEntry[]; collapsed: boolean; badge: undefined };

type SidebarLink = Extract<SidebarEntry, { type: 'link' }>;

/** One model as the sidebar shows it: its name, where its one link goes, its guides' links. */
export type SidebarModel = {
  family: string;
  href: string;
  compareHref?: string;
  guides: { label: string; href: string }[];
};

/**
 * Up to this many models the sidebar lists every one. A site with more lists the page's own model
 * and sends the reader to the index for the rest: a list of hundreds helps no one, and it made
 * every page grow with the site (the whole build with its square).
 */
export const SIDEBAR_ALL_MODELS = 30;

/**
 * The models of the site's sidebar for a locale, sorted, each with its guides. The same for every
 * page of the locale: a build makes it once (see the route middleware), not once a page.
 */
export function sidebarModels(
  guides: readonly { guide: ComputedGuide; title: string }[],
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): SidebarModel[] {
  const byModel = Map.groupBy(
    [...guides].sort((a, b) => byCodeUnit(a.guide.id, b.guide.id)),
    (entry) => modelSlug(entry.guide),
  );
  const pages = comparePages(guides);
  return [...byModel].map(([slug, entries]) => {
    const family = entries[0]?.guide.model.family ?? slug;
    const compareHref = pages.some((p) => p.kind === 'model' && p.slug === slug)
      ? paths.compare(lang, 'model', slug)
      : undefined;
    const guideLinks = entries.map(({ guide }) => {
      const sameMachine = entries.filter((e) => machineName(e.guide) === machineName(guide)).length > 1;
      const objective = sameMachine ? ` · ${t(lang, `objective.${guide.objective}`)}` : '';
      return { label: `${family} · ${machineName(guide)}${objective}`, href: paths.guide(lang, guide.id) };
    });
    return {
      family,
      href: compareHref ?? guideLinks[0]?.href ?? paths.home(lang),
      ...(compareHref ? { compareHref } : {}),
      guides: guideLinks,
    };
  });
}

function link(label: string, href: string, path: string): SidebarLink {
  return { type: 'link', label, href, isCurrent: href === path, badge: undefined, attrs: {} };
}

function isModelOf(model: SidebarModel, path: string): boolean {
  return model.compareHref === path || model.guides.some((g) => g.href === path);
}

/** The model of the page (its guide or compare page) as a group: each of its guides, its compare page. */
function modelGroup(model: SidebarModel, lang: Locale, path: string): SidebarEntry {
  return {
    type: 'group',
    label: model.family,
    collapsed: false,
    badge: undefined,
    entries: [
      ...model.guides.map((g) => link(g.label, g.href, path)),
      ...(model.compareHref
        ? [link(t(lang, 'index.compareModel', { model: model.family }), model.compareHref, path)]
        : []),
    ],
  };
}

/**
 * The site's sidebar on the page at `path`: the index, the models, the methodology. The page's own
 * model is a group with each of its guides (and its compare page). Up to SIDEBAR_ALL_MODELS models,
 * every other model is one link, to its compare page or its only guide; beyond, the page's own model
 * is the only one, and the index link says how many guides it lists. Each label names the model,
 * so no two links read the same out of context.
 */
export function sidebarView(
  models: readonly SidebarModel[],
  lang: Locale,
  path: string,
  paths: SitePaths = ROOT_PATHS,
): SidebarEntry[] {
  const all = models.length <= SIDEBAR_ALL_MODELS;
  const guides = models.reduce((sum, model) => sum + model.guides.length, 0);
  const shown = all ? models : models.filter((model) => isModelOf(model, path));
  return [
    link(all ? t(lang, 'site.guides') : t(lang, 'site.allGuides', { count: guides }), paths.home(lang), path),
    ...shown.map((model) =>
      isModelOf(model, path) ? modelGroup(model, lang, path) : link(model.family, model.href, path),
    ),
    link(t(lang, 'site.methodology'), paths.methodology(lang), path),
  ];
}

/**
 * Previous and next page: the neighbours of `path` in the order a sidebar listing every model
 * gives (the index, each model's pages, the methodology), whether or not this page's lists them.
 */
export function sidebarPagination(
  models: readonly SidebarModel[],
  lang: Locale,
  path: string,
  paths: SitePaths = ROOT_PATHS,
): { prev: SidebarLink | undefined; next: SidebarLink | undefined } {
  const links: SidebarLink[] = [link(t(lang, 'site.guides'), paths.home(lang), path)];
  for (const model of models)
    if (isModelOf(model, path)) appendAll(links, (modelGroup(model, lang, path) as { entries: SidebarLink[] }).entries);
    else links.push(link(model.family, model.href, path));
  links.push(link(t(lang, 'site.methodology'), paths.methodology(lang), path));
  const at = links.findIndex((entry) => entry.isCurrent);
  return at < 0 ? { prev: undefined, next: undefined } : { prev: links[at - 1], next: links[at + 1] };
}
