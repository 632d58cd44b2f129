// The conclusion's before/after table: each row's two runs found on the page (its case heading,
// a block labelled like the row, a block that prints the cell's value, or, for the tuned workload,
// the baseline and the last adopted winner), then every number of the row against them: Total TPS,
// the GPU-count factor (`x2`), Mean TPOT, mean latency, the change (`+5.0%`, `+3.1%/GPU`) and
// the speed-up (`1.25x faster`). A row no block backs has every number named.
import type { Run } from '../../schema/run.ts';
import type { PageCase, PageVariant, PerformanceLabPage } from '../page-model.ts';
import { type CellClaims, cellClaims, checkCellValues, checkSpeedup } from './cells.ts';
import type { Chain } from './chain.ts';
import {
  acceleratorsOf,
  blockRuns,
  configOf,
  meanLatencySeconds,
  printedTps,
  tpsOf,
  type AuditContext,
  type Measured,
} from './measure.ts';
import { checkClaim, decimalsOf, fixed, sameName, unbacked, type AuditFinding } from './numbers.ts';

/** The row of the workload the steps tuned: the page's optimization target (ShareGPT on the legacy pages). */
export const isTunedWorkload = (label: string) => /sharegpt|optimization target/i.test(label);

/** One side of a row: the run that backs it, how many accelerators it used, and how it was found. */
type Side = { run: Run; accelerators: number; how: string };

const rowLabel = (cell: string) => cell.replace(/<[^<>]*>|\*\*/g, '').trim();

function fromVariant(variant: PageVariant, run: Run, how: string): Side {
  return { run, accelerators: acceleratorsOf(configOf(variant, run.source.blockLabel)), how };
}
const fromMeasured = (m: Measured, how: string): Side => ({ run: m.run, accelerators: m.accelerators, how });

/** Where a row's baseline or optimized run is on the page; undefined when no block backs it. */
function findSide(
  label: string,
  side: 'baseline' | 'optimized',
  shown: string | undefined,
  page: PerformanceLabPage,
  steps: readonly Measured[],
  chain: Chain,
  ctx: AuditContext,
): Side | undefined {
  const runsOf = (c: PageCase) => (c[side].result ? blockRuns(c[side].result, ctx.file) : []);
  const byHeading = page.otherCases.find((c) => c.label && sameName(c.label.value, label));
  const headed = byHeading && runsOf(byHeading)[0];
  if (byHeading && headed) return fromVariant(byHeading[side], headed, `its ${side} block`);
  const matches = (run: Run, printed: string) =>
    printedTps(run) === printed || fixed(meanLatencySeconds(run) ?? NaN, decimalsOf(printed)) === printed;
  const caseRuns = page.otherCases.flatMap((c) => runsOf(c).map((run) => ({ variant: c[side], run })));
  const named = (run: Run) => {
    const block = run.source.blockLabel?.toLowerCase();
    return block !== undefined && (label.toLowerCase() === block || label.toLowerCase().endsWith(` ${block}`));
  };
  const found =
    caseRuns.find((c) => named(c.run)) ?? caseRuns.find((c) => shown !== undefined && matches(c.run, shown));
  if (found) {
    const block = found.run.source.blockLabel;
    return fromVariant(found.variant, found.run, `the ${side} block${block ? ` "${block}"` : ''}`);
  }
  const step = shown === undefined ? undefined : steps.find((m) => matches(m.run, shown));
  if (step) return fromMeasured(step, `${step.label}'s block`);
  // The workload the steps tuned: its baseline run against the last adopted winner.
  const tuned = isTunedWorkload(label) ? (side === 'baseline' ? chain.baseline : chain.final) : undefined;
  if (!tuned) return undefined;
  return fromMeasured(
    tuned,
    side === 'baseline' ? `the baseline run, ${tuned.label}` : `the last adopted winner, ${tuned.label}`,
  );
}

export function auditConclusion(
  page: PerformanceLabPage,
  steps: readonly Measured[],
  chain: Chain,
  ctx: AuditContext,
  findings: AuditFinding[],
): void {
  for (const row of page.comparison?.rows ?? []) {
    const label = rowLabel(row.cells[0] ?? '');
    const claims = { baseline: cellClaims(row.cells[1] ?? ''), optimized: cellClaims(row.cells[2] ?? '') };
    const sides = {
      baseline: findSide(label, 'baseline', claims.baseline.tps ?? claims.baseline.latency, page, steps, chain, ctx),
      optimized: findSide(
        label,
        'optimized',
        claims.optimized.tps ?? claims.optimized.latency,
        page,
        steps,
        chain,
        ctx,
      ),
    };
    for (const name of ['baseline', 'optimized'] as const)
      checkCellValues(findings, row.line, `${label} ${name}`, claims[name], sides[name]?.run, sides[name]?.how ?? '');
    const { baseline, optimized } = sides;
    const what = `${label} ${claims.optimized.ratio ? 'speed-up' : 'change'}`;
    const { percent, perGpu, ratio } = claims.optimized;
    const printedChange = percent === undefined ? ratio : `${percent}%${perGpu ? `/${ctx.accelerator}` : ''}`;
    if (!baseline || !optimized) {
      if (printedChange)
        unbacked(findings, row.line, what, printedChange, "the row's runs are in no block on this page");
      continue;
    }
    const base = meanLatencySeconds(baseline.run);
    const opt = meanLatencySeconds(optimized.run);
    if (ratio && base !== undefined && opt !== undefined) {
      const why = `baseline / optimized mean latency, ${fixed(base)}s / ${fixed(opt)}s from their blocks`;
      checkSpeedup(findings, row.line, what, ratio, { baseline: base, optimized: opt }, why);
    }
    if (claims.optimized.percent) auditChange(row.line, label, claims.optimized, baseline, optimized, ctx, findings);
  }
}

/** `(+5.0%)`: optimized × N / baseline − 1, N the copies of the optimized deployment the baseline's GPUs hold. */
function auditChange(
  line: number,
  label: string,
  claims: CellClaims,
  baseline: Side,
  optimized: Side,
  ctx: AuditContext,
  findings: AuditFinding[],
) {
  const base = tpsOf(baseline.run);
  const opt = tpsOf(optimized.run);
  if (base === undefined || opt === undefined || claims.percent === undefined) return;
  const units = `${ctx.accelerator}s`;
  let ratio: number;
  let how: string;
  if (claims.perGpu) {
    ratio = opt / optimized.accelerators / (base / baseline.accelerators);
    how = `per ${ctx.accelerator}: optimized / ${optimized.accelerators} against baseline / ${baseline.accelerators}`;
  } else {
    const scaled = ctx.scaled && baseline.accelerators % optimized.accelerators === 0;
    const scale = scaled ? baseline.accelerators / optimized.accelerators : 1;
    if ((claims.scale ?? 1) !== scale)
      findings.push({
        line,
        message: `printed ${label} optimized ×${claims.scale ?? 1}, computed ×${scale} (the optimized run uses ${optimized.accelerators} ${units}, the baseline ${baseline.accelerators})`,
      });
    ratio = (opt * scale) / base;
    how = `optimized${scale === 1 ? '' : ` × ${scale}`} / baseline − 1 from their blocks`;
  }
  checkClaim(findings, {
    line,
    what: `${label} change`,
    printed: claims.percent,
    computed: (ratio - 1) * 100,
    unit: '%',
    why: how,
    withSign: true,
  });
}
