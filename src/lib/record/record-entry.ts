// A record file's text with one more result: the entry for the same block replaced, others kept.
import type { RecordedResult, RecordFile } from '../schema/record.ts';

export function withRecordedResult(existing: RecordFile | undefined, result: RecordedResult): string {
  const kept = (existing?.results ?? []).filter((entry) => entry.block !== result.block);
  const file: RecordFile = { perflabRecord: 1, results: [...kept, result] };
  return `${JSON.stringify(file, null, 2)}\n`;
}
