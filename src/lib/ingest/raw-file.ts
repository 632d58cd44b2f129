/** A file of a guide's raw folder as read: what ingest parses, and where a record beside it is found. */
export type RawFile = {
  /** path relative to the guide's raw folder */ path: string;
  /** repo-relative path for messages */ file: string;
  text: string;
};
