import { metricShortName } from '../format/metric-label.ts';
import { storySentence } from '../format/story-finding.ts';
import type { Acknowledged } from '../compute/acknowledgements.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { appendAll } from '../append-all.ts';
import { codeBlockLines, markdownText } from './markdown.ts';
import * as say from './report-text.ts';
import { newGuideRecordedLines } from './recorded-report.ts';

/**
 * A guide a pull request adds, in full: a reviewer has nothing to compare it with, so the report
 * says everything the page claims and what it rests on: the machine and its GPU count, each
 * engine's version, the baseline, every step with its winner and each variant's gain, the
 * recommended command, the before/after cases, the accuracy checks and their verdicts, every
 * warning acknowledged and its reason, and the raw files the numbers come from.
 */
export function newGuideReport(
  id: string,
  guide: ComputedGuide,
  acknowledged: readonly Acknowledged[] = [],
  /** said after the heading instead of "new guide" (a rename) */
  headingNote = 'new guide',
): string[] {
  const shown = say.shownFor(guide);
  const change = say.changeFor(guide);
  // Each case's change with every secondary metric's: what the recommendation costs as well as gains.
  const caseChange = say.changeWithSecondaryFor(guide);
  const metric = metricShortName(guide.metrics.primary);
  const engines = guide.engines
    .map((e) => `${markdownText(e.name)} ${e.version ? markdownText(e.version) : '(version not given)'}`)
    .join(', ');
  const baselineStep = guide.steps.find((s) => s.id === guide.baseline.step);
  const baselineVariant = baselineStep?.variants.find((v) => v.id === guide.baseline.variant);
  const lines = [
    `${say.heading(id, guide)} — ${headingNote}`,
    '',
    `- Model: ${markdownText(guide.model.name)}; objective: ${guide.objective} (${metric}).`,
    `- Hardware: ${guide.hardware.gpus} × ${markdownText(guide.hardware.name)} (${markdownText(guide.hardware.label.en)}).`,
    `- Engines: ${engines || 'none named'}; measured on: ${markdownText(guide.measuredOn ?? 'not given')}.`,
    `- Baseline: ${markdownText(baselineVariant?.label?.en ?? guide.baseline.variant)} (${markdownText(guide.baseline.engine.name)}) in step ${markdownText(baselineStep?.title.en ?? guide.baseline.step)}: ${shown(guide.baseline.measured)}.`,
    `- Recommended engine: ${markdownText(guide.recommended.engine.name)}; ${guide.headline.case ? markdownText(guide.headline.case.en) : 'all adopted steps'}: ${change(guide.headline)} ${metric} over the baseline.`,
    '',
    '**Steps**',
    '',
  ];
  for (const step of guide.steps) {
    lines.push(
      `${step.number}. **${markdownText(step.title.en)}**: winner ${say.winnerName(step)}, ${say.adoption(step)}${step.notAdopted?.why === 'author' ? ` (${markdownText(step.notAdopted.reason.en)})` : ''}.`,
    );
    const changes = say.variantChanges(guide)(step);
    for (const variant of step.variants) {
      const name = markdownText(variant.label?.en ?? step.title.en);
      const measured = variant.measured ? shown(variant.measured) : undefined;
      const text = changes.get(variant.id)?.text;
      const status =
        variant.status === 'ok'
          ? [measured, text].filter(Boolean).join(', ') || 'not measured'
          : `${variant.status}${variant.reason ? `: ${markdownText(variant.reason.en)}` : ''}`;
      lines.push(`   - ${name} (${markdownText(variant.engine.name)}): ${status}`);
    }
  }
  // A fence longer than any run of backticks in the command: no line of it can close the block.
  const longest = (guide.recommended.command.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  appendAll(lines, ['', '**Recommended command**', '', fence]);
  appendAll(lines, codeBlockLines(guide.recommended.command, ''));
  lines.push(fence, '');
  if (guide.comparison.length > 0) {
    lines.push(`| Benchmark case | Baseline ${metric} | Optimized ${metric} | Change |`, '| --- | --- | --- | --- |');
    for (const c of guide.comparison)
      lines.push(
        `| ${markdownText(c.label.en)} | ${shown(c.baseline.measured)} | ${shown(c.optimized.measured)} | ${caseChange(c)} |`,
      );
    lines.push('');
  } else lines.push('- No before/after benchmark cases.', '');
  for (const check of guide.accuracy)
    lines.push(
      `- Accuracy, ${markdownText(check.title.en)}: ${say.accuracyScores(check)} (${say.accuracyVerdict(check)}).`,
    );
  if (guide.accuracy.length === 0) lines.push('- No accuracy check.');
  appendAll(lines, acknowledgedLines(guide, acknowledged));
  for (const note of guide.story)
    lines.push(
      `- **Story check, acknowledged:** ${markdownText(storySentence(note, guide.steps, 'en'))} (${markdownText(note.code)}; reason: ${markdownText(note.reason.en ?? note.reason.zh ?? '')}).`,
    );
  const files = new Map<string, string[]>();
  for (const run of Object.values(guide.runs))
    files.set(run.file, [...(files.get(run.file) ?? []), ...(run.blockLabel ? [run.blockLabel] : [])]);
  lines.push(
    `- Raw files added (${files.size}): ${[...files]
      .sort(([a], [b]) => byCodeUnit(a, b))
      .map(([file, blocks]) => `${markdownText(file)}${blocks.length > 0 ? ` (${blocks.length} blocks)` : ''}`)
      .join(', ')}.`,
  );
  appendAll(lines, newGuideRecordedLines(guide));
  lines.push('');
  return lines;
}

/**
 * The plausibility warnings guide.yaml acknowledges, one line per code and reason: where each
 * occurs (file:line) and the first one's message, so fourteen blocks excused for one reason read
 * as one decision. Story checks are listed with their sentences instead.
 */
function acknowledgedLines(guide: ComputedGuide, acknowledged: readonly Acknowledged[]): string[] {
  const story = new Set<string>(guide.story.map((note) => note.code));
  const groups = new Map<string, Acknowledged[]>();
  for (const entry of acknowledged) {
    if (story.has(entry.warning.code)) continue;
    const key = `${entry.warning.code}\0${entry.reason.en ?? ''}\0${entry.reason.zh ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].flatMap((entries) => {
    const [first] = entries;
    if (!first) return [];
    const { warning, reason } = first;
    const where = entries.map(({ warning: w }) => markdownText(`${w.file}:${w.line ?? ''}`)).join(', ');
    const times = entries.length === 1 ? '' : `, ${entries.length} times`;
    return `- **Acknowledged:** ${markdownText(warning.code)}${times} (${where}), e.g. ${markdownText(warning.message)}; reason: ${markdownText(reason.en ?? reason.zh ?? '')}.`;
  });
}
