import { toDisplayUnit } from '../format/metric-label.ts';
import { deltaText, shownAs } from '../format/measurement-text.ts';
import { formatFixed } from '../format/number.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedCase, ComputedGuide } from '../schema/computed.ts';
import type { CompareSelection, SharedCase } from '../schema/computed-compare.ts';
import { splitMetricKey, type MetricKey } from '../schema/metric.ts';
import type { SitePaths } from '../site-paths.ts';
import { metricHeading, metricName } from './metric-heading.ts';
import { deltaStyle, directionLegend, guideImprovement, secondaryDeltaView, type DeltaView } from './view-context.ts';
import { guideView } from './guide-view.ts';
import { rawResultPlacement, type RawPlacements } from './raw-placement.ts';

/**
 * A compare page's case tables: each benchmark case two or more of its guides measured, one row
 * per guide, with only the metrics all of them measured (compute chose them: data/compare);
 * what one guide alone measured is named under them. Every value is a computed guide's.
 */

/** One guide's result on a case the page's guides share: a row of that case's table. */
export type CompareRow = {
  id: string;
  name: string;
  href: string;
  /** the optimized value on the whole machine, in the column's unit: "14162.68" */
  value: string;
  /** per accelerator, when the table compares machines of different sizes: "1770.34" */
  perAccelerator?: string;
  /** "+219.70%" against that guide's own baseline */
  change: string;
  positive: boolean;
  /** the raw file:line that printed the optimized value */
  source: string;
  /** that line on the guide's own page (a compare page has no raw results): a tap opens it there */
  sourceHref?: string;
  /** each metric the table's guides all measured beside it, with its change: what the gain costs */
  secondary: { value: string; delta?: DeltaView }[];
};

/** One benchmark case two or more of the page's guides measured, one row per guide. */
export type CompareTable = {
  /** the case, for its heading and anchor */
  id: string;
  label: string;
  objective: string;
  /** column heads: the guide, [per accelerator,] the value, its change, each shared metric */
  headers: { name: string; perAccelerator?: string; value: string; change: string; secondary: string[] };
  /** what the colours mean and which way each metric of the table is better */
  legend: string;
  rows: CompareRow[];
};

const valueText = (value: number, key: MetricKey) => formatFixed(toDisplayUnit(value, key), 2);

function compareRow(
  guide: ComputedGuide,
  testCase: ComputedCase,
  shared: SharedCase,
  name: string,
  lang: Locale,
  paths: SitePaths,
): CompareRow {
  const key = guide.metrics.primary;
  const optimized = testCase.optimized.measured;
  const run = guide.runs[optimized.primary.runId];
  const style = deltaStyle(guide, translator(lang));
  return {
    id: guide.id,
    name,
    href: paths.guide(lang, guide.id),
    value: valueText(optimized.score, key),
    ...(shared.perAccelerator && optimized.perAccelerator !== undefined
      ? { perAccelerator: valueText(optimized.perAccelerator, key) }
      : {}),
    change: deltaText(testCase, style),
    positive: guideImprovement(guide, testCase),
    source: run ? `${run.file}:${optimized.primary.line}` : '',
    ...(run ? linkTo(rawLineHref(guide, lang, paths, run.file, optimized.primary.line)) : {}),
    secondary: shared.secondary.map((metric) => {
      const i = guide.metrics.secondary.indexOf(metric);
      const value = optimized.secondary[i]?.value;
      const delta = secondaryDeltaView(guide, style, testCase, i);
      return { value: value === undefined ? '' : shownAs(value, metric), ...(delta ? { delta } : {}) };
    }),
  };
}

const linkTo = (sourceHref: string | undefined) => (sourceHref ? { sourceHref } : {});

/** Each guide's raw results as its page places them, per language (a compare page links into several). */
const placements = new WeakMap<ComputedGuide, Map<Locale, RawPlacements>>();

/** The link to the line of a raw file that printed a number, on the guide's own page. */
function rawLineHref(
  guide: ComputedGuide,
  lang: Locale,
  paths: SitePaths,
  file: string,
  line: number,
): string | undefined {
  const byLang = placements.get(guide) ?? new Map<Locale, RawPlacements>();
  placements.set(guide, byLang);
  let placement = byLang.get(lang);
  if (!placement) {
    placement = rawResultPlacement(guideView(guide, { title: '', description: '', slots: {} }, lang, undefined, paths));
    byLang.set(lang, placement);
  }
  const anchor = placement.href({ source: `${file}:${line}`, file, lines: [line] });
  return anchor ? `${paths.guide(lang, guide.id)}${anchor}` : undefined;
}

/** A secondary metric by name, saying when its TPOT counts the first token (GPUStack's does). */
function secondaryName(key: MetricKey, tr: Translate): string {
  return splitMetricKey(key).id === 'tpot_incl_ttft'
    ? tr('compare.inclFirstToken', { metric: metricName(key, tr) })
    : metricName(key, tr);
}

/** Each case two or more guides share, as a table of those guides (`selection`: data/compare). */
export function caseTables(
  guides: readonly { guide: ComputedGuide }[],
  selection: CompareSelection,
  lang: Locale,
  nameOf: (g: ComputedGuide) => string,
  nameHeader: string,
  paths: SitePaths,
): { tables: CompareTable[]; notCompared: string[] } {
  const tr = translator(lang);
  const byId = new Map(guides.map(({ guide }) => [guide.id, guide]));
  const tables: CompareTable[] = [];
  const metricsApart: string[] = [];
  for (const shared of selection.shared) {
    const rows = shared.entries.flatMap(({ guide: id, case: caseId }) => {
      const guide = byId.get(id);
      const testCase = guide?.comparison.find((c) => c.id === caseId);
      return guide && testCase ? [{ guide, testCase }] : [];
    });
    const [first] = rows;
    if (!first) continue;
    const key = shared.primary;
    const label = first.testCase.label[lang];
    const accelerator = first.guide.hardware.accelerator.toUpperCase();
    tables.push({
      id: `case-${first.testCase.id}`,
      label,
      objective: tr(`objective.${first.guide.objective}`),
      headers: {
        name: nameHeader,
        ...(shared.perAccelerator ? { perAccelerator: metricHeading(key, tr, accelerator) } : {}),
        value: shared.perAccelerator
          ? tr('compare.wholeMachine', { metric: metricHeading(key, tr) })
          : metricHeading(key, tr),
        change: tr('compare.change'),
        secondary: shared.secondary.map((metric) => metricHeading(metric, tr)),
      },
      legend: directionLegend([key, ...shared.secondary], tr),
      rows: rows.map(({ guide, testCase }) => compareRow(guide, testCase, shared, nameOf(guide), lang, paths)),
    });
    // A metric some of them measured (or measured another way) is named, not set beside the others.
    const apart = [...new Set(rows.flatMap(({ guide }) => guide.metrics.secondary))].filter(
      (metric) => !shared.secondary.includes(metric),
    );
    if (apart.length > 0)
      metricsApart.push(
        tr('compare.metricsApart', {
          case: label,
          metrics: apart.map((metric) => secondaryName(metric, tr)).join(tr('legend.separator')),
        }),
      );
  }
  const onlyOne = selection.unshared.flatMap(({ guide: id, cases, otherMetric }) => {
    const guide = byId.get(id);
    if (!guide) return [];
    const labels = (ids: string[]) =>
      ids.map((c) => guide.comparison.find((x) => x.id === c)?.label[lang] ?? c).join(tr('legend.separator'));
    const alone = cases.filter((c) => !otherMetric.includes(c));
    return [
      ...(alone.length > 0 ? [tr('compare.onlyIn', { name: nameOf(guide), cases: labels(alone) })] : []),
      // Another guide measured the same workload by another figure: named, never set beside it.
      ...(otherMetric.length > 0
        ? [
            tr('compare.otherMetric', {
              name: nameOf(guide),
              cases: labels(otherMetric),
              metric: metricName(guide.metrics.primary, tr),
            }),
          ]
        : []),
    ];
  });
  return { tables, notCompared: [...metricsApart, ...onlyOne] };
}
