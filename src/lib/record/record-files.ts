// Where a record lies: beside its raw file, as `<raw file>.record.json`. Ingest reads it as what the
// file's runs ran on, never as a raw result.

export const RECORD_SUFFIX = '.record.json';

/** The record of a raw file (both relative to the guide's raw folder, or both absolute). */
export function recordFileOf(rawFile: string): string {
  return `${rawFile}${RECORD_SUFFIX}`;
}

export function isRecordFile(path: string): boolean {
  return path.endsWith(RECORD_SUFFIX);
}

/** The raw file a record is about. */
export function rawFileOfRecord(recordFile: string): string {
  return recordFile.slice(0, -RECORD_SUFFIX.length);
}

/** Whether a raw file's text holds the `# label` line of a block. */
export function hasBlockLabel(text: string, label: string): boolean {
  return text.split('\n').some((line) => /^\s*#\s/.test(line) && line.replace(/^\s*#\s*/, '').trim() === label.trim());
}
