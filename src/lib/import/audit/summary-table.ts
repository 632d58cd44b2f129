// "Summary of Optimization Options", in the three shapes pages print it. Legacy: step over step,
// each row this step's adopted winner against the winner adopted before it, `-` when not adopted,
// and perhaps a `Total(vs Baseline)` row. Generator, throughput: each step's best run against the
// baseline (cumulative), with `(Success rate: …, optimization skipped)` for a run that failed
// requests. Generator, latency: a Group column and a speed-up against the baseline.
import type { PerformanceLabPage } from '../page-model.ts';
import { walkChain, type Chain, type ChainLink } from './chain.ts';
import { describeRun, type AuditContext, type Measured } from './measure.ts';
import { checkClaim, decimalsOf, fixed, signed, unbacked, type AuditFinding } from './numbers.ts';
import { auditCumulative } from './summary-cumulative.ts';
import { plain, rowRuns, type StepRuns } from './summary-rows.ts';

type Table = NonNullable<PerformanceLabPage['summaryTable']>;

/** Legacy: each row's adopted winner against the configuration adopted before it. */
function auditStepOverStep(
  table: Table,
  steps: readonly StepRuns[],
  chain: Chain,
  ctx: AuditContext,
  findings: AuditFinding[],
) {
  const column = table.header[1] ?? '';
  if (ctx.latency && /throughput/i.test(column))
    findings.push({
      line: table.line,
      message: `printed column "${column}", computed latency improvement (the page's objective is mean request latency: each row is a speed-up)`,
    });
  const rows = table.rows.map((row) => ({ row, label: plain(row.cells[0] ?? ''), cell: plain(row.cells[1] ?? '') }));
  // A change the page left out (`-`) is stated with as many decimals as the page's other rows.
  const decimals = rows.reduce(
    (most, { cell }) => Math.max(most, decimalsOf(/(?<![\d.])[\d.]+(?=\s*%)/.exec(cell)?.[0] ?? '')),
    1,
  );
  const units = rows.map(({ label }) => (/^total\b/i.test(label) ? undefined : rowRuns(label, steps)));
  const rowChain = walkChain(
    units.map((u) => u ?? []),
    chain.baseline,
    ctx.latency,
  );
  rows.forEach(({ row, label, cell }, index) => {
    const printed = /(?<![\d.+-])([+-]?[\d.]+)\s*(%|x)/.exec(cell);
    const link = rowChain.links[index];
    if (/^total\b/i.test(label)) {
      const { baseline, final } = rowChain;
      if (printed?.[1] && printed[2] && baseline && final)
        gain(
          row.line,
          label,
          { number: printed[1], unit: printed[2] },
          final,
          baseline,
          ctx,
          findings,
          `the last adopted winner, ${describeRun(final, ctx.latency)}, against the baseline, ${describeRun(baseline, ctx.latency)}`,
        );
      return;
    }
    if (!units[index] || !link) {
      unbacked(findings, row.line, label, cell, 'no step or run of this page is about it');
      return;
    }
    const { best, from } = link;
    if (!link.adopted && printed?.[1])
      findings.push({
        line: row.line,
        message: `printed ${label} ${cell}, computed - (${notAdoptedWhy(link, chain, ctx)})`,
      });
    else if (link.adopted && best && from && !printed)
      findings.push({
        line: row.line,
        message: `printed ${label} ${cell}, computed ${changeText(best, from, ctx, decimals)} (${describeRun(best, ctx.latency)} beats ${describeRun(from, ctx.latency)}, the configuration adopted before it)`,
      });
    else if (link.adopted && best && from && printed?.[1] && printed[2])
      gain(row.line, label, { number: printed[1], unit: printed[2] }, best, from, ctx, findings);
  });
}

function notAdoptedWhy(link: ChainLink, chain: Chain, ctx: AuditContext): string {
  const { best, from } = link;
  if (!best) return link.runs.length > 0 ? 'no run of it served every request' : 'no run of it has a result';
  if (best === chain.baseline) return 'the baseline won';
  return `${describeRun(best, ctx.latency)} does not beat ${describeRun(from ?? best, ctx.latency)}, the configuration adopted before it`;
}

const changeText = (best: Measured, from: Measured, ctx: AuditContext, decimals = 1) =>
  ctx.latency
    ? `${fixed((from.score ?? 0) / (best.score ?? 1))}x faster`
    : `${signed(((best.score ?? 0) / (from.score ?? 1) - 1) * 100, decimals)}%`;

/** A printed `+4.6%` (or `1.25x`) against `best` over `from`; a latency page states a speed-up. */
function gain(
  line: number,
  label: string,
  printed: { number: string; unit: string },
  best: Measured,
  from: Measured,
  ctx: AuditContext,
  findings: AuditFinding[],
  why = `${describeRun(best, ctx.latency)} against ${describeRun(from, ctx.latency)}`,
) {
  if (!from.score || !best.score) return;
  const claim = { line, what: label, printed: printed.number, why };
  if (!ctx.latency)
    checkClaim(findings, { ...claim, computed: (best.score / from.score - 1) * 100, unit: '%', withSign: true });
  else if (printed.unit === 'x')
    checkClaim(findings, { ...claim, computed: from.score / best.score, unit: 'x', shownDecimals: 2 });
  else
    findings.push({
      line,
      message: `printed ${label} ${printed.number}%, computed ${changeText(best, from, ctx)} (${why})`,
    });
}

export function auditSummaryTable(
  page: PerformanceLabPage,
  steps: readonly StepRuns[],
  chain: Chain,
  ctx: AuditContext,
  findings: AuditFinding[],
): void {
  const table = page.summaryTable;
  if (!table) return;
  if (table.header.some((h) => /improvement/i.test(h))) auditStepOverStep(table, steps, chain, ctx, findings);
  else auditCumulative(table, steps, chain.baseline, ctx, findings);
}
