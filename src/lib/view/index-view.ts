import { deltaText, shownAs } from '../format/measurement-text.ts';
import { displayUnit, unitSuffix } from '../format/metric-label.ts';
import { formatCompact } from '../format/number.ts';
import { metricName } from './metric-heading.ts';
import { t, translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { comparePages, hardwareSlug, modelSlug } from '../format/compare-pages.ts';
import { deltaStyle, guideImprovement } from './view-context.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';

/** What a reader can narrow the index to; each is a query parameter of the index's URL. */
export const INDEX_FILTERS = ['objective', 'engine', 'accelerator', 'family'] as const;
export type IndexFilter = (typeof INDEX_FILTERS)[number];

/** One guide in its cell of the matrix. */
export type IndexGuide = {
  id: string;
  href: string;
  /** the link's name for a screen reader and the tooltip: "GLM-4.x Throughput Optimization on NVIDIA H200 GPUs" */
  title: string;
  /** "Throughput" */
  objective: string;
  engine: string;
  /** "8 GPUs": the machine's size */
  gpus: string;
  /** "+219.70%": the guide's headline, with the metric it is on */
  gain: string;
  metric: string;
  /** the benchmark case the headline gain was measured on ("ShareGPT"), when the guide names one */
  case?: string;
  /**
   * The headline's measured value for the recommended configuration, beside its change: per
   * accelerator for a throughput ("2191 tok/s/GPU"), as measured for a latency ("0.62 s"); the
   * title says the measured value and the accelerators. Absent when the guide has no benchmark case.
   */
  figure?: { text: string; title: string };
  positive: boolean;
  /** the value of each filter for this guide: what the URL's query string names */
  filters: Record<IndexFilter, string>;
};

/** The locale's guide index: one model × machine matrix, every guide once, filterable. */
export type IndexView = {
  title: string;
  lead: string;
  /**
   * The filters (hidden until the page's script shows them: without it the matrix is whole). Each
   * is a select of the form, named as its query parameter, with an empty "all" option first.
   */
  filters: {
    label: string;
    /** "Showing {shown} of {total} guides" with the numbers in place by the script */
    count: string;
    /** when no guide matches */
    none: string;
    reset: string;
    fields: { name: IndexFilter; label: string; all: string; options: { value: string; label: string }[] }[];
  };
  matrix: {
    caption: string;
    corner: string;
    /** each machine, linking to the page that compares every model on its hardware (when there are two) */
    columns: { id: string; name: string; compareHref?: string; compareLabel?: string }[];
    /** each model family, linking to the page that compares its machines (when it has two) */
    rows: {
      id: string;
      family: string;
      compareHref?: string;
      compareLabel?: string;
      /** the family's model page: its machines ranked per GPU and by cost */
      modelHref: string;
      modelText: string;
      cells: IndexGuide[][];
    }[];
  };
  /** the text of a link to a compare page */
  compareText: string;
};

/** A value as a query string carries it: "NVIDIA H200" → "nvidia-h200", "GLM-4.x" → "glm-4.x". */
export const filterValue = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');

export function indexView(
  guides: readonly { guide: ComputedGuide; title: string }[],
  lang: Locale,
  paths: SitePaths = ROOT_PATHS,
): IndexView {
  const tr = translator(lang);
  const sorted = [...guides].sort((a, b) => byCodeUnit(a.guide.id, b.guide.id));
  const entries = sorted.map(({ guide, title }) => ({
    guide,
    view: {
      id: guide.id,
      href: paths.guide(lang, guide.id),
      title,
      objective: tr(`objective.${guide.objective}`),
      engine: guide.recommended.engine.name,
      gpus: tr(guide.hardware.gpus === 1 ? 'index.gpu' : 'index.gpus', {
        count: guide.hardware.gpus,
        accelerator: guide.hardware.accelerator.toUpperCase(),
      }),
      gain: deltaText(guide.headline, deltaStyle(guide, tr)),
      metric: metricName(guide.metrics.primary, tr),
      ...(guide.headline.case ? { case: guide.headline.case[lang] } : {}),
      ...figureOf(guide, tr),
      positive: guideImprovement(guide, guide.headline),
      filters: {
        objective: guide.objective,
        engine: filterValue(guide.recommended.engine.name),
        accelerator: hardwareSlug(guide),
        family: filterValue(guide.model.family),
      },
    } satisfies IndexGuide,
  }));
  const machines = [...new Set(sorted.map(({ guide }) => guide.hardware.name))].sort();
  const families = [...new Set(sorted.map(({ guide }) => guide.model.family))].sort();
  const pages = comparePages(guides);
  const has = (kind: 'model' | 'hardware', slug: string) => pages.some((p) => p.kind === kind && p.slug === slug);
  const first = (match: (g: ComputedGuide) => boolean) => sorted.find((e) => match(e.guide))?.guide;
  // Each filter's choices, in the order the matrix shows them, named as the page shows them.
  const options = (name: IndexFilter, label: (g: ComputedGuide, v: IndexGuide) => string) => {
    const seen = new Map<string, string>();
    for (const { guide, view } of entries)
      if (!seen.has(view.filters[name])) seen.set(view.filters[name], label(guide, view));
    return [...seen].map(([value, text]) => ({ value, label: text })).sort((a, b) => byCodeUnit(a.label, b.label));
  };
  return {
    title: t(lang, 'index.title'),
    lead: t(lang, 'index.lead'),
    compareText: t(lang, 'index.compare'),
    filters: {
      label: tr('index.filters'),
      // The script puts the numbers in.
      count: tr('index.showing', { shown: '{shown}', total: '{total}' }),
      none: tr('index.noMatch'),
      reset: tr('index.reset'),
      fields: [
        { name: 'objective', label: tr('index.objective'), options: options('objective', (_, v) => v.objective) },
        { name: 'engine', label: tr('index.filterEngine'), options: options('engine', (_, v) => v.engine) },
        { name: 'accelerator', label: tr('index.hardware'), options: options('accelerator', (g) => g.hardware.name) },
        { name: 'family', label: tr('index.model'), options: options('family', (g) => g.model.family) },
      ].map((field) => ({ ...field, name: field.name as IndexFilter, all: tr('index.all') })),
    },
    matrix: {
      caption: tr('index.caption'),
      corner: tr('index.model'),
      columns: machines.map((name) => {
        const guide = first((g) => g.hardware.name === name);
        const slug = guide ? hardwareSlug(guide) : filterValue(name);
        return has('hardware', slug)
          ? {
              id: slug,
              name,
              compareHref: paths.compare(lang, 'hardware', slug),
              compareLabel: tr('index.compareHardware', { hardware: name }),
            }
          : { id: slug, name };
      }),
      rows: families.map((family) => {
        const guide = first((g) => g.model.family === family);
        const slug = guide ? modelSlug(guide) : '';
        return {
          id: filterValue(family),
          family,
          modelHref: paths.model(lang, slug),
          modelText: tr('model.link', { model: family }),
          ...(has('model', slug)
            ? {
                compareHref: paths.compare(lang, 'model', slug),
                compareLabel: tr('index.compareModel', { model: family }),
              }
            : {}),
          cells: machines.map((machine) =>
            entries
              .filter(({ guide: g }) => g.model.family === family && g.hardware.name === machine)
              .map(({ view }) => view),
          ),
        };
      }),
    },
  };
}

/** The recommended side of the headline's case: its primary metric per accelerator, or as measured. */
function figureOf(guide: ComputedGuide, tr: Translate): Pick<IndexGuide, 'figure'> {
  const measured = guide.comparison[0]?.optimized.measured;
  if (!measured) return {};
  const key = guide.metrics.primary;
  const unit = unitSuffix(displayUnit(key));
  const accelerator = guide.hardware.accelerator.toUpperCase();
  const title = tr('index.figureTitle', {
    metric: metricName(key, tr),
    value: shownAs(measured.primary.value, key),
    unit,
    gpus: tr(measured.gpus === 1 ? 'index.gpu' : 'index.gpus', { count: measured.gpus, accelerator }),
  });
  const text =
    measured.perAccelerator === undefined
      ? `${shownAs(measured.primary.value, key)} ${unit}`
      : tr('index.figurePerGpu', { value: formatCompact(measured.perAccelerator), unit, accelerator });
  return { figure: { text, title } };
}

/** "NVIDIA H200 × 8": the same shape for every guide, whatever its prose calls the machine. */
export function machineName(guide: ComputedGuide): string {
  return `${guide.hardware.name} × ${guide.hardware.gpus}`;
}
