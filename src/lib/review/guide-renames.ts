import type { ComputedGuide } from '../schema/computed.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { locales } from '../i18n.ts';
import { ROOT_PATHS } from '../site-paths.ts';
import { markdownText } from './markdown.ts';
import { heading } from './report-text.ts';

type GuideVersions = ReadonlyMap<string, ComputedGuide>;

/** A raw block as compared across ids: its text with runs of whitespace made one space. */
const blockText = (raw: string) => raw.replace(/\s+/g, ' ').trim();

/**
 * Guides a change renamed: a guide that is new under its id and one that is gone, where the new
 * one names the old id in `renamedFrom`, or shows at least half of the old one's raw blocks. Each
 * old id goes to at most one new id (the one sharing most blocks). New id → old id.
 */
export function guideRenames(before: GuideVersions, after: GuideVersions): Map<string, string> {
  const gone = [...before.keys()].filter((id) => !after.has(id)).sort(byCodeUnit);
  const added = [...after.keys()].filter((id) => !before.has(id)).sort(byCodeUnit);
  const blocks = (guide: ComputedGuide) => new Set(Object.values(guide.runs).map((run) => blockText(run.raw)));
  const candidates: { from: string; to: string; score: number }[] = [];
  for (const to of added) {
    const now = after.get(to);
    if (!now) continue;
    const shown = blocks(now);
    for (const from of gone) {
      const was = before.get(from);
      if (!was) continue;
      const old = blocks(was);
      const shared = [...old].filter((block) => shown.has(block)).length;
      const named = now.renamedFrom?.includes(from) ?? false;
      const score = named ? 2 : old.size === 0 ? 0 : shared / old.size;
      if (score >= 0.5) candidates.push({ from, to, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || byCodeUnit(a.to, b.to) || byCodeUnit(a.from, b.from));
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  for (const { from, to } of candidates)
    if (!renames.has(to) && !taken.has(from)) {
      renames.set(to, from);
      taken.add(from);
    }
  return renames;
}

/**
 * A guide under a new id in the review report: where its old pages went, then `changes` (what
 * changed in it, as for any guide). Its old pages stay only when guide.yaml names the old id in
 * renamedFrom: the build then makes each a page that sends the reader to the new one.
 */
export function renamedReport(id: string, from: string, now: ComputedGuide, changes: readonly string[]): string[] {
  const oldPages = locales.map((lang) => markdownText(ROOT_PATHS.guide(lang, from))).join(' and ');
  return [
    `${heading(id, now)} — renamed from ${markdownText(from)}`,
    '',
    now.renamedFrom?.includes(from)
      ? `- Its old pages ${oldPages} send readers to the new ones (renamedFrom in guide.yaml).`
      : `- **Old pages will be gone:** ${oldPages}; add ${markdownText(`renamedFrom: [${from}]`)} to guide.yaml so they send readers to the new ones.`,
    ...(changes.length > 0 ? changes : ['- No computed number, winner or recommendation changed.', '']),
  ];
}
