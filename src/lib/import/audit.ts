// Recomputes what a published Performance Lab page claims from the page's own result blocks and
// names every difference, as `printed X, computed Y (why)` at the page line that prints X: each
// step's ranking, improvement and summary lines (audit/steps.ts), the conclusion table
// (audit/conclusion.ts), the summary table (audit/summary-table.ts), the recommended command and
// its model (audit/recommended.ts), the setup's model and hardware (audit/setup.ts), blocks copied
// from another guide (audit/copies.ts), what it could not read (audit/unread.ts), and what the
// draft `npm run import` writes from it leaves out (audit/draft.ts). Runs are measured once
// (audit/measure.ts) and adopted step by step (audit/chain.ts).
import { commandFlags, commandModel } from '../serving/flags.ts';
import { pageChain } from './audit/chain.ts';
import { cellClaims } from './audit/cells.ts';
import { auditConclusion } from './audit/conclusion.ts';
import { auditCopies, normalizeBlock } from './audit/copies.ts';
import { auditDraft } from './audit/draft.ts';
import { blockRuns, meanLatencySeconds, measureVariant } from './audit/measure.ts';
import type { AuditFinding } from './audit/numbers.ts';
import { auditRecommended } from './audit/recommended.ts';
import { auditHardware, auditModel } from './audit/setup.ts';
import { auditStep } from './audit/steps.ts';
import { auditSummaryTable } from './audit/summary-table.ts';
import { auditUnread } from './audit/unread.ts';
import type { PerformanceLabPage } from './page-model.ts';

export { blockRuns, cellClaims, commandFlags, commandModel, meanLatencySeconds, normalizeBlock };
export type { AuditFinding };

/**
 * Every claim of `page` against its own blocks, sorted by line. `knownBlocks` maps the normalized
 * text of raw files already in the repository to their path, to name blocks copied from another guide.
 */
export function auditPage(
  page: PerformanceLabPage,
  file: string,
  knownBlocks: ReadonlyMap<string, string> = new Map(),
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const { ctx, steps, chain } = pageChain(page, file);
  steps.forEach(({ step }, index) => {
    const link = chain.links[index];
    if (link) auditStep(step, link, ctx, findings);
  });
  const stepRuns = steps.flatMap((s) => s.runs);
  auditConclusion(page, stepRuns, chain, ctx, findings);
  auditSummaryTable(page, steps, chain, ctx, findings);
  if (chain.final) auditRecommended(page, chain.final, findings);
  auditModel(page, findings);
  const caseRuns = page.otherCases.flatMap((c) =>
    [c.baseline, c.optimized].flatMap((side) => measureVariant(side, c.label?.value ?? 'other case', ctx)),
  );
  auditHardware(page, [...stepRuns, ...caseRuns], ctx, findings);
  auditCopies(page, knownBlocks, findings);
  auditUnread(page, file, findings);
  auditDraft(page, file, findings);
  // Stable: findings of one line keep the order the page reads in.
  return findings.sort((a, b) => a.line - b.line);
}
