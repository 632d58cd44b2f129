import * as vega from 'vega';
import { parse, View, type Runtime } from 'vega';
import { compile } from 'vega-lite';
import {
  AXIS_END,
  axisEnd,
  CASE_ORDER,
  caseOrder,
  COMPARISON_DATA,
  comparisonChartData,
  comparisonChartSpec,
  type ChartLayout,
  type ComparisonChartInput,
} from './comparison-spec.ts';
import { textWidth } from './text-width.ts';
import { sweepChartSpec, type SweepChartInput } from './sweep-spec.ts';
import { operatingChartSpec, type OperatingChartInput } from './operating-point-spec.ts';

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
// few shapes (the spec less its data: labels and metric per language). Building a View from the
// parsed spec was most of what remained, so each shape keeps one View and each chart binds its
// rows to it; `resize()` makes vega size the view again rather than keep the last chart's bounds.
// A View draws one chart at a time: the charts of a shape queue behind each other.
type ShapeView = { runtime: Runtime; view: View; last: Promise<unknown> };
const shapeViews = new Map<string, ShapeView>();
const MAX_SHAPES = 64;

function newView(runtime: Runtime): View {
  const view = new View(runtime, { renderer: 'none' });
  // Vega keeps a mark's exited items for reuse (with their old ids, so their old place) until
  // 10,000 have left; forgetting them at once makes every chart's marks new, as in a fresh view.
  (view as unknown as { cleanThreshold: number }).cleanThreshold = 0;
  return view;
}

function shapeView(shape: ReturnType<typeof comparisonChartSpec>): ShapeView {
  const key = JSON.stringify(shape);
  let entry = shapeViews.get(key);
  if (!entry) {
    if (shapeViews.size >= MAX_SHAPES) shapeViews.clear();
    const runtime = parse(compile(shape).spec);
    entry = { runtime, view: newView(runtime), last: Promise.resolve() };
    shapeViews.set(key, entry);
  }
  return entry;
}

export function comparisonChartSvg(input: ComparisonChartInput, layout: ChartLayout = 'wide'): Promise<string> {
  const entry = shapeView(comparisonChartSpec(input, { named: true, layout }));
  const drawn = entry.last.then(async () => {
    const { view } = entry;
    view.data(COMPARISON_DATA, comparisonChartData(input, layout));
    view.signal(AXIS_END, axisEnd(input, layout));
    view.signal(CASE_ORDER, caseOrder(input, layout));
    view.resize();
    const svg = compactSvg(await view.toSVG());
    // Every mark leaves with its rows, so the next chart's marks enter in their own order, as in a
    // fresh view (marks that stayed would keep their place and the SVG would depend on the last chart).
    await view.data(COMPARISON_DATA, []).signal(CASE_ORDER, []).signal(AXIS_END, Number.NaN).runAsync();
    return svg;
  });
  // The next chart waits for this one, drawn or failed; a View that failed may still hold this
  // chart's marks, so the charts after it get a new one.
  entry.last = drawn.catch(() => {
    entry.view.finalize();
    entry.view = newView(entry.runtime);
  });
  return drawn;
}

/** The throughput-against-latency chart of a sweep (a few guides have one): drawn from its own spec each time. */
export async function sweepChartSvg(input: SweepChartInput): Promise<string> {
  return compactSvg(await renderSvg(sweepChartSpec(input)));
}

/** A sweep's operating points, throughput per accelerator against tok/s per user: one layout. */
export async function operatingChartSvg(input: OperatingChartInput): Promise<string> {
  return compactSvg(await renderSvg(operatingChartSpec(input)));
}

/** Which chart a page asks for, as the build's chart thread passes it on (src/chart-thread.ts). */
export type ChartOrder =
  | { kind: 'comparison'; input: ComparisonChartInput; layout: ChartLayout }
  | { kind: 'sweep'; input: SweepChartInput }
  | { kind: 'operating'; input: OperatingChartInput };

export function drawChart(order: ChartOrder): Promise<string> {
  switch (order.kind) {
    case 'sweep':
      return sweepChartSvg(order.input);
    case 'operating':
      return operatingChartSvg(order.input);
    default:
      return comparisonChartSvg(order.input, order.layout);
  }
}

/**
 * The same picture in fewer bytes (a chart was an eighth of a guide page): axis labels vega hid
 * for overlapping (opacity 0) are dropped, so are attributes that only restate a default or serve
 * vega's interactive views (mark classes, pointer-events, ARIA roles of a chart that is hidden
 * from screen readers: the table beside it has the same numbers), empty paths, the transparent
 * background, and coordinates finer than a hundredth of a pixel; one font-family and one
 * font-size on <svg> replace a copy on every text, which inherits them; a text is set at its point
 * (x, y) rather than translated there.
 */
export function compactSvg(svg: string): string {
  const rootFillsNone = /^<svg\b[^>]*><g fill="none"/.test(
    svg.replace(/<rect width="[\d.]+" height="[\d.]+" fill="transparent"\/>/, ''),
  );
  let out = svg
    .replace(/<rect width="[\d.]+" height="[\d.]+" fill="transparent"\/>/, '')
    .replace(/<text\b[^>]*\sopacity="0"[^>]*>[^<]*<\/text>/g, '')
    .replace(
      / (?:opacity="1"|pointer-events="none"|stroke-width="1"|stroke-miterlimit="4"|text-anchor="start"|transform="translate\(0,0\)"|role="[^"]*"|aria-hidden="true"|aria-roledescription="[^"]*"|class="(?:mark-[^"]*|background|foreground)")/g,
      '',
    )
    // A path with neither fill nor stroke of its own draws nothing under the root group's fill="none"
    // (a group's background, an empty axis domain); only that root group sets a fill or a stroke.
    .replace(/<path d="[^"]*"(?: display="none")?\/>/g, (path) => (rootFillsNone ? '' : path))
    .replace(/^<svg\b([^>]*?) xmlns:xlink="[^"]*" version="1.1" class="marks"/, '<svg aria-hidden="true"$1')
    .replace(/(\s(?:d|transform|x|y|x2|y2)="[^"]*")/g, (attribute) => attribute.replace(/(\.\d\d)\d+/g, '$1'));
  out = textAtPoint(hoistTextFill(unwrapBareGroups(out)));
  for (const attribute of ['font-family', 'font-size']) {
    const values = new Set([...out.matchAll(new RegExp(` ${attribute}="([^"]*)"`, 'g'))].map((m) => m[1]));
    if (values.size !== 1) continue;
    const [value] = values;
    out = out.replaceAll(` ${attribute}="${value}"`, '').replace(/^<svg\b/, `<svg ${attribute}="${value}"`);
  }
  return out;
}

/**
 * A text moved only by a translation, with no <tspan> of its own (whose x would count from the
 * moved origin), set at its point by x and y instead: the same place, a dozen bytes less a label.
 */
function textAtPoint(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (text, attributes: string, content: string) => {
    const at = / transform="translate\((-?[\d.]+),(-?[\d.]+)\)"/.exec(attributes);
    if (!at || /\s[xy]=/.test(attributes)) return text;
    const point = `${at[1] === '0' ? '' : ` x="${at[1]}"`}${at[2] === '0' ? '' : ` y="${at[2]}"`}`;
    return `<text${attributes.replace(at[0], point)}>${content}</text>`;
  });
}

/** Each <g> without attributes (vega's nesting, no transform, no style) replaced by its content; an empty one dropped. */
function unwrapBareGroups(svg: string): string {
  const open: boolean[] = [];
  return svg.replace(/<g\b[^>]*>|<\/g>/g, (tag) => {
    if (tag === '</g>') return open.pop() ? '' : tag;
    open.push(tag === '<g>');
    return tag === '<g>' ? '' : tag;
  });
}

/**
 * One colour for every text on the root group instead of a copy on each (the group filled nothing:
 * a shape without a fill of its own is then given fill="none", so it stays unfilled).
 */
function hoistTextFill(svg: string): string {
  const fills = new Set([...svg.matchAll(/<text\b[^>]*?\sfill="([^"]*)"/g)].map((m) => m[1]));
  const texts = svg.match(/<text\b/g)?.length ?? 0;
  const filled = svg.match(/<text\b[^>]*?\sfill="/g)?.length ?? 0;
  if (fills.size !== 1 || filled !== texts || !/^<svg\b[^>]*><g fill="none"/.test(svg)) return svg;
  const [fill] = fills;
  return svg
    .replace(/^(<svg\b[^>]*><g) fill="none"/, `$1 fill="${fill}"`)
    .replace(/<(path|rect|circle|polygon)\b(?![^>]*\sfill=)/g, '<$1 fill="none"')
    .replace(/(<text\b[^>]*?) fill="[^"]*"/g, '$1');
}
