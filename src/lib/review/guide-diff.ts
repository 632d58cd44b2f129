import { formatFixed, formatSignedPercent } from '../format/number.ts';
import { metricShortName } from '../format/metric-label.ts';
import { scaledText } from '../format/measured.ts';
import type { ComputedGuide, Measured } from '../schema/computed.ts';

/**
 * What changed between two versions of the computed guides, as a markdown report a reviewer
 * reads on a pull request: the recommendation, each step's winner, every before/after number
 * and percentage, accuracy verdicts, and runs whose raw text changed. Numbers are recomputed
 * by compute; this only compares its outputs, so nobody re-does arithmetic by hand.
 */

export type GuideVersions = ReadonlyMap<string, ComputedGuide>;

const shown = (m: Measured) => scaledText(m);

function change(before: string, after: string): string {
  return before === after ? `${after} (unchanged)` : `${before} → **${after}**`;
}

function guideReport(id: string, before: ComputedGuide, after: ComputedGuide): string[] {
  const lines: string[] = [];
  const metric = metricShortName(after.metrics.primary);
  if (
    before.recommended.command !== after.recommended.command ||
    before.recommended.engine.id !== after.recommended.engine.id
  ) {
    lines.push(
      '- **Recommended command changed:**',
      '',
      '  ```diff',
      ...before.recommended.command.split('\n').map((l) => `  - ${l}`),
      ...after.recommended.command.split('\n').map((l) => `  + ${l}`),
      '  ```',
      '',
    );
  }
  for (const step of after.steps) {
    const old = before.steps.find((s) => s.id === step.id);
    if (!old) {
      lines.push(
        `- Step **${step.title.en}** added (winner: ${step.variants.find((v) => v.id === step.winner)?.label.en ?? step.winner}).`,
      );
      continue;
    }
    if (old.winner !== step.winner) {
      const label = (s: typeof step, id: string) => s.variants.find((v) => v.id === id)?.label.en ?? id;
      lines.push(`- Step **${step.title.en}**: winner ${label(old, old.winner)} → **${label(step, step.winner)}**.`);
    }
  }
  for (const step of before.steps)
    if (!after.steps.some((s) => s.id === step.id)) lines.push(`- Step **${step.title.en}** removed.`);

  const rows: string[] = [];
  for (const c of after.comparison) {
    const old = before.comparison.find((o) => o.id === c.id);
    const base = old
      ? change(shown(old.baseline.measured), shown(c.baseline.measured))
      : `${shown(c.baseline.measured)} (new)`;
    const opt = old
      ? change(shown(old.optimized.measured), shown(c.optimized.measured))
      : `${shown(c.optimized.measured)} (new)`;
    const pct = old
      ? change(
          formatSignedPercent(old.percent, before.percentDecimals),
          formatSignedPercent(c.percent, after.percentDecimals),
        )
      : formatSignedPercent(c.percent, after.percentDecimals);
    if (
      !old ||
      old.percent !== c.percent ||
      shown(old.baseline.measured) !== shown(c.baseline.measured) ||
      shown(old.optimized.measured) !== shown(c.optimized.measured)
    ) {
      rows.push(`| ${c.label.en} | ${base} | ${opt} | ${pct} |`);
    }
  }
  for (const c of before.comparison)
    if (!after.comparison.some((n) => n.id === c.id)) rows.push(`| ${c.label.en} | removed | | |`);
  if (rows.length > 0)
    lines.push(
      '',
      `| Benchmark case | Baseline ${metric} | Optimized ${metric} | Change |`,
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    );

  const summary: string[] = [];
  for (const row of after.optimizationSummary.rows) {
    const old = before.optimizationSummary.rows.find((r) => r.step === row.step);
    if (!old || old.percent !== row.percent)
      summary.push(
        `${row.label.en} ${old ? change(formatSignedPercent(old.percent, before.percentDecimals), formatSignedPercent(row.percent, after.percentDecimals)) : formatSignedPercent(row.percent, after.percentDecimals)}`,
      );
  }
  if (summary.length > 0) lines.push(`- Optimization summary: ${summary.join('; ')}.`);

  for (const check of after.accuracy) {
    const old = before.accuracy.find((a) => a.id === check.id);
    const scores = (a: typeof check) => a.results.map((r) => `${r.label} ${formatFixed(r.score.value, 3)}`).join(', ');
    const verdict = (a: typeof check) => (a.verdict.withinNoise ? 'within noise' : 'beyond noise');
    if (!old || scores(old) !== scores(check) || verdict(old) !== verdict(check)) {
      lines.push(
        `- ${check.title.en}: ${old ? change(`${scores(old)} (${verdict(old)})`, `${scores(check)} (${verdict(check)})`) : `${scores(check)} (${verdict(check)})`}.`,
      );
    }
  }

  const runs = Object.entries(after.runs);
  const changedRaw = runs.filter(([runId, run]) => before.runs[runId] && before.runs[runId]?.raw !== run.raw);
  const addedRaw = runs.filter(([runId]) => !before.runs[runId]);
  if (changedRaw.length > 0)
    lines.push(`- Raw results replaced: ${changedRaw.map(([, run]) => `\`${run.file}\``).join(', ')}.`);
  if (addedRaw.length > 0)
    lines.push(
      `- Raw results added: ${addedRaw.map(([, run]) => `\`${run.file}\`${run.blockLabel ? ` (${run.blockLabel})` : ''}`).join(', ')}.`,
    );

  return lines.length === 0 ? [] : [`## ${after.title.en} (\`${id}\`)`, '', ...lines, ''];
}

/** `unreadable`: guides at the ref written by an older perflab, whose numbers cannot be compared. */
export function guidesDiff(
  before: GuideVersions,
  after: GuideVersions,
  ref: string,
  /** guides whose JSON at `ref` does not match today's schema; `stale`: committed data/guides that
   * differ from what the sources compute (the report is computed from the sources either way) */
  { unreadable = new Set(), stale = [] }: { unreadable?: ReadonlySet<string>; stale?: readonly string[] } = {},
): string {
  const sections: string[] = [];
  for (const [id, guide] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
    const old = before.get(id);
    if (unreadable.has(id)) {
      sections.push(
        `## ${guide.title.en} (\`${id}\`)`,
        '',
        `- At \`${ref}\` this guide was computed by an older perflab whose output does not match today's schema; its numbers are not compared.`,
        '',
      );
      continue;
    }
    if (!old) {
      const [target] = guide.comparison;
      const headline = target
        ? `; ${target.label.en}: ${formatSignedPercent(target.percent, guide.percentDecimals)} ${metricShortName(guide.metrics.primary)} over the baseline`
        : '';
      sections.push(
        `## ${guide.title.en} (\`${id}\`) — new guide`,
        '',
        `- Recommended engine: ${guide.recommended.engine.name}${headline}.`,
        '',
      );
      continue;
    }
    sections.push(...guideReport(id, old, guide));
  }
  for (const [id, guide] of before) if (!after.has(id)) sections.push(`## ${guide.title.en} (\`${id}\`) — removed`, '');
  const body = sections.length === 0 ? ['No computed number, winner or recommendation changed.', ''] : sections;
  const staleNote =
    stale.length === 0
      ? []
      : [
          `> **data/guides is out of date** for ${stale.map((id) => `\`${id}\``).join(', ')}: this report is computed from the raw files and guide sources; run \`npm run build\` and commit \`data/\`.`,
          '',
        ];
  return [`# perflab: what changed since \`${ref}\``, '', ...staleNote, ...body].join('\n');
}
