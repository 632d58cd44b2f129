import type { GuideView, RawResult } from './guide-view.ts';

/** Where a raw result block is printed in full (`first`) or only pointed at (a later repeat). */
export type RawPlacement = { anchor: string; first: boolean };

/**
 * A guide page shows the same raw block more than once (a step's winner is often a benchmark
 * case's optimized run): print each block in full where it first appears, in page order (steps,
 * then other cases), and let later places link to it. On the GLM-5.2 page that was 6 of 28 blocks.
 */
export function rawResultPlacement(view: GuideView): Map<RawResult, RawPlacement> {
  const inPageOrder: RawResult[] = [
    ...view.results.steps.flatMap((step) =>
      step.variants.flatMap((variant) => (variant.result ? [variant.result] : [])),
    ),
    ...(view.otherCases?.groups ?? []).flatMap((group) => group.entries.map((entry) => entry.result)),
  ];
  const anchors = new Map<string, string>();
  const placement = new Map<RawResult, RawPlacement>();
  for (const result of inPageOrder) {
    const key = `${result.file}:${result.startLine}-${result.endLine}`;
    const anchor = anchors.get(key);
    if (anchor) placement.set(result, { anchor, first: false });
    else {
      const fresh = `raw-${anchors.size + 1}`;
      anchors.set(key, fresh);
      placement.set(result, { anchor: fresh, first: true });
    }
  }
  return placement;
}

/** The placement of a result the page shows; every such result was placed by rawResultPlacement. */
export function placementOf(placements: ReadonlyMap<RawResult, RawPlacement>, result: RawResult): RawPlacement {
  const placement = placements.get(result);
  if (!placement) throw new Error(`raw result ${result.file}:${result.startLine} was not placed on the page`);
  return placement;
}
