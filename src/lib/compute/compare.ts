import { byCodeUnit } from '../code-unit-order.ts';
import { comparePages, slugOf } from '../format/compare-pages.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import type { CompareSelection, ComputedCompare, SharedCase } from '../schema/computed-compare.ts';
import type { MetricKey } from '../schema/metric.ts';

export type { CompareSelection, SharedCase } from '../schema/computed-compare.ts';

/**
 * What the guides of a compare page share: the benchmark cases at least two of them measured, each
 * with the metrics all of those measured, and whether their machines differ in size (then a
 * throughput is compared per accelerator). Compute writes it to data/compare
 * (src/lib/schema/computed-compare.ts); the page only shows it.
 */

/** The part of a computed guide its compare pages select by: no measured value (a page shows those, never chooses by them). */
export type CompareFacts = {
  id: string;
  objective: ComputedGuide['objective'];
  metrics: { primary: MetricKey; secondary: MetricKey[] };
  hardware: { name: string; gpus: number };
  comparison: { id: string; label: { en: string } }[];
};

/** A guide's CompareFacts, which compute keeps between runs to select without reading the guide again. */
export function compareFacts(guide: CompareFacts): CompareFacts {
  return {
    id: guide.id,
    objective: guide.objective,
    metrics: { primary: guide.metrics.primary, secondary: [...guide.metrics.secondary] },
    hardware: { name: guide.hardware.name, gpus: guide.hardware.gpus },
    comparison: guide.comparison.map((c) => ({ id: c.id, label: { en: c.label.en } })),
  };
}

/** Every compare page of these guides, each with its guides in code-unit order and their selection. */
export function compareSelections(guides: readonly CompareFacts[]): ComputedCompare[] {
  return comparePages(guides.map((guide) => ({ guide }))).map(({ kind, slug }) => {
    const members = guides.filter((guide) => slugOf(kind, guide) === slug).sort((a, b) => byCodeUnit(a.id, b.id));
    return { kind, slug, guides: members.map((guide) => guide.id), ...sharedCases(members) };
  });
}

/** A case's workload as guides name it: "ShareGPT", "Short prompt", whatever the language. */
const caseKey = (label: { en: string }) => label.en.trim().toLowerCase();

export function sharedCases(guides: readonly CompareFacts[]): CompareSelection {
  // By primary metric, then case: guides tuned for latency are never compared with throughput.
  const groups = new Map<string, { primary: MetricKey; key: string; order: number; guides: CompareFacts[] }>();
  let order = 0;
  for (const guide of guides)
    for (const c of guide.comparison) {
      const id = `${guide.metrics.primary}\u0000${caseKey(c.label)}`;
      const group = groups.get(id) ?? {
        primary: guide.metrics.primary,
        key: caseKey(c.label),
        order: order++,
        guides: [],
      };
      // A guide naming two of its cases alike is compared by the first.
      if (!group.guides.includes(guide)) group.guides.push(guide);
      groups.set(id, group);
    }
  const shared = [...groups.values()]
    .filter((group) => group.guides.length > 1)
    .sort((a, b) => b.guides.length - a.guides.length || a.order - b.order)
    .map((group): SharedCase => {
      const [first, ...rest] = group.guides;
      const secondary = (first?.metrics.secondary ?? []).filter((key) =>
        rest.every((guide) => guide.metrics.secondary.includes(key)),
      );
      return {
        key: group.key,
        primary: group.primary,
        entries: group.guides.map((guide) => ({
          guide: guide.id,
          case: guide.comparison.find((c) => caseKey(c.label) === group.key)?.id ?? '',
        })),
        secondary,
        perAccelerator: first?.objective === 'throughput' && new Set(group.guides.map((g) => g.hardware.gpus)).size > 1,
      };
    });
  const inShared = new Set(shared.flatMap((s) => s.entries.map((e) => `${e.guide}\u0000${e.case}`)));
  const measuredBy = (key: string, other: CompareFacts) =>
    [...groups.values()].some((g) => g.key === key && g.primary !== other.metrics.primary);
  const unshared = guides
    .map((guide) => {
      const cases = guide.comparison.filter((c) => !inShared.has(`${guide.id}\u0000${c.id}`));
      return {
        guide: guide.id,
        cases: cases.map((c) => c.id),
        otherMetric: cases.filter((c) => measuredBy(caseKey(c.label), guide)).map((c) => c.id),
      };
    })
    .filter((entry) => entry.cases.length > 0);
  return { shared, unshared };
}
