import { rememberLast } from '../bounded-memo.ts';

/** A physical line of a raw file after normalization, with its 1-based line number in the file. */
export type SourceLine = {
  readonly line: number;
  /** The line as shown to readers: BOM, CR, tqdm redraws and ANSI colour codes removed. */
  readonly raw: string;
  /** `raw` with tabs as spaces and trailing spaces trimmed: what label matching sees. */
  readonly text: string;
};

// CSI sequences (colours, cursor moves) as written by loggers and progress bars.
// eslint-disable-next-line no-control-regex -- ESC is the character these sequences start with
const ANSI_CSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * Splits raw tool output into lines, undoing what terminals and Windows add (docs/formats.md, "Traps that hold for every tool")
 * while keeping each line's original number so diagnostics point into the raw file.
 */
// Every format's detector, then the parser, asks for the same file's lines: they are made once.
export const sourceLines: (text: string) => readonly SourceLine[] = rememberLast(splitLines);

function splitLines(text: string): readonly SourceLine[] {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const physical = withoutBom.split('\n');
  if (physical.length > 1 && physical[physical.length - 1] === '') physical.pop();
  // Most lines have no CR, escape or tab: each rewrite runs only where its character is.
  return physical.map((line, index) => {
    let raw = line;
    if (raw.includes('\r')) {
      if (raw.endsWith('\r')) raw = raw.slice(0, -1);
      // tqdm redraws a bar with bare CRs: only the text after the last one was visible.
      const lastCr = raw.lastIndexOf('\r');
      if (lastCr >= 0) raw = raw.slice(lastCr + 1);
    }
    if (raw.includes('\x1b')) raw = raw.replace(ANSI_CSI, '');
    return { line: index + 1, raw, text: (raw.includes('\t') ? raw.replace(/\t/g, ' ') : raw).trimEnd() };
  });
}
