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

const LABEL_LINE = /^\s*#\s+\S/;

/**
 * A raw file's text with its block `label` holding `output`: the `# label` section (from that line
 * to the next `# ` line) replaced when the file has it, appended otherwise.
 */
export function withBlock(text: string | undefined, label: string, output: string): string {
  const section = `# ${label.trim()}\n${output.endsWith('\n') ? output : `${output}\n`}`;
  if (text === undefined || text === '') return section;
  const lines = text.split('\n');
  const start = lines.findIndex(
    (line) => LABEL_LINE.test(line) && line.replace(/^\s*#\s*/, '').trim() === label.trim(),
  );
  if (start === -1) return `${text.endsWith('\n') ? text : `${text}\n`}${section}`;
  let end = lines.findIndex((line, i) => i > start && LABEL_LINE.test(line));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return `${before === '' ? '' : `${before}\n`}${section}${after}`;
}
