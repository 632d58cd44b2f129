// What the audit could not read, listed with its findings rather than left out in silence: lines it
// read as they look, not as stored (an invisible character inside a claim), and result blocks that
// do not parse or whose numbers contradict each other, whose claims it therefore cannot check.
import { ingestGuide } from '../../ingest/ingest-guide.ts';
import type { PerformanceLabPage } from '../page-model.ts';
import type { AuditFinding } from './numbers.ts';

export function auditUnread(page: PerformanceLabPage, file: string, findings: AuditFinding[]): void {
  for (const change of page.normalized) findings.push(change);
  const results = [
    ...page.steps.flatMap((step) => step.variants.flatMap((variant) => (variant.result ? [variant.result] : []))),
    ...page.otherCases.flatMap((c) => [c.baseline.result, c.optimized.result].flatMap((r) => (r ? [r] : []))),
  ];
  // A block the page shows twice (a case's baseline and a step's run) is named once.
  const seen = new Set<number>();
  for (const code of results) {
    // A block with no number in it ("# Crash, not supported") holds nothing to read.
    if (seen.has(code.firstLine) || !/\d/.test(code.text)) continue;
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
