// data/compare: every compare page's selection (src/lib/compute/compare.ts), one file a page, made
// from the guides' CompareFacts; compute writes them with the guides, the dev refresh when a guide's
// facts change. data/models likewise: every model's page (src/lib/compute/across-hardware.ts), from
// the guides' HardwareFacts.
import { hardwareFacts, modelPages, type HardwareFacts } from '../lib/compute/across-hardware.ts';
import { compareFacts, compareSelections, type CompareFacts } from '../lib/compute/compare.ts';
import type { ComputedGuide } from '../lib/schema/computed.ts';
import { stableJson } from '../lib/stable-json.ts';
import { folder, listFiles, readText, syncDirectory } from './fs-policy.ts';

/** `<kind>/<slug>.json` → its text, for every compare page of these guides. */
export function compareFiles(guides: readonly CompareFacts[]): Map<string, string> {
  return new Map(compareSelections(guides).map((page) => [`${page.kind}/${page.slug}.json`, stableJson(page)]));
}

/** `<model>.json` → its text, for every model of these guides. */
export function modelFiles(guides: readonly HardwareFacts[]): Map<string, string> {
  return new Map(modelPages(guides).map((page) => [`${page.slug}.json`, stableJson(page)]));
}

/** A guide's facts as its data/guides file holds them, or undefined when there is none. */
function committed<T>(path: string, factsOf: (guide: ComputedGuide) => T): T | undefined {
  try {
    return factsOf(JSON.parse(readText(path)) as ComputedGuide);
  } catch {
    return undefined;
  }
}
export const committedFacts = (path: string) => committed(path, compareFacts);
export const committedHardwareFacts = (path: string) => committed(path, hardwareFacts);

/** Every guide in data/guides, as `factsOf` reads it. */
function allCommitted<T>(factsOf: (guide: ComputedGuide) => T): T[] {
  return listFiles(folder('guides'))
    .filter((path) => path.endsWith('.json'))
    .flatMap((path) => committed(path, factsOf) ?? []);
}

/** data/compare made again from every guide in data/guides (the dev refresh, after a guide's facts changed). */
export function rewriteCompareFiles(): void {
  syncDirectory(folder('compare'), compareFiles(allCommitted(compareFacts)));
}

/** data/models made again from every guide in data/guides (the dev refresh, after a guide's values changed). */
export function rewriteModelFiles(): void {
  syncDirectory(folder('models'), modelFiles(allCommitted(hardwareFacts)));
}
