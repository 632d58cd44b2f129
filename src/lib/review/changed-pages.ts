import type { ComputedGuide } from '../schema/computed.ts';
import { stableJson } from '../stable-json.ts';
import { comparePages, hardwareSlug, modelSlug } from '../format/compare-pages.ts';
import { ROOT_PATHS } from '../site-paths.ts';
import { locales, type Locale } from '../i18n.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { markdownText } from './markdown.ts';

/**
 * Which pages of the built site a pull request changed, for the reviewer who opens the built site
 * (the run's `site` artifact): each guide whose sources or computed numbers changed, in both
 * languages; the index and the compare pages that show a guide whose numbers, title or
 * recommendation changed, or that was added or removed; and a note when perflab's own site code
 * changed, which can change any page. Paths are the site's, from its root.
 */

export type GuideVersions = ReadonlyMap<string, ComputedGuide>;

/** The guide a repository path belongs to: raw files, sources, runs or computed output. */
export function guideOfPath(path: string): string | undefined {
  const match =
    /^data\/(?:raw|runs)\/([^/]+)\/([^/]+)\//.exec(path) ??
    /^content\/guides\/([^/]+)\/([^/]+)\//.exec(path) ??
    /^data\/guides\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** Paths whose change can change any page: the site's code, styles, strings, dependencies. */
const SITE_CODE = /^(src\/(?!lib\/review\/|bench\/|lib\/bench\/)|public\/|astro\.config\.mjs$|package(-lock)?\.json$)/;

export type ChangedPages = {
  /** guides (as they are now) whose pages changed */
  guides: string[];
  /** compare pages that show a guide whose computed output changed, as `<kind>/<slug>` */
  compare: { kind: 'model' | 'hardware'; slug: string }[];
  /** whether the index lists a guide whose computed output changed (or one came or went) */
  index: boolean;
  /** site code paths changed (any page may look different) */
  code: string[];
};

export function changedPages(
  changedFiles: readonly string[],
  before: GuideVersions,
  after: GuideVersions,
): ChangedPages {
  const touched = new Set(changedFiles.map(guideOfPath).filter((id) => id !== undefined));
  const computedChanged = (id: string) => {
    const [was, now] = [before.get(id), after.get(id)];
    return was === undefined || now === undefined || stableJson(was) !== stableJson(now);
  };
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort(byCodeUnit);
  const guides = ids.filter((id) => after.has(id) && (touched.has(id) || computedChanged(id)));
  // The index and compare pages show each guide's title, engine, gain and command: they change when
  // a guide's computed output does (or a guide comes or goes), not with its prose alone.
  const listed = ids.filter(computedChanged);
  const pagesOf = (versions: GuideVersions) =>
    comparePages([...versions.values()].map((guide) => ({ guide, title: '' })));
  const showing = new Set<string>();
  for (const versions of [before, after])
    for (const id of listed) {
      const guide = versions.get(id);
      if (guide) showing.add(`model/${modelSlug(guide)}`).add(`hardware/${hardwareSlug(guide)}`);
    }
  return {
    guides,
    compare: pagesOf(after).filter((page) => showing.has(`${page.kind}/${page.slug}`)),
    index: listed.length > 0,
    code: changedFiles.filter((path) => SITE_CODE.test(path)).sort(byCodeUnit),
  };
}

/** The report's lines naming the changed pages (paths from the built site's root), or none. */
export function changedPagesLines(changed: ChangedPages): string[] {
  const both = (path: (lang: Locale) => string) => locales.map((lang) => markdownText(path(lang))).join(' · ');
  const lines = [
    ...changed.guides.map((id) => `- ${markdownText(id)}: ${both((lang) => ROOT_PATHS.guide(lang, id))}`),
    ...changed.compare.map(
      ({ kind, slug }) =>
        `- compare ${kind} ${markdownText(slug)}: ${both((lang) => ROOT_PATHS.compare(lang, kind, slug))}`,
    ),
    ...(changed.index ? [`- the index: ${both((lang) => ROOT_PATHS.home(lang))}`] : []),
  ];
  const pages = lines.length === 0 ? [] : ['**Pages that changed** (paths in the built site):', '', ...lines, ''];
  if (changed.code.length === 0) return pages;
  const shown = changed.code.slice(0, 10).map(markdownText).join(', ');
  const more = changed.code.length > 10 ? ` and ${changed.code.length - 10} more` : '';
  return [
    ...pages,
    `**perflab's site code changed** (${shown}${more}): any page may look different; compare a guide page, a compare page and the index in each language.`,
    '',
  ];
}
