import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import { comparisonChartSpec, type ComparisonChartInput } from './comparison-spec.ts';

/** Renders a vega-lite spec to a static SVG string at build time: the page reads without JavaScript. */
export async function renderSvg(spec: Parameters<typeof compile>[0]): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

export function comparisonChartSvg(input: ComparisonChartInput): Promise<string> {
  return renderSvg(comparisonChartSpec(input));
}
