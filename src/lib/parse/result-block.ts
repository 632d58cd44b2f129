import { quoteFound, type DiagnosticList } from '../diagnostics/diagnostics.ts';
import { BoundedMemo, rememberLast } from '../bounded-memo.ts';
import { parseNumber } from './number.ts';
import type { SourceLine } from './source-lines.ts';

/**
 * What vLLM's and SGLang's printed "Serving Benchmark Result" blocks have in common: the same
 * header and rules, `label: value` lines padded by `{:<40} {:<10}`, `# label` lines naming the
 * block that follows, and `Mean/Median/P99 <NAME> (ms)` distribution labels.
 */

export const HEADER = /^=+ Serving Benchmark Result =+$/;
export const CLOSING_RULE = /^={20,}$/;
/**
 * The title of a section rule (`------Time to First Token------`), or undefined for any other line.
 * Scanned by hand: the regex it replaces backtracked quadratically on long lines of dashes and spaces.
 */
export function sectionRuleTitle(text: string): string | undefined {
  let start = 0;
  while (start < text.length && text[start] === '-') start++;
  let end = text.length;
  while (end > start && text[end - 1] === '-') end--;
  if (start < 3 || text.length - end < 3) return undefined;
  const title = text.slice(start, end).trim();
  return title === '' || title.startsWith('-') ? undefined : title;
}

export const LABEL_LINE = /^(\S.*?):\s*(\S.*)?$/;
const BLOCK_LABEL = /^#\s+(\S.*)$/;
// What a result label can contain; anything else on a "x: y" line is a foreign log line.
export const RESULT_LABEL = /^[A-Za-z][A-Za-z0-9 ().%/,+_-]*$/;

export const LABEL_EXAMPLES = '"Successful requests:", "Mean TTFT (ms):" or a section rule';

/** Lower case, single spaces: labels drift in case and padding across tool versions. */
export function normalizeLabel(label: string): string {
  // Every block prints the same few dozen labels: each is normalized once.
  return normalizedLabels.get(label, () => label.toLowerCase().replace(/\s+/g, ' ').trim());
}
const normalizedLabels = new BoundedMemo<string>(1024);

/** `mean` / `median` / `p99` / `p99_9` from a distribution-label match (stat in group 1, percentile in 2). */
export function statKey(match: RegExpExecArray): string {
  const [, stat = '', percentile] = match;
  return percentile !== undefined ? `p${percentile.replace('.', '_')}` : stat;
}

export type BlockBounds = {
  /** the block's first line: its header, or its first result line when it has none */
  readonly header: number;
  /** its first line after the header (= `header` for a block without one) */
  readonly bodyStart: number;
  readonly close: number | undefined;
  readonly label: string | null;
  /** printed without its header line, every result line present (a page copied from a rendered one) */
  readonly headerless?: true;
};

/** The first line of a vLLM (and GPUStack) block and of an SGLang block, as they print it. */
const FIRST_RESULT_LABELS = new Set(['successful requests', 'backend']);

/**
 * Finds every block: its header, its closing rule (if any) and its `# label` line. Two detectors
 * and then the parser ask for the same file's blocks (sourceLines gives them the same array):
 * they are found once.
 */
export const findBlocks: (lines: readonly SourceLine[]) => readonly BlockBounds[] = rememberLast(scanBlocks);

function scanBlocks(lines: readonly SourceLine[]): BlockBounds[] {
  const blocks: BlockBounds[] = [];
  const textAt = (index: number) => lines[index]?.text.trim() ?? '';
  const labelAbove = (index: number, searchFrom: number): string | null => {
    for (let j = index - 1; j >= searchFrom; j--) {
      const labelText = BLOCK_LABEL.exec(textAt(j))?.[1];
      if (labelText !== undefined) return labelText.trim();
    }
    return null;
  };
  let searchFrom = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!HEADER.test(textAt(i))) {
      const start = CLOSING_RULE.test(textAt(i)) ? headerlessStart(textAt, i, searchFrom) : undefined;
      if (start !== undefined) {
        blocks.push({
          header: start,
          bodyStart: start,
          close: i,
          label: labelAbove(start, searchFrom),
          headerless: true,
        });
        searchFrom = i + 1;
      }
      continue;
    }
    const label = labelAbove(i, searchFrom);
    let close: number | undefined;
    for (let j = i + 1; j < lines.length; j++) {
      const text = textAt(j);
      if (CLOSING_RULE.test(text)) {
        close = j;
        break;
      }
      if (HEADER.test(text)) break; // the next block started: this one was cut off
    }
    blocks.push({ header: i, bodyStart: i + 1, close, label });
    searchFrom = (close ?? i) + 1;
    if (close !== undefined) i = close;
  }
  return blocks;
}

/**
 * A closing rule that ends no block may end one printed without its header: the result lines and
 * section rules right above it, from the first line such a block prints (`Successful requests:`,
 * or SGLang's `Backend:`), so a block whose top was cut is not taken for one. Undefined otherwise.
 */
function headerlessStart(textAt: (index: number) => string, close: number, searchFrom: number): number | undefined {
  let start: number | undefined;
  for (let j = close - 1; j >= searchFrom; j--) {
    const text = textAt(j);
    if (sectionRuleTitle(text) !== undefined) continue;
    const rawLabel = LABEL_LINE.exec(text)?.[1];
    if (rawLabel === undefined || !RESULT_LABEL.test(rawLabel)) break;
    if (FIRST_RESULT_LABELS.has(normalizeLabel(rawLabel))) start = j;
  }
  return start;
}

/** The warning for a block read without its header line: what it lacks, and that it was read. */
export function warnHeaderless(
  block: BlockBounds,
  blockIndex: number,
  lines: readonly SourceLine[],
  diagnostics: DiagnosticList,
): void {
  if (!block.headerless) return;
  const first = lines[block.header];
  const close = block.close === undefined ? undefined : lines[block.close];
  if (!first || !close) return;
  diagnostics.warning(
    'W_MISSING_HEADER',
    `result block #${blockIndex + 1}${block.label ? ` ("# ${block.label}")` : ''} has no header line; read from its result lines (${first.line}-${close.line - 1}) and its closing rule (line ${close.line})`,
    {
      line: first.line,
      expected: 'the line "============ Serving Benchmark Result ============" before it',
      found: quoteFound(first.text),
    },
  );
}

/** A block's value as a number ≥ 0, or an E_BAD_NUMBER error naming the label, line and column. */
export function readValue(
  valueText: string,
  label: string,
  unit: string,
  at: { line: number; column: number | undefined },
  diagnostics: DiagnosticList,
): number | undefined {
  const parsed = parseNumber(valueText);
  if (!parsed.ok) {
    diagnostics.error('E_BAD_NUMBER', `"${label}:" expects a number (${unit}); ${parsed.reason}`, {
      line: at.line,
      column: at.column,
      expected: `a decimal number in ${unit}`,
      found: quoteFound(valueText),
    });
    return undefined;
  }
  if (parsed.value < 0) {
    diagnostics.error('E_BAD_NUMBER', `"${label}:" cannot be negative`, {
      line: at.line,
      column: at.column,
      expected: 'a number ≥ 0',
      found: quoteFound(valueText),
    });
    return undefined;
  }
  return parsed.value;
}

/**
 * A `label: value` line of a block, or undefined (with a W_FOREIGN_LINE warning) for anything else
 * inside it, such as server log lines sharing the terminal ("(APIServer pid=7) INFO …: …").
 */
export function resultLine(
  line: SourceLine,
  diagnostics: DiagnosticList,
): { rawLabel: string; label: string; valueText: string; column: number } | undefined {
  const text = line.text.trim();
  const [, rawLabel, valueText = ''] = LABEL_LINE.exec(text) ?? [];
  if (rawLabel === undefined || !RESULT_LABEL.test(rawLabel)) {
    diagnostics.warning('W_FOREIGN_LINE', 'line inside a result block is not a result line; skipped', {
      line: line.line,
      expected: LABEL_EXAMPLES,
      found: quoteFound(text),
    });
    return undefined;
  }
  // The value ends the line, and `text` keeps `raw`'s columns (tabs become one space each).
  return {
    rawLabel,
    label: normalizeLabel(rawLabel),
    valueText,
    column: line.text.length - valueText.length + 1,
  };
}

/** A `label: value` line whose label this parser does not know: warned about, not stored. */
export function warnUnknownLine(line: SourceLine, rawLabel: string, diagnostics: DiagnosticList): void {
  diagnostics.warning('W_UNKNOWN_LINE', `unknown result line "${rawLabel}:"; skipped`, {
    line: line.line,
    expected: LABEL_EXAMPLES,
    found: quoteFound(line.text.trim()),
  });
}
