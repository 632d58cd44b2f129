import { metricShortName, unitSuffix } from '../format/metric-label.ts';
import { formatSignedPercent } from '../format/number.ts';
import { isImprovement, scaledText, shown } from '../format/measured.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { ComputedGuide, Measured } from '../schema/computed.ts';
import { metricDirection, metricUnit } from '../schema/metric.ts';

/** Prose slots rendered to HTML, with the front matter's title and description. */
export type ProseHtml = { title: string; description: string; slots: Readonly<Record<string, string>> };

/** A raw result block and the file lines it was read from. */
export type RawResult = { text: string; source: string; file: string; startLine: number; endLine: number };

export type MeasuredCell = {
  /** "Total TPS: 17525.76" or "Total TPS: 7081.34x2" */
  primary: string;
  /** "(+219.70%)", only on optimized cells */
  percent?: string;
  /** the change is an improvement on the objective (green) rather than a regression (red) */
  positive?: boolean;
  /** "Mean TPOT(ms): 217.89" */
  secondary: string;
  /** where each number was printed: "data/raw/glm-5.2/h200/engine/vllm.txt:11" */
  primarySource: string;
  secondarySource: string;
};

/** What every section of a guide page needs: the guide, the locale, its strings and the metric names. */
export type ViewContext = {
  guide: ComputedGuide;
  lang: Locale;
  tr: Translate;
  prose: ProseHtml;
  primaryName: string;
  secondaryName: string;
  primaryUnit: string;
  secondaryUnit: string;
  slot: (name: string) => string | undefined;
  raw: (runId: string) => RawResult;
  /** a measured value; with `percent` (computed against a reference), the coloured change beside it */
  cell: (measured: Measured, percent?: number) => MeasuredCell;
};

export function viewContext(guide: ComputedGuide, prose: ProseHtml, lang: Locale): ViewContext {
  const tr = translator(lang);
  const runOf = (runId: string) => {
    const run = guide.runs[runId];
    if (!run) throw new Error(`view: guide ${guide.id} has no run "${runId}"`);
    return run;
  };
  const primaryName = metricShortName(guide.metrics.primary);
  const secondaryName = metricShortName(guide.metrics.secondary);
  const secondaryUnit = unitSuffix(metricUnit(guide.metrics.secondary));
  return {
    guide,
    lang,
    tr,
    prose,
    primaryName,
    secondaryName,
    primaryUnit: unitSuffix(metricUnit(guide.metrics.primary)),
    secondaryUnit,
    slot: (name) => prose.slots[name],
    raw: (runId) => {
      const run = runOf(runId);
      return {
        text: run.raw,
        file: run.file,
        startLine: run.startLine,
        endLine: run.endLine,
        source: tr('raw.source', { file: run.file, start: run.startLine, end: run.endLine }),
      };
    },
    cell: (m, percent) => {
      const out: MeasuredCell = {
        primary: `${primaryName}: ${scaledText(m)}`,
        secondary: `${secondaryName}(${secondaryUnit}): ${shown(m.secondary)}`,
        primarySource: `${runOf(m.primary.runId).file}:${m.primary.line}`,
        secondarySource: `${runOf(m.secondary.runId).file}:${m.secondary.line}`,
      };
      if (percent !== undefined) {
        out.percent = `(${formatSignedPercent(percent, guide.percentDecimals)})`;
        out.positive = guideImprovement(guide, percent);
      }
      return out;
    },
  };
}

/** Whether a change of this guide's objective metric by `percent` is an improvement. */
export function guideImprovement(guide: ComputedGuide, percent: number): boolean {
  return isImprovement(percent, guide.percentDecimals, metricDirection(guide.metrics.primary));
}
