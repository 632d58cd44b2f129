// The claims one table cell makes: `Total TPS: 1.0x2 (+5.0%)<br>Mean TPOT(ms): 2.0`,
// `Mean latency: 1.50s/req (1.23x faster)`, `3.53s`, `(Success rate: 51.5%, optimization skipped)`,
// and the checks of those values that the conclusion and the summary table share.
import type { Run } from '../../schema/run.ts';
import { meanLatencySeconds, printedTps, printedValue, tpotKeyOf, tpotOf, tpsOf } from './measure.ts';
import { checkClaim, decimalsOf, fixed, unbacked, type AuditFinding } from './numbers.ts';

export type CellClaims = {
  tps?: string;
  scale?: number;
  tpot?: string;
  latency?: string;
  percent?: string;
  /** the change is per accelerator (`+31.6%/GPU`) */
  perGpu?: boolean;
  /** `1.25x faster` */
  ratio?: string;
  /** `(Success rate: 51.5%, optimization skipped)` */
  successRate?: string;
};

export function cellClaims(cell: string): CellClaims {
  // `<[^<>]*>`, not `<[^>]*>`: a run of `<` without `>` is read once, not once per `<`.
  const text = cell.replace(/<[^<>]*>/g, ' ');
  const claims: CellClaims = {};
  const tps = /Total TPS:\s*([\d.]+)(?:\s*x\s*(\d+))?/i.exec(text);
  if (tps?.[1]) claims.tps = tps[1];
  if (tps?.[2]) claims.scale = Number(tps[2]);
  const percent = /\(\s*([+-]?[\d.]+)%(\s*\/\s*[GN]PU)?\s*\)/i.exec(text);
  if (percent?.[1]) claims.percent = percent[1];
  if (percent?.[2]) claims.perGpu = true;
  const tpot = /Mean TPOT\s*\(ms\):\s*([\d.]+)/i.exec(text)?.[1];
  if (tpot) claims.tpot = tpot;
  const latency = /Mean latency:\s*([\d.]+)\s*s/i.exec(text)?.[1] ?? /^\s*([\d.]+)\s*s\s*$/.exec(text)?.[1];
  if (latency) claims.latency = latency;
  const ratio = /\(\s*([\d.]+x (?:faster|slower))\s*\)/.exec(text)?.[1];
  if (ratio) claims.ratio = ratio;
  const success = /Success rate:\s*([\d.]+)%/i.exec(text)?.[1];
  if (success) claims.successRate = success;
  return claims;
}

/**
 * The Total TPS, Mean TPOT and mean latency a cell prints against `run` (the guide shows each as
 * its block printed it; a latency with two decimals), or each named when no block backs the cell.
 */
export function checkCellValues(
  findings: AuditFinding[],
  line: number,
  what: string,
  claims: CellClaims,
  run: Run | undefined,
  why: string,
): void {
  const values = [
    ['Total TPS', claims.tps, (r: Run) => tpsOf(r), (r: Run) => printedTps(r), ''],
    ['Mean TPOT', claims.tpot, tpotOf, (r: Run) => printedValue(r, tpotKeyOf(r)), ' ms'],
    ['mean latency', claims.latency, meanLatencySeconds, () => '0.00', 's'],
  ] as const;
  for (const [name, printed, of, printedOf, unit] of values) {
    if (printed === undefined) continue;
    const computed = run && of(run);
    if (!run || computed === undefined)
      unbacked(findings, line, `${what} ${name}`, `${printed}${unit}`, 'no block on this page prints it');
    else
      checkClaim(findings, {
        line,
        what: `${what} ${name}`,
        printed,
        computed,
        unit,
        why,
        shownDecimals: decimalsOf(printedOf(run) ?? printed),
      });
  }
}

/** A printed `1.25x faster` against baseline / optimized mean latency (`slower` below 1). */
export function checkSpeedup(
  findings: AuditFinding[],
  line: number,
  what: string,
  printed: string,
  latencies: { baseline: number; optimized: number },
  why: string,
): void {
  const { baseline, optimized } = latencies;
  const word = baseline >= optimized ? 'faster' : 'slower';
  const size = Math.max(baseline, optimized) / Math.min(baseline, optimized);
  const [number = '', printedWord] = printed.split('x ');
  if (printedWord !== word)
    findings.push({ line, message: `printed ${what} ${printed}, computed ${fixed(size)}x ${word} (${why})` });
  else checkClaim(findings, { line, what, printed: number, computed: size, unit: `x ${word}`, why, shownDecimals: 2 });
}
