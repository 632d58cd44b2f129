// What the audit could not read, listed with its findings rather than left out in silence: lines it
// read as they look, not as stored (an invisible character inside a claim), and result blocks that
// do not parse or whose numbers contradict each other, whose claims it therefore cannot check.
import { ingestGuide } from '../../ingest/ingest-guide.ts';
import type { PerformanceLabPage } from '../page-model.ts';
import type { AuditFinding } from './numbers.ts';

/**
 * Whether a page's "Benchmark result" block holds results (three lines or more that end in a
 * number: `Total Token throughput (tok/s):  6343.10`, a JSON field) rather than an error message,
 * which may hold a digit or two (`FP8`, `A100`, `SM80`) but no such lines.
 */
export function looksLikeResult(text: string): boolean {
  return (
    text.split('\n').filter((line) => /[:|]\s*-?\d[\d.,]*\s*(%|ms|s|tok\/s|req\/s)?\s*[,|]?\s*$/.test(line)).length >= 3
  );
}

export function auditUnread(page: PerformanceLabPage, file: string, findings: AuditFinding[]): void {
  for (const change of page.normalized) findings.push(change);
  const results = [
    ...page.steps.flatMap((step) => step.variants.flatMap((variant) => (variant.result ? [variant.result] : []))),
    ...page.otherCases.flatMap((c) => [c.baseline.result, c.optimized.result].flatMap((r) => (r ? [r] : []))),
  ];
  // A block the page shows twice (a case's baseline and a step's run) is named once.
  const seen = new Set<number>();
  for (const code of results) {
    // An error message instead of a result ("# Crash. FP8 not supported on A100") holds nothing to
    // read: the draft carries it as a failed run.
    if (seen.has(code.firstLine) || !looksLikeResult(code.text)) continue;
    seen.add(code.firstLine);
    const { diagnostics } = ingestGuide([{ path: 'block.txt', file, text: `${code.text}\n` }]);
    const error = diagnostics.find((d) => d.severity === 'error');
    if (!error) continue;
    findings.push({
      line: code.firstLine + (error.line ?? 1) - 1,
      message: `could not read the result block (${error.code}: ${error.message}): its numbers are not audited`,
    });
  }
}
