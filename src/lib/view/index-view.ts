import { formatSignedPercent } from '../format/number.ts';
import { metricShortName } from '../format/metric-label.ts';
import { t, type Locale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';

export type IndexRow = {
  id: string;
  href: string;
  title: string;
  model: string;
  hardware: string;
  objective: string;
  engine: string;
  /** "+219.70% Total TPS (Balanced: 8K input / 1K output …)" */
  gain: string;
  positive: boolean;
};

/** The locale's guide index: one row per model × hardware guide, sorted by model then hardware. */
export function indexView(guides: readonly { guide: ComputedGuide; title: string }[], lang: Locale): { title: string; lead: string; headers: string[]; rows: IndexRow[] } {
  const rows = [...guides]
    .sort((a, b) => a.guide.id.localeCompare(b.guide.id))
    .map(({ guide, title }) => {
      const target = guide.comparison[0]!;
      return {
        id: guide.id,
        href: `/${lang}/guides/${guide.id}/`,
        title,
        model: guide.model.name,
        hardware: guide.hardware.label[lang],
        objective: t(lang, `objective.${guide.objective}`),
        engine: guide.recommended.engine.name,
        gain: `${formatSignedPercent(target.percent, guide.percentDecimals)} ${metricShortName(guide.metrics.primary)} (${target.label[lang]})`,
        positive: target.percent >= 0,
      };
    });
  return {
    title: t(lang, 'index.title'),
    lead: t(lang, 'index.lead'),
    headers: [t(lang, 'index.model'), t(lang, 'index.hardware'), t(lang, 'index.objective'), t(lang, 'index.engine'), t(lang, 'index.gain')],
    rows,
  };
}
