import { displayUnit, metricLabel, metricShortName, unitSuffix } from '../format/metric-label.ts';
import {
  deltaText,
  formatRatio,
  isImprovement,
  scaledText,
  secondaryDeltaText,
  shownAs,
  type DeltaStyle,
} from '../format/measurement-text.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { Cell, ComputedGuide, Measured, SecondaryChanges } from '../schema/computed.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';
import { metricName } from './metric-heading.ts';
import { rawLayout, type RawResult } from './raw-text.ts';
import { anchorHeadings } from './prose-anchors.ts';
import { rawEnvironment } from './environment-view.ts';

export type { RawResult } from './raw-text.ts';

/** Prose slots rendered to HTML, with the front matter's title and description. */
export type ProseHtml = {
  title: string;
  description: string;
  slots: Readonly<Record<string, string>>;
  /** the prose is the English text standing in for a missing translation */
  untranslated?: boolean | undefined;
};

/** One labelled number of a table cell, with where it was printed. */
/** A change as a page shows it, coloured when it is better (`positive`) or worse (`false`); neither when the metric has no better direction. */
export type DeltaView = { text: string; positive?: boolean };

export type CellLine = {
  /** "Total TPS: 17525.76", "Mean Latency(s): 1.85", "Mean TPOT(ms): 217.89" */
  text: string;
  /** a secondary metric's change against the reference the cell is compared with: "+121.93%" */
  delta?: DeltaView;
  /** "data/raw/glm-5.2/h200/engine/vllm.txt:11"; several lines for a derived value */
  source: string;
  /** the raw file and its lines (1-based) that `source` names: the page links the number to the first */
  file: string;
  lines: number[];
  /** how a value the block does not print was computed from its lines */
  derived?: string;
};

/** Where a number was printed: what the page links it to. */
export type SourceRef = Pick<CellLine, 'source' | 'file' | 'lines' | 'derived'>;

export type MeasuredCell = {
  primary: CellLine;
  /** "(+219.70%)" or "(1.63x faster)", only where the cell is compared with a reference */
  delta?: string;
  /** the change is an improvement on the objective (green) rather than a regression (red) */
  positive?: boolean;
  /** a note in place of the change: "success rate 51.5%, skipped", "not adopted" */
  note?: string;
  secondary: CellLine[];
};

/** What every section of a guide page needs: the guide, the locale, its strings and the metric names. */
export type ViewContext = {
  guide: ComputedGuide;
  lang: Locale;
  tr: Translate;
  prose: ProseHtml;
  primaryName: string;
  primaryUnit: string;
  /** "GPU" or "NPU" */
  accelerator: string;
  delta: DeltaStyle;
  slot: (name: string) => string | undefined;
  raw: (runId: string) => RawResult;
  /** "2.09 s" / "17525.76 tok/s": a value of metric `key` with its unit */
  withUnit: (value: number, key: MetricKey) => string;
  /**
   * a measured value; with a change (computed against a reference), the coloured change beside it,
   * and beside each secondary metric its own change when compute gave them
   */
  cell: (measured: Measured, change?: CellChange) => MeasuredCell;
  /** one value of metric `key`, shown as `text`, with the raw lines that printed it (or it was derived from) */
  cellLine: (cell: Cell, key: MetricKey, text: string) => CellLine;
  /** where a value of metric `key` was printed, for the link to its raw line, and how it was derived */
  sourceOf: (cell: Cell, key: MetricKey) => SourceRef;
  /** a benchmark profile as the page's language names it ("均衡" for Balanced); its name when the guide lists no such profile */
  profileName: (profile: { id: string; name: string }) => string;
  /** which colour is better and which way each metric of the guide is better: beside tables of changes */
  directionLegend: string;
  /** the objective's change, coloured unless it reads as none ("1.00x") */
  change: (change: { percent: number; ratio: number }) => DeltaView;
  /** secondary metric `index`'s change, from compute's percent and ratio, coloured by the metric's direction */
  secondaryDelta: (change: SecondaryChanges, index: number) => DeltaView | undefined;
};

/** What a cell is compared with: the objective's change, and each secondary metric's when computed. */
export type CellChange = { percent: number; ratio: number } & Partial<SecondaryChanges>;

export function viewContext(guide: ComputedGuide, prose: ProseHtml, lang: Locale): ViewContext {
  const tr = translator(lang);
  const runOf = (runId: string) => {
    const run = guide.runs[runId];
    if (!run) throw new Error(`view: guide ${guide.id} has no run "${runId}"`);
    return run;
  };
  const accelerator = guide.hardware.accelerator.toUpperCase();
  const delta = deltaStyle(guide, tr);
  const sourceOf = (cell: Cell, key: MetricKey): SourceRef => {
    const file = runOf(cell.runId).file;
    const lines = cell.derived ? cell.derived.lines : [cell.line];
    const formula = cell.derived && tr(`cell.formula.${cell.derived.formula}`);
    return {
      source: `${file}:${lines.join(',')}`,
      file,
      lines,
      ...(formula ? { derived: tr('cell.derived', { formula, metric: metricShortName(key) }) } : {}),
    };
  };
  const line = (cell: Cell, key: MetricKey, text: string): CellLine => ({ text, ...sourceOf(cell, key) });
  // Per accelerator, each side shows what it measured; replicated, the copies show as "x2".
  const primaryText = (m: Measured) =>
    guide.scaling === 'per-gpu'
      ? shownAs(m.primary.value, guide.metrics.primary)
      : scaledText(m, guide.metrics.primary);
  const secondaryDelta = (change: SecondaryChanges, index: number) => secondaryDeltaView(guide, delta, change, index);
  return {
    guide,
    lang,
    tr,
    prose,
    secondaryDelta,
    sourceOf,
    profileName: (profile) => guide.profiles.find((p) => p.id === profile.id)?.label[lang] ?? profile.name,
    directionLegend: directionLegend([guide.metrics.primary, ...guide.metrics.secondary], tr),
    change: (change) => {
      const text = deltaText(change, delta);
      return showsNoChange(text, delta) ? { text } : { text, positive: guideImprovement(guide, change) };
    },
    primaryName: metricShortName(guide.metrics.primary),
    primaryUnit: unitSuffix(displayUnit(guide.metrics.primary)),
    accelerator,
    delta,
    slot: (name) => {
      const html = prose.slots[name];
      return html === undefined ? undefined : anchorHeadings(html, `prose-${name.replace(/[^A-Za-z0-9-]+/g, '-')}`);
    },
    raw: (runId) => {
      const run = runOf(runId);
      return {
        text: run.raw,
        file: run.file,
        startLine: run.startLine,
        endLine: run.endLine,
        source: tr('raw.source', { file: run.file, start: run.startLine, end: run.endLine }),
        layout: rawLayout(run.raw),
        blocks: [{ index: 0, line: run.startLine, lines: run.endLine - run.startLine + 1 }],
        environments: run.recorded ? [rawEnvironment(run.recorded, tr)] : [],
      };
    },
    cellLine: line,
    withUnit: (value, key) => `${shownAs(value, key)} ${unitSuffix(displayUnit(key))}`.trimEnd(),
    cell: (m, change) => {
      const out: MeasuredCell = {
        primary: line(m.primary, guide.metrics.primary, `${metricLabel(guide.metrics.primary)}: ${primaryText(m)}`),
        secondary: m.secondary.map((cell, i) => {
          const key = guide.metrics.secondary[i] ?? guide.metrics.primary;
          const shown = line(cell, key, `${metricLabel(key)}: ${shownAs(cell.value, key)}`);
          const secondary =
            change?.secondaryPercent && change.secondaryRatio
              ? secondaryDelta({ secondaryPercent: change.secondaryPercent, secondaryRatio: change.secondaryRatio }, i)
              : undefined;
          return secondary ? { ...shown, delta: { ...secondary, text: `(${secondary.text})` } } : shown;
        }),
      };
      if (change) {
        out.delta = `(${deltaText(change, delta)})`;
        out.positive = guideImprovement(guide, change);
      }
      return out;
    },
  };
}

/** How this guide writes a change of its objective: a percentage (per accelerator), or a latency ratio. */
export function deltaStyle(guide: ComputedGuide, tr: Translate): DeltaStyle {
  return guide.objective === 'latency'
    ? { kind: 'ratio', faster: tr('delta.faster'), slower: tr('delta.slower') }
    : {
        kind: 'percent',
        decimals: guide.percentDecimals,
        ...(guide.scaling === 'per-gpu' ? { perUnit: guide.hardware.accelerator.toUpperCase() } : {}),
      };
}

/**
 * Secondary metric `index`'s change as a page shows it: compute's percent and ratio in the guide's
 * style, coloured by the metric's own direction (a latency is better lower); undefined when compute
 * gave none.
 */
export function secondaryDeltaView(
  guide: ComputedGuide,
  style: DeltaStyle,
  change: SecondaryChanges,
  index: number,
): DeltaView | undefined {
  const key = guide.metrics.secondary[index];
  const percent = change.secondaryPercent[index];
  const ratio = change.secondaryRatio[index];
  if (key === undefined || percent === undefined || ratio === undefined) return undefined;
  const direction = metricDirection(key);
  const text = secondaryDeltaText({ percent, ratio }, style);
  return direction === 'none' || showsNoChange(text, style)
    ? { text }
    : { text, positive: isImprovement(percent, guide.percentDecimals, direction) };
}

/** "Green is better, red is worse: higher Total TPS is better, lower Mean TPOT is better." */
export function directionLegend(keys: readonly MetricKey[], tr: Translate): string {
  const parts = keys.flatMap((key) => {
    const direction = metricDirection(key);
    if (direction === 'none') return [];
    return [tr(direction === 'higher' ? 'legend.higher' : 'legend.lower', { metric: metricName(key, tr) })];
  });
  // Metrics of one name (Mean TPOT with or without the first token) are named once.
  return tr('legend.direction', { parts: [...new Set(parts)].join(tr('legend.separator')) });
}

/** A ratio that reads "1.00x" says neither faster nor slower: it is not coloured either. */
function showsNoChange(text: string, style: DeltaStyle): boolean {
  return style.kind === 'ratio' && text === formatRatio(1);
}

/** Whether a change of this guide's objective is an improvement (what rounds to no change counts as one). */
export function guideImprovement(
  guide: ComputedGuide,
  change: { percent: number; ratio?: number | undefined },
): boolean {
  return isImprovement(change.percent, guide.percentDecimals, metricDirection(guide.metrics.primary));
}
