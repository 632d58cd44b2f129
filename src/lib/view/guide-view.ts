import { localeLanguages, otherLocale, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { PAGE_PARTS, PagePart } from '../schema/vocabulary.ts';
import { conclusionView, type ConclusionView } from './conclusion-view.ts';
import { otherCasesView, type OtherCasesView } from './other-cases-view.ts';
import { setupView, type SetupView } from './setup-view.ts';
import { stepView, type StepView } from './step-view.ts';
import { reviewNotesView, type ReviewNotesView } from './story-notes.ts';
import { optimizationSummaryView, type OptimizationSummaryView } from './summary-table-view.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';
import { modelSlug } from '../format/compare-pages.ts';
import { newestEngines, olderEngines } from '../format/engine-age.ts';
import { viewContext, type ProseHtml, type ViewContext } from './view-context.ts';

export type { AccuracyView } from './accuracy-view.ts';
export type { OtherCaseEntry } from './other-cases-view.ts';
export { type StepView, type VariantView } from './step-view.ts';
export { summaryText } from './step-summary-text.ts';
export type { CellLine, MeasuredCell, ProseHtml, RawResult } from './view-context.ts';

/**
 * Everything a guide page shows in one locale, as strings in page order. Pages only lay this out;
 * every sentence, number, label and link is decided here (and unit-tested).
 */
export type GuideView = {
  lang: Locale;
  id: string;
  title: string;
  description: string;
  /** the same guide in the other language */
  languageLink: { href: string; hreflang: string; text: string };
  /** the model's page: every machine it was measured on, ranked per GPU and by cost */
  modelLink: { href: string; text: string };
  /**
   * What search weighs beside the title, as Pagefind's metadata: `model`, the model's family and
   * its name, on every guide; `current`, the same words, on a guide the page does not mark as
   * measured on an older engine than another guide of the site used. So among guides a query
   * matches alike ("GLM throughput": six titles, six models), the ones measured on the newest
   * engine releases come first.
   */
  search: { model: string; current?: string };
  /** the notice on a page whose prose stands in for a missing translation */
  untranslated?: string;
  /** sections of free prose the guide adds, by the part of the page they follow */
  sectionsAfter: Record<PagePart, { id: string; heading: string; html: string }[]>;
  /** labels of a variant's lines */
  labels: { profile: string; args: string; command: string; result: string };
  conclusion: ConclusionView;
  objective?: { heading: string; html: string };
  setup: SetupView;
  /** `changedFlags`: what a highlighted flag means, when a step highlights any */
  results: { heading: string; steps: StepView[]; changedFlags?: string; directionLegend: string };
  optimizationSummary: OptimizationSummaryView;
  /** absent when the guide has neither other cases nor prose about them */
  otherCases?: OtherCasesView;
  downloads: {
    heading: string;
    links: { href: string; text: string; filename: string }[];
    /** the guide's JSON for programs (api/v1) and the page that documents it */
    api: { href: string; text: string; docsHref: string; docsText: string };
    /** SHA256SUMS.txt, the SHA-256 of every download (how to check one: the "Data and API" page) */
    sums: { href: string; text: string };
  };
  /** what the story checks found and the authors accepted: collapsed at the end, for reviewers */
  reviewNotes?: ReviewNotesView;
  /** YYYY-MM-DD when the guide's raw files last changed, from their git history */
  lastUpdated?: string;
};

function searchMeta(guide: ComputedGuide, older: boolean): GuideView['search'] {
  const model = `${guide.model.family} ${guide.model.name}`;
  return older ? { model } : { model, current: model };
}

export function guideView(
  guide: ComputedGuide,
  prose: ProseHtml,
  lang: Locale,
  lastUpdated?: string,
  paths: SitePaths = ROOT_PATHS,
  /** every guide of the site, whose newest engine releases set the "older engine" mark (engine-age.ts) */
  siteGuides: readonly Pick<ComputedGuide, 'id' | 'decision'>[] = [],
): GuideView {
  const newest = newestEngines(siteGuides);
  const ctx = viewContext(guide, prose, lang);
  const { tr } = ctx;
  const objective = ctx.slot('objective');
  const other = otherLocale(lang);
  return {
    lang,
    id: guide.id,
    title: prose.title,
    description: prose.description,
    modelLink: { href: paths.model(lang, modelSlug(guide)), text: tr('model.link', { model: guide.model.family }) },
    languageLink: {
      href: paths.guide(other, guide.id),
      hreflang: localeLanguages[other].lang,
      text: tr('guide.languageLink'),
    },
    search: searchMeta(guide, olderEngines(guide, newest).length > 0),
    ...(prose.untranslated ? { untranslated: tr('guide.untranslated') } : {}),
    sectionsAfter: Object.fromEntries(
      PAGE_PARTS.map((part) => [
        part,
        guide.sections
          .filter((section) => section.after === part)
          .map((section) => ({
            id: section.id,
            heading: section.title[lang],
            html: ctx.slot(`section:${section.id}`) ?? '',
          })),
      ]),
    ) as GuideView['sectionsAfter'],
    labels: {
      profile: tr('variant.profile'),
      args: tr('variant.args'),
      command: tr('variant.command'),
      result: tr('variant.result'),
    },
    conclusion: conclusionView(ctx, paths, newest),
    ...(objective ? { objective: { heading: tr('objective.heading'), html: objective } } : {}),
    setup: setupView(ctx),
    results: resultsView(ctx),
    optimizationSummary: optimizationSummaryView(ctx),
    ...otherCasesOf(otherCasesView(ctx)),
    ...reviewNotesOf(reviewNotesView(ctx)),
    downloads: {
      heading: tr('downloads.heading'),
      links: [
        // Saved under the guide's name ("glm-5.2-h200.csv"), not the last path segment ("h200.csv").
        { href: paths.download(guide.id, 'json'), text: tr('downloads.json'), filename: `${downloadName(guide)}.json` },
        { href: paths.download(guide.id, 'csv'), text: tr('downloads.csv'), filename: `${downloadName(guide)}.csv` },
      ],
      api: {
        href: paths.api.guide(guide.id),
        text: tr('downloads.api'),
        docsHref: paths.dataApi(lang),
        docsText: tr('site.dataApi'),
      },
      sums: { href: paths.downloadSums(), text: tr('downloads.sums') },
    },
    ...(lastUpdated ? { lastUpdated } : {}),
  };
}

const downloadName = (guide: ComputedGuide) => `perflab-${guide.id.replace(/\//g, '-')}`;

function resultsView(ctx: ViewContext): GuideView['results'] {
  const steps = ctx.guide.steps.map((step) => stepView(ctx, step));
  const highlights = steps.some((step) =>
    step.variants.some((v) => [v.argsView, v.commandView].some((c) => c?.pieces.some((p) => p.changed))),
  );
  return {
    heading: ctx.tr('results.heading'),
    steps,
    directionLegend: ctx.directionLegend,
    ...(highlights ? { changedFlags: ctx.tr('command.changedLegend') } : {}),
  };
}

function reviewNotesOf(view: ReviewNotesView | undefined): { reviewNotes?: ReviewNotesView } {
  return view ? { reviewNotes: view } : {};
}

function otherCasesOf(view: OtherCasesView): { otherCases?: OtherCasesView } {
  return view.groups.length > 0 || view.introHtml !== undefined ? { otherCases: view } : {};
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
    ...(view.otherCases ? [{ depth: 2, slug: 'other-cases', text: view.otherCases.heading }] : []),
    // A sweep's chart opens Other benchmark cases under a heading of its own (OtherCases.astro).
    ...(view.otherCases?.sweep ? [{ depth: 3, slug: 'sweep', text: view.otherCases.sweep.heading }] : []),
    { depth: 2, slug: 'downloads', text: view.downloads.heading },
  ].flatMap((heading) => {
    // The headings that are parts of the page (not a step, not downloads) may have sections after them.
    const part = PagePart.safeParse(heading.slug);
    const sections = part.success ? view.sectionsAfter[part.data] : [];
    return [
      heading,
      ...sections.map((section) => ({ depth: 2, slug: `section-${section.id}`, text: section.heading })),
    ];
  });
}
