// Ingest's side of records: each `<raw file>.record.json` is read and validated, and each run of
// its raw file carries the entry for its block (what it ran on), so compute and the page see it.
// A raw file without a record stays as it is.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { validateJson } from '../diagnostics/validate.ts';
import type { RawFile } from './raw-file.ts';
import { RecordFileSchema, type RecordedResult, type RecordFile } from '../schema/record.ts';
import type { Run } from '../schema/run.ts';
import { isRecordFile, rawFileOfRecord } from '../record/record-files.ts';

/** Every valid record of a guide's raw files, by the raw file's path; an invalid one is an E_RECORD error at its file. */
export function readRecords(files: readonly RawFile[]): {
  records: Map<string, RecordFile>;
  diagnostics: Diagnostic[];
} {
  const records = new Map<string, RecordFile>();
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    if (!isRecordFile(file.path)) continue;
    const read = validateJson(RecordFileSchema, file.text, file.file);
    if (read.ok) records.set(rawFileOfRecord(file.path), read.data);
    else
      for (const d of read.diagnostics)
        diagnostics.push(
          errorAt('E_RECORD', d.file, `not a record npm run record writes: ${d.message}`, {
            ...(d.line === undefined ? {} : { line: d.line }),
            ...(d.expected === undefined ? {} : { expected: d.expected }),
            ...(d.found === undefined ? {} : { found: d.found }),
          }),
        );
  }
  return { records, diagnostics };
}

/** The entry of a record for one run: its block's, or the file's only entry when the file holds one result. */
export function recordedFor(
  record: RecordFile | undefined,
  run: Pick<Run, 'source'>,
  blocksInFile: number,
): RecordedResult | undefined {
  if (!record) return undefined;
  const label = run.source.blockLabel;
  const own = record.results.find((entry) => entry.block !== null && entry.block === label);
  if (own) return own;
  const [only] = record.results;
  return blocksInFile === 1 && record.results.length === 1 && only?.block === null ? only : undefined;
}
