// What the draft `npm run import` writes from a page leaves out of it: the audit compares the page
// with that draft too, not only with the page's own blocks, so a row or section the draft cannot
// carry is named at its page line instead of going missing in silence.
import type { PerformanceLabPage } from '../page-model.ts';
import { importPage } from '../write-guide.ts';
import type { AuditFinding } from './numbers.ts';

export function auditDraft(page: PerformanceLabPage, file: string, findings: AuditFinding[]): void {
  // The guide id names the draft's folders and model family, neither of which is compared here.
  for (const left of importPage(page, 'page/draft', file).leftOut) findings.push(left);
}
