/**
 * A raw result as a page prints it: verbatim, in a box narrower than its lines on a phone.
 *
 * The tools print their results as columns: a label, spaces to align, a value (`Mean TPOT (ms):`
 * then `149.24` at column 41). Such a block may close up its runs of spaces where it does not fit,
 * so label and value stay on one line (`columns`); a block whose lines start with spaces (JSON, a
 * nested listing) keeps them and only wraps (`verbatim`). perflab.css does the laying out.
 */
export type RawLayout = 'columns' | 'verbatim';

import type { RawEnvironment } from './environment-view.ts';

/** A raw result block and the file lines it was read from. */
export type RawResult = {
  text: string;
  source: string;
  file: string;
  startLine: number;
  endLine: number;
  /** how it is laid out where its lines do not fit */
  layout: RawLayout;
  /** where each block of the file it shows starts in `text` (0-based line index) and in the file (1-based line): one, or a whole log's */
  blocks: { index: number; line: number; lines: number }[];
  /** what each of its results ran on and when, for those with a record (npm run record) */
  environments: RawEnvironment[];
};

export function rawLayout(text: string): RawLayout {
  return text.split('\n').some((line) => /^\s+\S/.test(line)) ? 'verbatim' : 'columns';
}

/** A piece of a raw text: plain text, or one whole line that carries an anchor (`id`) a number links to. */
export type RawPiece = { text: string; id?: string };

/**
 * The text cut so each line of `anchors` (0-based line index → id) is a piece of its own, without
 * its line break; the pieces joined are the text.
 */
export function rawPieces(text: string, anchors: ReadonlyMap<number, string>): RawPiece[] {
  if (anchors.size === 0) return [{ text }];
  const pieces: RawPiece[] = [];
  let plain = '';
  text.split('\n').forEach((line, i, lines) => {
    const id = anchors.get(i);
    const end = i < lines.length - 1 ? '\n' : '';
    if (id === undefined) {
      plain += line + end;
      return;
    }
    if (plain) pieces.push({ text: plain });
    pieces.push({ text: line, id });
    plain = end;
  });
  if (plain) pieces.push({ text: plain });
  return pieces;
}
