import { displayUnit, metricLabel, metricShortName, unitSuffix } from '../format/metric-label.ts';
import { deltaText, isImprovement, scaledText, shownAs, type DeltaStyle } from '../format/measurement-text.ts';
import { translator, type Locale, type Translate } from '../i18n.ts';
import type { Cell, ComputedGuide, Measured } from '../schema/computed.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';

/** Prose slots rendered to HTML, with the front matter's title and description. */
export type ProseHtml = {
  title: string;
  description: string;
  slots: Readonly<Record<string, string>>;
  /** the prose is the English text standing in for a missing translation */
  untranslated?: boolean | undefined;
};

/** A raw result block and the file lines it was read from. */
export type RawResult = { text: string; source: string; file: string; startLine: number; endLine: number };

/** One labelled number of a table cell, with where it was printed. */
export type CellLine = {
  /** "Total TPS: 17525.76", "Mean Latency(s): 1.85", "Mean TPOT(ms): 217.89" */
  text: string;
  /** "data/raw/glm-5.2/h200/engine/vllm.txt:11"; several lines for a derived value */
  source: string;
  /** how a value the block does not print was computed from its lines */
  derived?: string;
};

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
  /** a measured value; with a change (computed against a reference), the coloured change beside it */
  cell: (measured: Measured, change?: { percent: number; ratio: number }) => MeasuredCell;
};

export function viewContext(guide: ComputedGuide, prose: ProseHtml, lang: Locale): ViewContext {
  const tr = translator(lang);
  const runOf = (runId: string) => {
    const run = guide.runs[runId];
    if (!run) throw new Error(`view: guide ${guide.id} has no run "${runId}"`);
    return run;
  };
  const accelerator = guide.hardware.accelerator.toUpperCase();
  const delta = deltaStyle(guide, tr);
  const line = (cell: Cell, key: MetricKey, text: string): CellLine => {
    const file = runOf(cell.runId).file;
    return {
      text,
      source: cell.derived ? `${file}:${cell.derived.lines.join(',')}` : `${file}:${cell.line}`,
      ...(cell.derived
        ? {
            derived: tr('cell.derived', {
              formula: tr(`cell.formula.${cell.derived.formula}`),
              metric: metricShortName(key),
            }),
          }
        : {}),
    };
  };
  // Per accelerator, each side shows what it measured; replicated, the copies show as "x2".
  const primaryText = (m: Measured) =>
    guide.scaling === 'per-gpu'
      ? shownAs(m.primary.value, guide.metrics.primary)
      : scaledText(m, guide.metrics.primary);
  return {
    guide,
    lang,
    tr,
    prose,
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
      };
    },
    withUnit: (value, key) => `${shownAs(value, key)} ${unitSuffix(displayUnit(key))}`.trimEnd(),
    cell: (m, change) => {
      const out: MeasuredCell = {
        primary: line(m.primary, guide.metrics.primary, `${metricLabel(guide.metrics.primary)}: ${primaryText(m)}`),
        secondary: m.secondary.map((cell, i) => {
          const key = guide.metrics.secondary[i] ?? guide.metrics.primary;
          return line(cell, key, `${metricLabel(key)}: ${shownAs(cell.value, key)}`);
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

/**
 * A prose slot's headings get ids (`prefix-1`, `-2`, …) and link to themselves like the page's own
 * headings, so a note has a permalink and search files its text under its own heading. A heading
 * that holds a link keeps it and gets only the id (links do not nest).
 */
export function anchorHeadings(html: string, prefix: string): string {
  let count = 0;
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const id = `${prefix}-${++count}`;
    const text = inner.includes('<a ') ? inner : `<a href="#${id}">${inner}</a>`;
    return `<h${level} id="${id}">${text}</h${level}>`;
  });
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

/** Whether a change of this guide's objective is an improvement (what rounds to no change counts as one). */
export function guideImprovement(
  guide: ComputedGuide,
  change: { percent: number; ratio?: number | undefined },
): boolean {
  return isImprovement(change.percent, guide.percentDecimals, metricDirection(guide.metrics.primary));
}
