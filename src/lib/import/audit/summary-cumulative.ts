// The generator's summary tables, cumulative against the baseline. Throughput: each step's best
// run as Total TPS with its change (`+2.09%`) and Mean TPOT, or `(Success rate: 51.5%,
// optimization skipped)` when its best run failed requests. Latency: a Group column naming the
// step, its best run's mean latency and the speed-up over the baseline (`1.51x faster`).
import type { PerformanceLabPage } from '../page-model.ts';
import { cellClaims, checkCellValues, checkSpeedup } from './cells.ts';
import { bestOf, better, describeRun, usable, value } from './measure.ts';
import type { AuditContext, Measured } from './measure.ts';
import { checkClaim, fixed, unbacked, type AuditFinding } from './numbers.ts';
import { plain, rowRuns, type StepRuns } from './summary-rows.ts';

type Table = NonNullable<PerformanceLabPage['summaryTable']>;

/** Generator: every row a step's best run against the baseline; a run that failed requests is skipped. */
export function auditCumulative(
  table: Table,
  steps: readonly StepRuns[],
  baseline: Measured | undefined,
  ctx: AuditContext,
  findings: AuditFinding[],
) {
  const column = (pattern: RegExp) => table.header.findIndex((h) => pattern.test(h));
  const [group, optimizedAt, baselineAt, comparisonAt] = [/group/i, /optimized/i, /baseline/i, /comparison/i].map(
    column,
  );
  for (const row of table.rows) {
    const label = plain(row.cells[group !== undefined && group >= 0 ? group : 0] ?? '');
    const opt = cellClaims(row.cells[optimizedAt ?? -1] ?? '');
    const base = cellClaims(row.cells[baselineAt ?? -1] ?? '');
    const ratio = cellClaims(`(${plain(row.cells[comparisonAt ?? -1] ?? '').replace(/[()]/g, '')})`).ratio;
    const runs = rowRuns(label, steps);
    const best = runs && bestOf(runs.filter(usable), ctx.latency);
    const bestAny = runs && bestOf(runs, ctx.latency);
    const skipped =
      bestAny?.successRate !== undefined && (!best || better(bestAny, best, ctx.latency)) ? bestAny : undefined;
    const shown = skipped ?? best;
    if (!runs || !shown || !baseline) {
      for (const [what, printed] of [
        ['Total TPS', opt.tps],
        ['change', opt.percent && `${opt.percent}%`],
        ['Mean TPOT', opt.tpot && `${opt.tpot} ms`],
        ['latency', opt.latency && `${opt.latency}s`],
        ['speed-up', ratio],
      ])
        if (printed !== undefined)
          unbacked(
            findings,
            row.line,
            `${label} optimized ${what}`,
            printed,
            'no step or run of this page is about it',
          );
      continue;
    }
    checkCellValues(findings, row.line, `${label} optimized`, opt, shown.run, `${shown.label}, the step's best run`);
    checkCellValues(findings, row.line, `${label} baseline`, base, baseline.run, `the baseline run, ${baseline.label}`);
    if (skipped) {
      const rate = (skipped.successRate ?? 0) * 100;
      const served = value(skipped.run, 'requests_successful') ?? 0;
      const why = `${served} of ${Math.round(served / (skipped.successRate ?? 1))} requests served; such a run is never a gain`;
      if (opt.successRate)
        checkClaim(findings, {
          line: row.line,
          what: `${label} success rate`,
          printed: opt.successRate,
          computed: rate,
          unit: '%',
          why,
        });
      if (opt.percent)
        findings.push({
          line: row.line,
          message: `printed ${label} change ${opt.percent}%, computed skipped (success rate ${fixed(rate, 1)}%: ${why})`,
        });
      continue;
    }
    if (opt.successRate)
      findings.push({
        line: row.line,
        message: `printed ${label} success rate ${opt.successRate}%, computed every request served (${shown.label})`,
      });
    const against = `${describeRun(shown, ctx.latency)} against the baseline, ${describeRun(baseline, ctx.latency)}`;
    if (opt.percent && shown.score && baseline.score)
      checkClaim(findings, {
        line: row.line,
        what: `${label} change`,
        printed: opt.percent,
        computed: (shown.score / baseline.score - 1) * 100,
        unit: '%',
        why: against,
        withSign: true,
      });
    if (ratio && shown.score && baseline.score)
      checkSpeedup(findings, row.line, label, ratio, { baseline: baseline.score, optimized: shown.score }, against);
  }
}
