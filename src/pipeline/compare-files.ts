// data/compare: every compare page's selection (src/lib/compute/compare.ts), one file a page, made
// from the guides' CompareFacts; compute writes them with the guides, the dev refresh when a guide's
// facts change.
import { compareFacts, compareSelections, type CompareFacts } from '../lib/compute/compare.ts';
import type { ComputedGuide } from '../lib/schema/computed.ts';
import { stableJson } from '../lib/stable-json.ts';
import { folder, listFiles, readText, syncDirectory } from './fs-policy.ts';

/** `<kind>/<slug>.json` → its text, for every compare page of these guides. */
export function compareFiles(guides: readonly CompareFacts[]): Map<string, string> {
  return new Map(compareSelections(guides).map((page) => [`${page.kind}/${page.slug}.json`, stableJson(page)]));
}

/** A guide's CompareFacts as its data/guides file holds them, or undefined when there is none. */
export function committedFacts(path: string): CompareFacts | undefined {
  try {
    return compareFacts(JSON.parse(readText(path)) as ComputedGuide);
  } catch {
    return undefined;
  }
}

/** data/compare made again from every guide in data/guides (the dev refresh, after a guide's facts changed). */
export function rewriteCompareFiles(): void {
  const guides = folder('guides');
  const facts = listFiles(guides)
    .filter((path) => path.endsWith('.json'))
    .flatMap((path) => committedFacts(path) ?? []);
  syncDirectory(folder('compare'), compareFiles(facts));
}
