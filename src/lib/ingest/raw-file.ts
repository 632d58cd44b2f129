import type { ParseResult } from '../parse/types.ts';
/** A file of a guide's raw folder as read: what ingest parses, and where a record beside it is found. */
export type RawFile = {
  /** path relative to the guide's raw folder */ path: string;
  /** repo-relative path for messages */ file: string;
  text: string;
};

/**
 * A raw file not read this run: its bytes are what they were when an earlier run parsed them (same
 * stamp and digest), and `parsed` is what that parse gave (a record file is always read).
 */
export type ParsedRawFile = {
  /** path relative to the guide's raw folder */ path: string;
  /** repo-relative path for messages */ file: string;
  parsed: ParseResult;
};
