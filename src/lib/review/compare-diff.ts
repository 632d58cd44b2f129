import { appendAll } from '../append-all.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { metricShortName } from '../format/metric-label.ts';
import type { ComputedCompare, SharedCase } from '../schema/computed-compare.ts';
import { markdownText } from './markdown.ts';

/**
 * What changed in the compare pages' selections (data/compare: which guides stand side by side on
 * which case, by which metrics), as the review report's lines. A selection holds no value: a page
 * that sets other guides or other metrics side by side changes without any number changing, so the
 * report says it here. Case keys and ids come from guide.yaml: each goes in through markdownText.
 */

const pageKey = (page: ComputedCompare) => `${page.kind}/${page.slug}`;
const entriesText = (shared: SharedCase) =>
  shared.entries.map((entry) => `${markdownText(entry.guide)} (${markdownText(entry.case)})`).join(', ');
const metricsText = (keys: readonly SharedCase['secondary'][number][]) =>
  keys.length === 0 ? 'none' : keys.map(metricShortName).join(', ');
const listText = (items: readonly string[]) => (items.length === 0 ? 'none' : items.map(markdownText).join(', '));
const change = (before: string, after: string) => `${before} → **${after}**`;
/** Cases are told apart by their primary metric too: a latency guide's case is never a throughput guide's. */
const caseId = (shared: SharedCase) => `${shared.primary}\u0000${shared.key}`;

function caseLines(where: string, before: SharedCase | undefined, after: SharedCase | undefined): string[] {
  const shared = after ?? before;
  if (!shared) return [];
  const name = `${where}, case ${markdownText(shared.key)} by ${metricShortName(shared.primary)}`;
  if (!before) return [`- ${name}: now compared, ${entriesText(shared)}.`];
  if (!after) return [`- ${name}: no longer compared (was ${entriesText(shared)}).`];
  const lines: string[] = [];
  if (entriesText(before) !== entriesText(after))
    lines.push(`- ${name}: ${change(entriesText(before), entriesText(after))}.`);
  if (metricsText(before.secondary) !== metricsText(after.secondary))
    lines.push(`- ${name}, beside it: ${change(metricsText(before.secondary), metricsText(after.secondary))}.`);
  if (before.perAccelerator !== after.perAccelerator)
    lines.push(
      `- ${name}: ${after.perAccelerator ? 'now compared per accelerator' : 'no longer compared per accelerator'}.`,
    );
  return lines;
}

function pageLines(before: ComputedCompare | undefined, after: ComputedCompare): string[] {
  const where = `Compare ${after.kind} **${markdownText(after.slug)}**`;
  if (!before) return [`- ${where}: new page, of ${listText(after.guides)}.`];
  const lines: string[] = [];
  if (listText(before.guides) !== listText(after.guides))
    lines.push(`- ${where}, guides: ${change(listText(before.guides), listText(after.guides))}.`);
  const [was, now] = [
    new Map(before.shared.map((s) => [caseId(s), s])),
    new Map(after.shared.map((s) => [caseId(s), s])),
  ];
  for (const id of new Set([...now.keys(), ...was.keys()]))
    appendAll(lines, caseLines(where, was.get(id), now.get(id)));
  const unshared = (page: ComputedCompare) => new Map(page.unshared.map((u) => [u.guide, u]));
  const [unsharedBefore, unsharedAfter] = [unshared(before), unshared(after)];
  for (const guide of [...new Set([...unsharedAfter.keys(), ...unsharedBefore.keys()])].sort(byCodeUnit)) {
    const [old, current] = [unsharedBefore.get(guide), unsharedAfter.get(guide)];
    const named = `${where}, ${markdownText(guide)}`;
    if (listText(old?.cases ?? []) !== listText(current?.cases ?? []))
      lines.push(
        `- ${named}, named but not compared: ${change(listText(old?.cases ?? []), listText(current?.cases ?? []))}.`,
      );
    if (listText(old?.otherMetric ?? []) !== listText(current?.otherMetric ?? []))
      lines.push(
        `- ${named}, measured by another metric than the others: ${change(listText(old?.otherMetric ?? []), listText(current?.otherMetric ?? []))}.`,
      );
  }
  return lines;
}

/** The report's compare section: each page whose selection changed, came or went, in code-unit order; none when none did. */
export function compareDiffLines(before: readonly ComputedCompare[], after: readonly ComputedCompare[]): string[] {
  const was = new Map(before.map((page) => [pageKey(page), page]));
  const now = new Map(after.map((page) => [pageKey(page), page]));
  const lines: string[] = [];
  for (const key of [...new Set([...now.keys(), ...was.keys()])].sort(byCodeUnit)) {
    const [old, current] = [was.get(key), now.get(key)];
    if (current) appendAll(lines, pageLines(old, current));
    else if (old) lines.push(`- Compare ${old.kind} **${markdownText(old.slug)}**: removed.`);
  }
  return lines.length === 0 ? [] : ['## Compare pages whose selection changed', '', ...lines, ''];
}
