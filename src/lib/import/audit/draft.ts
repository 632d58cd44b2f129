// What the draft `npm run import` writes from a page leaves out of it: the audit compares the page
// with that draft too, not only with the page's own blocks, so a row or section the draft cannot
// carry is named at its page line instead of going missing in silence.
import type { PerformanceLabPage } from '../page-model.ts';
import { importPage } from '../write-guide.ts';
import type { AuditFinding } from './numbers.ts';

export function auditDraft(page: PerformanceLabPage, file: string, findings: AuditFinding[]): void {
  // The guide id names the draft's folders and model family, neither of which is compared here.
  const draft = importPage(page, 'page/draft', file);
  for (const row of draft.dropped)
    findings.push({
      line: row.line,
      message: `the draft has no case for the conclusion row "${row.label}": no block on this page prints its ${row.missing.join(' or its ')} value (add the case to guide.yaml with the runs that measured it, or leave the row out)`,
    });
}
