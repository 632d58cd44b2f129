import type { TopLevelSpec } from 'vega-lite';

export type ComparisonChartInput = {
  metric: string;
  baselineLabel: string;
  optimizedLabel: string;
  cases: { label: string; baseline: number; optimized: number }[];
};

/** Name of the chart's data source when its rows are bound after compiling (see render.ts). */
export const COMPARISON_DATA = 'cases';

/** The chart's rows: baseline and optimized value of each case, in the cases' order. */
export function comparisonChartData(input: ComparisonChartInput) {
  return input.cases.flatMap((c, order) => [
    { case: c.label, order, series: input.baselineLabel, value: c.baseline },
    { case: c.label, order, series: input.optimizedLabel, value: c.optimized },
  ]);
}

/**
 * Grouped horizontal bars: baseline vs optimized per benchmark case, each bar labelled with its
 * value. With `named`, the spec carries no rows but a named data source to bind them to.
 */
export function comparisonChartSpec(input: ComparisonChartInput, options: { named?: boolean } = {}): TopLevelSpec {
  const y = { field: 'case', type: 'nominal' as const, title: null, sort: { field: 'order', op: 'min' as const } };
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    scale: { domain: [input.baselineLabel, input.optimizedLabel], range: ['#9aa5b1', '#2f7d4f'] },
    legend: { orient: 'top' as const },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 560,
    config: {
      // No ARIA description per mark: the comparison table under the chart carries the same
      // numbers for a screen reader, and the descriptions were a third of the chart's bytes.
      aria: false,
      font: 'system-ui, "Noto Sans CJK SC", sans-serif',
      view: { stroke: null },
      axis: { labelLimit: 280, labelFontSize: 12, titleFontSize: 12 },
      legend: { labelFontSize: 12 },
    },
    data: options.named ? { name: COMPARISON_DATA } : { values: comparisonChartData(input) },
    encoding: {
      y,
      yOffset: { field: 'series', sort: [input.baselineLabel, input.optimizedLabel] },
      x: { field: 'value', type: 'quantitative', title: input.metric },
    },
    layer: [
      { mark: { type: 'bar' }, encoding: { color } },
      {
        mark: { type: 'text', align: 'left', dx: 3, fontSize: 11 },
        encoding: { text: { field: 'value', type: 'quantitative', format: '.2f' } },
      },
    ],
  };
}
