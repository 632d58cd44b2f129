// A compare page's selection as compute writes it to data/compare, for view tests that build their
// guides in memory.
import { compareSelections } from '../../src/lib/compute/compare.ts';
import type { ComputedCompare } from '../../src/lib/schema/computed-compare.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';

export function comparePage(
  entries: readonly { guide: ComputedGuide }[],
  kind: ComputedCompare['kind'],
  slug: string,
): ComputedCompare {
  const page = compareSelections(entries.map((e) => e.guide)).find((p) => p.kind === kind && p.slug === slug);
  if (!page) throw new Error(`no ${kind} compare page ${slug} among ${entries.map((e) => e.guide.id).join(', ')}`);
  return page;
}
