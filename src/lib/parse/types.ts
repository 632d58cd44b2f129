import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { FormatId, Run } from '../schema/run.ts';

/** A run as a parser returns it; ingest gives it its id. */
export type ParsedRun = Omit<Run, 'id'>;

/** What every parser returns: the runs it read and every problem it found (never thrown). */
export type ParseResult = { runs: ParsedRun[]; diagnostics: Diagnostic[] };

/**
 * The shape of every parser module in src/lib/parse/<format>.ts: `detect` decides from the
 * content alone whether the file is this format; `parse` reads it.
 */
export type ParserModule = {
  detect: (text: string) => boolean;
  parse: (text: string, options: ParseOptions) => ParseResult;
};

/** `format`, when given, is the author's choice from guide.yaml and overrides detection. */
export type ParseOptions = { file: string; format?: FormatId };
