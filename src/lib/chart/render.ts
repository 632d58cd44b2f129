import * as vega from 'vega';
import { parse, View, type Runtime } from 'vega';
import { compile } from 'vega-lite';
import {
  AXIS_END,
  axisEnd,
  COMPARISON_DATA,
  comparisonChartData,
  comparisonChartSpec,
  type ChartLayout,
  type ComparisonChartInput,
} from './comparison-spec.ts';
import { textWidth } from './text-width.ts';

// Vega lays text out with a width function; with no canvas it guesses 0.8 em a character, which
// under-measures Chinese. Ours measures what the page's fonts draw (text-width.ts).
// vega exports textMetrics (vega-scenegraph) for this purpose; its typings do not declare it.
type TextMetrics = { width: (item: { fontSize?: number }, text?: string) => number };
(vega as unknown as { textMetrics: TextMetrics }).textMetrics.width = (item, text) =>
  textWidth(text == null ? '' : String(text).trim(), item.fontSize ?? 11);

/** Renders a vega-lite spec to a static SVG string at build time: the page reads without JavaScript. */
export async function renderSvg(spec: Parameters<typeof compile>[0]): Promise<string> {
  return svgOf(new View(parse(compile(spec).spec), { renderer: 'none' }));
}

async function svgOf(view: View): Promise<string> {
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

// Compiling and parsing a spec was most of a chart's cost, and every guide's chart has one of a
// few shapes (the spec less its data: labels and metric per language): do that once per shape and
// bind each chart's rows to the parsed runtime.
const runtimes = new Map<string, Runtime>();
const MAX_SHAPES = 64;

function runtimeFor(shape: ReturnType<typeof comparisonChartSpec>): Runtime {
  const key = JSON.stringify(shape);
  let runtime = runtimes.get(key);
  if (!runtime) {
    if (runtimes.size >= MAX_SHAPES) runtimes.clear();
    runtime = parse(compile(shape).spec);
    runtimes.set(key, runtime);
  }
  return runtime;
}

export async function comparisonChartSvg(input: ComparisonChartInput, layout: ChartLayout = 'wide'): Promise<string> {
  const view = new View(runtimeFor(comparisonChartSpec(input, { named: true, layout })), { renderer: 'none' });
  view.data(COMPARISON_DATA, comparisonChartData(input, layout));
  view.signal(AXIS_END, axisEnd(input, layout));
  return compactSvg(await svgOf(view));
}

/**
 * The same picture in fewer bytes (a chart was an eighth of a guide page): axis labels vega hid
 * for overlapping (opacity 0) are dropped, so are attributes that only restate a default or serve
 * vega's interactive views (mark classes, pointer-events), so is the transparent background, and one font-family on <svg> replaces a
 * copy on every text, which inherits it.
 */
export function compactSvg(svg: string): string {
  const withoutHidden = svg
    .replace(/<rect width="[\d.]+" height="[\d.]+" fill="transparent"\/>/, '')
    .replace(/<text\b[^>]*\sopacity="0"[^>]*>[^<]*<\/text>/g, '')
    .replace(/ (?:opacity="1"|pointer-events="none"|class="(?:mark-[^"]*|background|foreground)")/g, '');
  const fonts = new Set([...withoutHidden.matchAll(/ font-family="([^"]*)"/g)].map((m) => m[1]));
  if (fonts.size !== 1) return withoutHidden;
  const [font] = fonts;
  return withoutHidden.replaceAll(` font-family="${font}"`, '').replace(/^<svg\b/, `<svg font-family="${font}"`);
}
