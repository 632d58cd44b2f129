import { metricShortName } from '../format/metric-label.ts';
import { storySentence } from '../format/story-finding.ts';
import { findingStep } from '../schema/story.ts';
import type { ComputedGuide, ComputedStep } from '../schema/computed.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { codeBlockLines, markdownText } from './markdown.ts';
import {
  accuracyScores,
  accuracyVerdict,
  adoption,
  changeFor,
  changeWithSecondaryFor,
  heading,
  staleLines,
  shownFor,
  variantChanges,
  winnerName,
} from './report-text.ts';
import { appendAll } from '../append-all.ts';
import { changedPagesLines, type ChangedPages } from './changed-pages.ts';
import { newGuideReport } from './new-guide-report.ts';
import { guideRenames, renamedReport } from './guide-renames.ts';
import type { Acknowledged } from '../compute/acknowledgements.ts';
import { recordedLines } from './recorded-report.ts';
import { proseDiffLines, type ProseVersions } from './prose-diff.ts';
import { compareDiffLines } from './compare-diff.ts';
import type { ComputedCompare } from '../schema/computed-compare.ts';

/**
 * What changed between two versions of the computed guides, as a markdown report a reviewer
 * reads on a pull request: the recommendation, each step's winner, every before/after number
 * and percentage, accuracy verdicts, and runs whose raw text changed. Numbers are recomputed
 * by compute; this only compares its outputs, so nobody re-does arithmetic by hand. Every string
 * that came from a pull request (titles, labels, names, reasons, file names) goes in through
 * markdownText, so it reads as text and never as markup.
 */

export type GuideVersions = ReadonlyMap<string, ComputedGuide>;

function change(before: string, after: string): string {
  return before === after ? `${after} (unchanged)` : `${before} → **${after}**`;
}

function guideReport(id: string, before: ComputedGuide, after: ComputedGuide): string[] {
  const lines: string[] = [];
  const metric = metricShortName(after.metrics.primary);
  const [shownBefore, shownAfter] = [shownFor(before), shownFor(after)];
  const [changeBefore, changeAfter] = [changeFor(before), changeFor(after)];
  const [caseChangeBefore, caseChangeAfter] = [changeWithSecondaryFor(before), changeWithSecondaryFor(after)];
  const [variantChangesBefore, variantChangesAfter] = [variantChanges(before), variantChanges(after)];
  if (
    before.recommended.command !== after.recommended.command ||
    before.recommended.engine.id !== after.recommended.engine.id
  ) {
    appendAll(lines, [
      '- **Recommended command changed:**',
      '',
      '  ```diff',
      ...codeBlockLines(before.recommended.command, '  - '),
      ...codeBlockLines(after.recommended.command, '  + '),
      '  ```',
      '',
    ]);
  }
  const stepTitle = (s: ComputedStep) => markdownText(s.title.en);
  for (const step of after.steps) {
    const old = before.steps.find((s) => s.id === step.id);
    const changesAfter = variantChangesAfter(step);
    if (!old) {
      lines.push(`- Step **${stepTitle(step)}** added (winner: ${winnerName(step)}, ${adoption(step)}).`);
      for (const [, v] of changesAfter) lines.push(`  - ${v.name}: ${v.text}`);
      continue;
    }
    if (old.winner !== step.winner)
      lines.push(`- Step **${stepTitle(step)}**: winner ${winnerName(old)} → **${winnerName(step)}**.`);
    if (old.adopted !== step.adopted)
      lines.push(`- Step **${stepTitle(step)}**: ${adoption(old)} → **${adoption(step)}**.`);
    // Each variant's change against the step's reference, as its results table shows it.
    const changesBefore = variantChangesBefore(old);
    for (const id of new Set([...changesAfter.keys(), ...changesBefore.keys()])) {
      const [was, now] = [changesBefore.get(id), changesAfter.get(id)];
      if (was?.text !== now?.text)
        lines.push(
          `- Step **${stepTitle(step)}**, ${(now ?? was)?.name}: ${change(was?.text ?? 'not compared', now?.text ?? 'not compared')}.`,
        );
    }
  }
  for (const step of before.steps)
    if (!after.steps.some((s) => s.id === step.id)) lines.push(`- Step **${stepTitle(step)}** removed.`);

  const rows: string[] = [];
  for (const c of after.comparison) {
    const old = before.comparison.find((o) => o.id === c.id);
    const base = old
      ? change(shownBefore(old.baseline.measured), shownAfter(c.baseline.measured))
      : `${shownAfter(c.baseline.measured)} (new)`;
    const opt = old
      ? change(shownBefore(old.optimized.measured), shownAfter(c.optimized.measured))
      : `${shownAfter(c.optimized.measured)} (new)`;
    const pct = old ? change(caseChangeBefore(old), caseChangeAfter(c)) : caseChangeAfter(c);
    if (
      !old ||
      caseChangeBefore(old) !== caseChangeAfter(c) ||
      shownBefore(old.baseline.measured) !== shownAfter(c.baseline.measured) ||
      shownBefore(old.optimized.measured) !== shownAfter(c.optimized.measured)
    ) {
      rows.push(`| ${markdownText(c.label.en)} | ${base} | ${opt} | ${pct} |`);
    }
  }
  for (const c of before.comparison)
    if (!after.comparison.some((n) => n.id === c.id)) rows.push(`| ${markdownText(c.label.en)} | removed | | |`);
  if (rows.length > 0)
    appendAll(lines, [
      '',
      `| Benchmark case | Baseline ${metric} | Optimized ${metric} | Change |`,
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    ]);

  const summary: string[] = [];
  for (const row of after.optimizationSummary.rows) {
    const old = before.optimizationSummary.rows.find((r) => r.step === row.step);
    const text = (r: typeof row | undefined, changeOf: typeof changeAfter) =>
      r?.percent === undefined
        ? '-'
        : `${changeOf({ percent: r.percent, ratio: r.ratio })}${r.adopted ? '' : ' (not adopted)'}`;
    if (!old || text(old, changeBefore) !== text(row, changeAfter))
      summary.push(
        `${markdownText(row.label.en)} ${old ? change(text(old, changeBefore), text(row, changeAfter)) : text(row, changeAfter)}`,
      );
  }
  if (summary.length > 0) lines.push(`- Optimization summary: ${summary.join('; ')}.`);

  for (const check of after.accuracy) {
    const old = before.accuracy.find((a) => a.id === check.id);
    if (!old || accuracyScores(old) !== accuracyScores(check) || accuracyVerdict(old) !== accuracyVerdict(check)) {
      lines.push(
        `- ${markdownText(check.title.en)}: ${old ? change(`${accuracyScores(old)} (${accuracyVerdict(old)})`, `${accuracyScores(check)} (${accuracyVerdict(check)})`) : `${accuracyScores(check)} (${accuracyVerdict(check)})`}.`,
      );
    }
  }

  // What the story checks found (acknowledged, or the tree would not build): new findings need a reviewer's eye.
  // Each is said as the English page says it, with its own version's step and variant names.
  const notes = (guide: ComputedGuide) =>
    new Map(
      guide.story.map((note) => {
        const sentence = markdownText(storySentence(note, guide.steps, 'en'));
        return [`${note.code} ${findingStep(note) ?? ''} ${sentence}`, { note, sentence }];
      }),
    );
  const [oldNotes, newNotes] = [notes(before), notes(after)];
  for (const [key, { note, sentence }] of newNotes)
    if (!oldNotes.has(key))
      lines.push(
        `- **Story check, acknowledged:** ${sentence} (${markdownText(note.code)}; reason: ${markdownText(note.reason.en ?? note.reason.zh ?? '')}).`,
      );
  for (const [key, { note, sentence }] of oldNotes)
    if (!newNotes.has(key)) lines.push(`- Story check no longer raised: ${sentence} (${markdownText(note.code)}).`);

  const runs = Object.entries(after.runs);
  const changedRaw = runs.filter(([runId, run]) => before.runs[runId] && before.runs[runId]?.raw !== run.raw);
  const addedRaw = runs.filter(([runId]) => !before.runs[runId]);
  if (changedRaw.length > 0) {
    lines.push(`- Raw results replaced: ${changedRaw.map(([, run]) => markdownText(run.file)).join(', ')}.`);
    // New results come from a new run: a new date, or a new engine version, says when and with what.
    const versions = (g: ComputedGuide) => g.engines.map((e) => `${e.id}@${e.version ?? ''}`).join(' ');
    // (a record says it; every replaced result with one is listed below)
    const unrecorded = changedRaw.some(([, run]) => !run.recorded);
    if (unrecorded && before.measuredOn === after.measuredOn && versions(before) === versions(after))
      lines.push(
        `- **Check:** results were replaced but neither \`measuredOn\` (${markdownText(after.measuredOn ?? 'not set')}) nor any engine version changed in guide.yaml: were they measured again, with what?`,
      );
  }
  if (addedRaw.length > 0)
    lines.push(
      `- Raw results added: ${addedRaw.map(([, run]) => `${markdownText(run.file)}${run.blockLabel ? ` (${markdownText(run.blockLabel)})` : ''}`).join(', ')}.`,
    );

  appendAll(
    lines,
    recordedLines(
      before,
      after,
      [...changedRaw, ...addedRaw].map(([runId]) => runId),
    ),
  );

  return lines.length === 0 ? [] : [heading(id, after), '', ...lines, ''];
}

type DiffOptions = {
  /** guides whose JSON at the ref does not match today's schema: their numbers are not compared */
  unreadable?: ReadonlySet<string>;
  /** committed data/guides that differ from what the sources compute (the report uses the sources) */
  stale?: readonly string[];
  /** the built site's pages the change touches (changed-pages.ts), listed first */
  pages?: ChangedPages;
  /** by guide, the warnings its guide.yaml acknowledges with their reasons: a new guide lists them */
  acknowledged?: ReadonlyMap<string, readonly Acknowledged[]>;
  /** at the ref and now: the guides' prose (data/prose) and the compare pages' selections (data/compare) */
  prose?: { before: ProseVersions; after: ProseVersions };
  compare?: { before: readonly ComputedCompare[]; after: readonly ComputedCompare[] };
};

export function guidesDiff(
  before: GuideVersions,
  after: GuideVersions,
  ref: string,
  { unreadable = new Set(), stale = [], pages, acknowledged = new Map(), prose, compare }: DiffOptions = {},
): string {
  const sections: string[] = [];
  const renames = guideRenames(before, after);
  for (const [id, guide] of [...after].sort(([a], [b]) => byCodeUnit(a, b))) {
    const old = before.get(id);
    if (unreadable.has(id)) {
      sections.push(
        heading(id, guide),
        '',
        `- At ${markdownText(ref)} this guide was computed by an older perflab whose output does not match today's schema; its numbers are not compared.`,
        '',
      );
      continue;
    }
    const from = renames.get(id);
    const was = from === undefined ? undefined : before.get(from);
    if (!old && from !== undefined && was !== undefined)
      appendAll(sections, renamedReport(id, from, guide, guideReport(id, was, guide).slice(2)));
    else if (!old) appendAll(sections, newGuideReport(id, guide, acknowledged.get(id)));
    else appendAll(sections, guideReport(id, old, guide));
  }
  const renamedAway = new Set(renames.values());
  for (const [id, guide] of before)
    if (!after.has(id) && !renamedAway.has(id)) sections.push(`${heading(id, guide)} — removed`, '');
  const body = sections.length === 0 ? ['No computed number, winner or recommendation changed.', ''] : sections;
  // What no number shows, after the numbers: the prose, and which guides stand side by side.
  const proseLines = prose ? proseDiffLines(prose.before, prose.after, renames) : [];
  const compareLines = compare ? compareDiffLines(compare.before, compare.after) : [];
  const pageLines = pages ? changedPagesLines(pages) : [];
  return [
    `# perflab: what changed since ${markdownText(ref)}`,
    '',
    ...staleLines(stale),
    ...pageLines,
    ...body,
    ...proseLines,
    ...compareLines,
  ].join('\n');
}
