// A printed result block cut off before its closing rule. Its numbers may be incomplete, so it is
// never stored; the other, complete blocks of the file are (a log whose last block was cut short
// keeps its complete ones). Only a file with no complete block at all is an error.
import type { DiagnosticDetail, DiagnosticList } from '../diagnostics/diagnostics.ts';

export type TruncatedBlock = { message: string; detail: DiagnosticDetail };

export function reportTruncated(
  diagnostics: DiagnosticList,
  truncated: readonly TruncatedBlock[],
  completeRuns: number,
): void {
  for (const { message, detail } of truncated)
    if (completeRuns > 0)
      diagnostics.warning(
        'W_TRUNCATED_BLOCK',
        `${message}: not stored (the file's ${completeRuns} complete block(s) are)`,
        detail,
      );
    else diagnostics.error('E_TRUNCATED_BLOCK', message, detail);
}
