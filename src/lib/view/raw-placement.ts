import { appendAll } from '../append-all.ts';
import { cssString } from './column-labels.ts';
import type { GuideView, RawResult } from './guide-view.ts';
import type { SourceRef } from './view-context.ts';

/**
 * Where a raw result block is printed in full (`first`) or only pointed at (a later repeat), and
 * the lines of a full one that numbers of the page link to (0-based line of its text → the line's id).
 */
export type RawPlacement = { anchor: string; first: boolean; lines: ReadonlyMap<number, string> };

export type RawPlacements = {
  results: ReadonlyMap<RawResult, RawPlacement>;
  /** the link from a number to the raw line that printed it (`#raw-3-11`), when that line is printed on the page */
  href: (number: SourceRef) => string | undefined;
  /** the guide's raw folder, `data/raw/<guide>/`, which perflab.css puts before a cell's `data-source` */
  root: string;
  /** a cell's source as its `data-source` names it: below the guide's raw folder, or whole when elsewhere */
  source: (source: string | undefined) => string | undefined;
};

/**
 * A guide page shows the same raw block more than once (a step's winner is often a benchmark
 * case's optimized run): print each block in full where it first appears, in page order (steps,
 * then other cases), and let later places link to it. On the GLM-5.2 page that was 6 of 28 blocks.
 * Each number of the page's tables links to its raw line in the first full block that holds it
 * (a derived value to the first line it was computed from): that line gets an id, `<anchor>-<file line>`.
 */
export function rawResultPlacement(view: GuideView): RawPlacements {
  const inPageOrder: RawResult[] = [
    ...view.results.steps.flatMap((step) =>
      step.variants.flatMap((variant) => (variant.result ? [variant.result] : [])),
    ),
    ...(view.otherCases?.groups ?? []).flatMap((group) => group.entries.map((entry) => entry.result)),
  ];
  const anchors = new Map<string, string>();
  const results = new Map<RawResult, RawPlacement & { lines: Map<number, string> }>();
  const full: RawResult[] = [];
  for (const result of inPageOrder) {
    const key = `${result.file}:${result.startLine}-${result.endLine}`;
    const anchor = anchors.get(key);
    if (anchor) results.set(result, { anchor, first: false, lines: new Map() });
    else {
      const fresh = `raw-${anchors.size + 1}`;
      anchors.set(key, fresh);
      results.set(result, { anchor: fresh, first: true, lines: new Map() });
      full.push(result);
    }
  }
  const hrefs = new Map<string, string>();
  for (const cell of cellLines(view)) {
    const line = cell.lines[0];
    const key = `${cell.file}:${line}`;
    if (line === undefined || hrefs.has(key)) continue;
    for (const result of full) {
      const block = result.file === cell.file && result.blocks.find((b) => b.line <= line && line < b.line + b.lines);
      const placement = results.get(result);
      if (!block || !placement) continue;
      const id = `${placement.anchor}-${line}`;
      placement.lines.set(block.index + line - block.line, id);
      hrefs.set(key, `#${id}`);
      break;
    }
  }
  const root = `data/raw/${view.id}/`;
  return {
    results,
    href: (cell) => hrefs.get(`${cell.file}:${cell.lines[0]}`),
    root,
    // Every cell of a page named its guide's raw folder again (a fifth of a latency page's tables).
    source: (source) => (source?.startsWith(root) ? source.slice(root.length) : source),
  };
}

/** The placement of a result the page shows; every such result was placed by rawResultPlacement. */
export function placementOf(placements: RawPlacements, result: RawResult): RawPlacement {
  const placement = placements.results.get(result);
  if (!placement) throw new Error(`raw result ${result.file}:${result.startLine} was not placed on the page`);
  return placement;
}

/** Every number of the view with the raw lines that printed it (a table cell's line, a step table's value), wherever the view holds one. */
function cellLines(view: GuideView): SourceRef[] {
  const found: SourceRef[] = [];
  const stack: unknown[] = [view];
  const seen = new Set<unknown>();
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (isCellLine(value)) found.push(value);
    else appendAll(stack, Object.values(value).reverse());
  }
  return found;
}

function isCellLine(value: object): value is SourceRef {
  return 'source' in value && 'file' in value && 'lines' in value && Array.isArray(value.lines);
}

/** The rule that gives perflab.css the guide's raw folder to put before each cell's `data-source`. */
export function rawRootRule(root: string): string {
  return `main{--pl-raw-root:${cssString(root)}}`;
}
