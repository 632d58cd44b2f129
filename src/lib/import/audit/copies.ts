// Result blocks identical to a raw file already in the repository: results copied from another guide.
import type { PerformanceLabPage } from '../page-model.ts';
import type { AuditFinding } from './numbers.ts';

/** Whitespace at line ends and around the block does not make a block different. */
export const normalizeBlock = (text: string) => text.replace(/\s+$/gm, '').trim();

export function auditCopies(
  page: PerformanceLabPage,
  knownBlocks: ReadonlyMap<string, string>,
  findings: AuditFinding[],
): void {
  const blocks = [
    ...page.steps.flatMap((s) => s.variants.flatMap((v) => (v.result ? [v.result] : []))),
    ...page.otherCases.flatMap((c) => [c.baseline.result, c.optimized.result].flatMap((r) => (r ? [r] : []))),
  ];
  for (const block of blocks) {
    const copy = knownBlocks.get(normalizeBlock(block.text));
    if (copy)
      findings.push({
        line: block.line,
        message: `this block is identical to ${copy} (results copied from another guide?)`,
      });
  }
}
