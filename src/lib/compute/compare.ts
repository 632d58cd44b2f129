import type { ComputedGuide } from '../schema/computed.ts';
import type { MetricKey } from '../schema/metric.ts';

/**
 * What the guides of a compare page share: the benchmark cases at least two of them measured, each
 * with the metrics all of those measured, and whether their machines differ in size (then a
 * throughput is compared per accelerator). A pure selection from data/guides: every value a compare
 * page shows is a computed guide's (its cases' measured values, per accelerator and changes); this
 * only decides which of them stand side by side, so that a compare page never shows a case or a
 * metric for a guide that did not measure it.
 */
export type SharedCase = {
  /** the case's name, lower-cased English: how guides name the same workload */
  key: string;
  /** the objective's metric every guide measured the case by */
  primary: MetricKey;
  /** the guides that measured it (two or more, in the order given) and the case's id in each */
  entries: { guide: string; case: string }[];
  /** secondary metrics every one of them measured (a TPOT with the first token is another metric) */
  secondary: MetricKey[];
  /**
   * the machines have different numbers of accelerators: a throughput is compared per accelerator
   * (a latency is per request on any machine, so never)
   */
  perAccelerator: boolean;
};

export type CompareSelection = {
  /** shared by the most guides first, then in the first such guide's case order */
  shared: SharedCase[];
  /**
   * per guide, the cases it measured that no other guide of the page did by the same metric: named,
   * not compared; `otherMetric` are those another guide measured by another one (guidellm's
   * interval-mean Total TPS beside vLLM's totals over duration): unlike figures, never set side by side
   */
  unshared: { guide: string; cases: string[]; otherMetric: string[] }[];
};

/** A case's workload as guides name it: "ShareGPT", "Short prompt", whatever the language. */
const caseKey = (label: { en: string }) => label.en.trim().toLowerCase();

export function sharedCases(guides: readonly ComputedGuide[]): CompareSelection {
  // By primary metric, then case: guides tuned for latency are never compared with throughput.
  const groups = new Map<string, { primary: MetricKey; key: string; order: number; guides: ComputedGuide[] }>();
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
  const measuredBy = (key: string, other: ComputedGuide) =>
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
