import { formatSignedPercent } from '../format/number.ts';
import { metricShortName } from '../format/metric-label.ts';
import { t, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { isImprovement } from './guide-view.ts';

export type IndexRow = {
  id: string;
  family: string;
  href: string;
  title: string;
  model: string;
  hardware: string;
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
  matrix: { corner: string; columns: string[]; rows: { family: string; cells: IndexRow[][] }[] };
  headers: string[];
  rows: IndexRow[];
};

export function indexView(guides: readonly { guide: ComputedGuide; title: string }[], lang: Locale): IndexView {
  const rows = [...guides]
    .sort((a, b) => a.guide.id.localeCompare(b.guide.id))
    .map(({ guide, title }) => {
      const target = guide.comparison[0]!;
      return {
        id: guide.id,
        family: guide.model.family,
        href: `/${lang}/guides/${guide.id}/`,
        title,
        model: guide.model.name,
        hardware: machineName(guide),
        objective: t(lang, `objective.${guide.objective}`),
        engine: guide.recommended.engine.name,
        gain: `${formatSignedPercent(target.percent, guide.percentDecimals)} ${metricShortName(guide.metrics.primary)}`,
        gainCase: target.label[lang],
        positive: isImprovement(guide, target.percent),
      };
    });
  const columns = [...new Set(rows.map((r) => r.hardware))].sort();
  const families = [...new Set(rows.map((r) => r.family))].sort();
  return {
    title: t(lang, 'index.title'),
    lead: t(lang, 'index.lead'),
    matrix: {
      corner: `${t(lang, 'index.model')} \\ ${t(lang, 'index.hardware')}`,
      columns,
      rows: families.map((family) => ({
        family,
        cells: columns.map((hardware) => rows.filter((r) => r.family === family && r.hardware === hardware)),
      })),
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

/** Starlight sidebar for a locale: the index, one link per guide given (grouped by model), the methodology. */
export function sidebarView(guides: readonly { guide: ComputedGuide; title: string }[], lang: Locale) {
  const byModel = new Map<string, { label: string; link: string }[]>();
  for (const { guide } of [...guides].sort((a, b) => a.guide.id.localeCompare(b.guide.id))) {
    const items = byModel.get(guide.model.family) ?? [];
    // Starlight prefixes sidebar links with the current locale itself.
    items.push({
      label: `${machineName(guide)} · ${t(lang, `objective.${guide.objective}`)}`,
      link: `/guides/${guide.id}/`,
    });
    byModel.set(guide.model.family, items);
  }
  return [
    { label: t(lang, 'site.guides'), link: '/' },
    ...[...byModel].map(([family, items]) => ({ label: family, items })),
    { label: t(lang, 'site.methodology'), link: '/methodology/' },
  ];
}

/** "NVIDIA H200 × 8": the same shape for every guide, whatever its prose calls the machine. */
function machineName(guide: ComputedGuide): string {
  return `${guide.hardware.name} × ${guide.hardware.gpus}`;
}
