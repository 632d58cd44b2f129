// Reading a record file (`<raw file>.record.json`) from disk; src/lib/schema/record.ts is its shape.
import { existsSync } from 'node:fs';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { RecordFileSchema, type RecordFile } from '../lib/schema/record.ts';
import { notRegularFile, readText, repoPath } from './fs-policy.ts';

/** The record at `path`, or undefined when there is none (or it is not a record perflab wrote). */
export function readRecordFile(path: string): RecordFile | undefined {
  if (!existsSync(path) || notRegularFile(path) !== undefined) return undefined;
  const read = validateJson(RecordFileSchema, readText(path), repoPath(path));
  return read.ok ? read.data : undefined;
}
