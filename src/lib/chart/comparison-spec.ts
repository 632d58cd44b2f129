import type { TopLevelSpec } from 'vega-lite';
import { BoundedMemo } from '../bounded-memo.ts';
import { textWidth, wrapText } from './text-width.ts';
import { formatFixed } from '../format/number.ts';

export type ComparisonChartInput = {
  /** the value axis's title, which says which way is better ("Total TPS (tok/s) · higher is better") */
  metric: string;
  baselineLabel: string;
  optimizedLabel: string;
  /** `change`: the optimized value against the baseline, as the page writes it ("+219.70%", "1.63x faster") */
  cases: { label: string; baseline: number; optimized: number; change?: string }[];
};

/**
 * Two layouts of one chart, each drawn at the width it is shown at (1 SVG px = 1 CSS px, so 12 px
 * text stays 12 px): `wide` beside the case labels for a desktop column, `narrow` with each case's
 * label above its bars for a phone.
 */
export type ChartLayout = 'wide' | 'narrow';

/** The page shows `wide` where its figure is at least this wide, `narrow` below (perflab.css). */
export const WIDE_CHART_MIN_WIDTH = 640;
const NARROW_WIDTH = 340;
const WIDE_PLOT_WIDTH = 360;
const WIDE_LABEL_WIDTH = 210;
const FONT_SIZE = 12;
/** Between a bar's end and its value label (the text mark's dx). */
const LABEL_GAP = 3;

/** The text beside a bar: its value, and beside the optimized one its change, "17525.76 (+219.70%)". */
function barText(value: number, change: string | undefined): string {
  const shown = formatFixed(value, 2);
  return change === undefined ? shown : `${shown} (${change})`;
}

/**
 * Colours as drawn in the light theme; perflab.css maps each to the site's theme colours in light
 * and dark. Each is at least 3:1 against its background (WCAG 1.4.11).
 */
export const CHART_COLORS = { baseline: '#68727f', optimized: '#2f7d4f', ink: '#23262f', rule: '#8b93a1' } as const;

/** What every perflab chart shares: its font, text and rule colours, plain axes and the legend's look. */
export function chartConfig() {
  return {
    // No ARIA description per mark: the table beside each chart carries the same numbers for a
    // screen reader, and the descriptions were a third of a chart's bytes.
    aria: false,
    font: 'system-ui, "Noto Sans CJK SC", sans-serif',
    view: { stroke: null },
    axis: {
      labelFontSize: FONT_SIZE,
      titleFontSize: FONT_SIZE,
      labelColor: CHART_COLORS.ink,
      titleColor: CHART_COLORS.ink,
      domainColor: CHART_COLORS.rule,
      tickColor: CHART_COLORS.rule,
      grid: false,
    },
    legend: {
      labelFontSize: FONT_SIZE,
      labelColor: CHART_COLORS.ink,
      symbolType: 'square' as const,
      columnPadding: 16,
    },
    text: { fill: CHART_COLORS.ink },
  };
}

/** Name of the chart's data source when its rows are bound after compiling (see render.ts). */
export const COMPARISON_DATA = 'cases';
/** Name of the signal holding the end of the value axis, bound with the rows (see render.ts). */
export const AXIS_END = 'axisEnd';
/**
 * Name of the signal holding the cases' keys in the cases' order: the case axis's domain, bound
 * with the rows. A domain sorted from the rows would come from vega's aggregate, which keeps what
 * the last chart drawn by a view had for a case of the same name (see render.ts).
 */
export const CASE_ORDER = 'caseOrder';

/** The end of the value axis: every bar ends early enough for its label (value and change) to fit after it. */
export function axisEnd(input: ComparisonChartInput, layout: ChartLayout = 'wide'): number {
  const width = layout === 'wide' ? WIDE_PLOT_WIDTH : NARROW_WIDTH;
  let end = 0;
  for (const c of input.cases)
    for (const [value, change] of [
      [c.baseline, undefined],
      [c.optimized, c.change],
    ] as const) {
      const room = width - LABEL_GAP - textWidth(barText(value, change), FONT_SIZE);
      end = Math.max(end, (value * width) / Math.max(room, width / 4));
    }
  return end || 1;
}

/** A case label's lines in this layout, never cut: wrapped at spaces or between Chinese characters. */
function labelLines(label: string, layout: ChartLayout): string[] {
  // A site has a few dozen case labels, each wrapped for every chart it is in: wrap it once.
  const lines = wrappedLabels.get(`${layout}\0${label}`, () =>
    // Narrow labels are bold, about a tenth wider than the regular text the widths are for.
    wrapText(label, layout === 'wide' ? WIDE_LABEL_WIDTH : (NARROW_WIDTH - 4) / 1.1, FONT_SIZE),
  );
  return [...lines];
}
const wrappedLabels = new BoundedMemo<readonly string[]>(4096);

/** The cases' keys (their label's lines), in the cases' order: the case axis's domain. */
export function caseOrder(input: ComparisonChartInput, layout: ChartLayout = 'wide'): string[] {
  return input.cases.map((c) => labelLines(c.label, layout).join('\n'));
}

/** How many label lines the narrow layout reserves above each case's bars (part of the spec's shape). */
function narrowLabelRows(input: ComparisonChartInput): number {
  return Math.max(1, ...input.cases.map((c) => labelLines(c.label, 'narrow').length));
}

/**
 * The chart's rows: baseline and optimized value of each case, in the cases' order; in the narrow
 * layout also one row per line of the case's label, drawn above its bars.
 */
export function comparisonChartData(input: ComparisonChartInput, layout: ChartLayout = 'wide') {
  const rows = layout === 'narrow' ? narrowLabelRows(input) : 0;
  return input.cases.flatMap((c, order) => {
    const lines = labelLines(c.label, layout);
    const key = lines.join('\n');
    const bars = [
      {
        case: key,
        order,
        series: input.baselineLabel,
        value: c.baseline,
        kind: 'bar',
        text: barText(c.baseline, undefined),
      },
      {
        case: key,
        order,
        series: input.optimizedLabel,
        value: c.optimized,
        kind: 'bar',
        text: barText(c.optimized, c.change),
      },
    ];
    if (layout === 'wide') return bars;
    // Lines sit in the bands nearest the bars: a one-line label leaves no gap above its bars.
    const first = rows - lines.length;
    return [
      ...lines.map((line, i) => ({ case: key, order, series: `line-${first + i}`, value: 0, kind: 'label', line })),
      ...bars,
    ];
  });
}

/**
 * Grouped horizontal bars: baseline vs optimized per benchmark case, each bar labelled with its
 * value. With `named`, the spec carries no rows but a named data source to bind them to.
 */
export function comparisonChartSpec(
  input: ComparisonChartInput,
  options: { named?: boolean; layout?: ChartLayout } = {},
): TopLevelSpec {
  const layout = options.layout ?? 'wide';
  const series = [input.baselineLabel, input.optimizedLabel];
  const labelRows = layout === 'narrow' ? Array.from({ length: narrowLabelRows(input) }, (_, i) => `line-${i}`) : [];
  const scale = { domain: { expr: CASE_ORDER } };
  const y =
    layout === 'wide'
      ? {
          field: 'case',
          type: 'nominal' as const,
          title: null,
          scale,
          axis: { labelExpr: "split(datum.label, '\\n')", labelLimit: 0, ticks: false, domain: false, labelPadding: 6 },
        }
      : { field: 'case', type: 'nominal' as const, title: null, scale, axis: null };
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    scale: { domain: series, range: [CHART_COLORS.baseline, CHART_COLORS.optimized] },
    legend: { orient: 'top' as const, direction: 'horizontal' as const },
  };
  const plotWidth = layout === 'wide' ? WIDE_PLOT_WIDTH : NARROW_WIDTH;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: plotWidth,
    height: { step: layout === 'wide' ? 15 : 16, for: 'offset' },
    background: 'transparent',
    padding: { left: 0, right: 0, top: 4, bottom: 4 },
    config: chartConfig(),
    data: options.named ? { name: COMPARISON_DATA } : { values: comparisonChartData(input, layout) },
    params: [
      { name: AXIS_END, value: options.named ? 1 : axisEnd(input, layout) },
      { name: CASE_ORDER, value: options.named ? [] : caseOrder(input, layout) },
    ],
    encoding: {
      y,
      yOffset: { field: 'series', sort: [...labelRows, ...series], scale: { domain: [...labelRows, ...series] } },
      x: {
        field: 'value',
        type: 'quantitative',
        title: input.metric,
        // Room at the end of the axis for the longest bar's value label.
        scale: { domainMin: 0, domainMax: { expr: AXIS_END }, nice: false },
        axis: { tickCount: layout === 'wide' ? 4 : 3, labelFlush: true },
      },
    },
    layer: [
      { transform: [{ filter: "datum.kind === 'bar'" }], mark: { type: 'bar' }, encoding: { color } },
      {
        transform: [{ filter: "datum.kind === 'bar'" }],
        mark: { type: 'text', align: 'left', dx: LABEL_GAP, fontSize: FONT_SIZE },
        encoding: { text: { field: 'text', type: 'nominal' } },
      },
      ...(layout === 'narrow'
        ? [
            {
              transform: [{ filter: "datum.kind === 'label'" }],
              mark: { type: 'text' as const, align: 'left' as const, fontSize: FONT_SIZE, fontWeight: 'bold' as const },
              encoding: { text: { field: 'line' } },
            },
          ]
        : []),
    ],
  };
}
