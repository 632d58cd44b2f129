import { errorAt, hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { validate } from '../diagnostics/validate.ts';
import { parseRawFile, type ParsedRun, type ParseResult } from '../parse/index.ts';
import { checkRunPlausibility } from './plausibility.ts';
import { sweepRunsStoredOnce } from './sweep-repeats.ts';
import { RunSchema, type Run } from '../schema/run.ts';
import { isMetricKey } from '../schema/metric.ts';
import { stableJson } from '../stable-json.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import { appendAll } from '../append-all.ts';
import { confusableIn } from '../confusable.ts';
import { showInvisible } from '../visible-text.ts';
import { isRecordFile } from '../record/record-files.ts';
import { checkedRecorded, readRecords, recordedFor } from './attach-records.ts';
import type { SignatureVerifier } from '../record/record-manifest.ts';
import type { ParsedRawFile, RawFile } from './raw-file.ts';
import { timed } from '../phase-times.ts';

/** A run's file name under data/runs/<guide>/: the raw path plus the block label for multi-block files. */
export function runId(rawPath: string, blockLabel: string | null, blockIndex: number, blocksInFile: number): string {
  const base = rawPath.replace(/\.[^./]+$/, '');
  if (blocksInFile === 1) return base;
  return `${base}#${blockLabel ? slugify(blockLabel) : `block-${blockIndex + 1}`}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A block label that mixes scripts or holds a look-alike character (confusable.ts) reads as another
 * label, and a `block:` in guide.yaml could pick it for the block it imitates: an error at the
 * character, on the `# label` line nearest above the block.
 */
function confusableLabel(
  label: string,
  startLine: number,
  lines: readonly string[],
  file: string,
): Diagnostic | undefined {
  const problem = confusableIn(label);
  if (!problem) return undefined;
  let line = startLine;
  for (let i = startLine - 2; i >= 0; i--)
    if (/^\s*#\s/.test(lines[i] ?? '') && lines[i]?.includes(label)) {
      line = i + 1;
      break;
    }
  const text = lines[line - 1] ?? '';
  const at = text.indexOf(label);
  return errorAt('E_CONFUSABLE', file, `the block label "# ${showInvisible(label)}": ${problem.reason}`, {
    line,
    ...(at >= 0 ? { column: at + problem.index + 1 } : {}),
    expected: 'a label in one script (Latin, or Latin with Chinese), without look-alike or invisible characters',
    found: showInvisible(problem.char),
  });
}

/**
 * Parses every raw file of one guide into normalized runs; all problems are collected, none thrown.
 * A file given with `parsed` (what parseRawFile returned for its bytes on an earlier run) is not
 * parsed again: every check across files (shared ids, sweep repeats, records) still runs on all of
 * them; a raw file with a record beside it is given as read, its text checked against the record.
 * `parsed` holds what each file's parse gave, by path, for the next run to reuse.
 * `verify` checks a signed record's signature (src/pipeline/record-signatures.ts); without it every
 * record is read as unsigned.
 */
export function ingestGuide(
  files: readonly (RawFile | ParsedRawFile)[],
  options: { verify?: SignatureVerifier | undefined } = {},
): { runs: Run[]; diagnostics: Diagnostic[]; parsed: Map<string, ParseResult> } {
  const runs: Run[] = [];
  const diagnostics: Diagnostic[] = [];
  // A run's id is its raw path without the extension: two files that share a stem would share ids.
  const idOwners = new Map<string, string>();
  const { records, diagnostics: unreadRecords } = readRecords(files.filter((file): file is RawFile => 'text' in file));
  appendAll(diagnostics, unreadRecords);
  // What a result ran on (npm run record), not a result: src/lib/record/record-files.ts.
  const parsedFiles = [...files]
    .sort((a, b) => byCodeUnit(a.path, b.path))
    .filter((raw) => !isRecordFile(raw.path))
    .map((raw) => ({ raw, result: 'parsed' in raw ? raw.parsed : parseRawFile(raw.text, { file: raw.file }) }));
  // A run a sweep folder holds twice (run=N.json and summary.json) is stored once.
  const once = sweepRunsStoredOnce(parsedFiles.map(({ raw, result }) => ({ file: raw.file, runs: result.runs })));
  for (const { raw, result } of parsedFiles) {
    appendAll(diagnostics, result.diagnostics);
    const ids = new Set<string>();
    let lines: string[] | undefined;
    for (const parsed of result.runs) {
      if (once.skipped.has(parsed)) continue;
      if (parsed.source.blockLabel !== null) {
        // A file given parsed passed this check when it was read (an error is never kept for reuse).
        lines ??= 'text' in raw ? raw.text.split('\n') : [];
        const lookAlike = confusableLabel(parsed.source.blockLabel, parsed.source.startLine, lines, raw.file);
        if (lookAlike) diagnostics.push(lookAlike);
      }
      const id = runId(raw.path, parsed.source.blockLabel, parsed.source.blockIndex, result.runs.length);
      if (ids.has(id)) {
        diagnostics.push(
          errorAt(
            'E_DUPLICATE',
            raw.file,
            `two result blocks in this file share the label "${parsed.source.blockLabel}"`,
            {
              line: parsed.source.startLine,
              expected: 'a distinct "# label" line before each block',
              found: JSON.stringify(parsed.source.blockLabel),
            },
          ),
        );
        continue;
      }
      ids.add(id);
      const owner = idOwners.get(id);
      if (owner !== undefined && owner !== raw.file) {
        diagnostics.push(
          errorAt(
            'E_DUPLICATE',
            raw.file,
            `this file and ${owner} would both be run "${id}": a reference to it could mean either`,
            {
              line: parsed.source.startLine,
              expected: 'raw files whose names differ before the extension',
              found: `${owner} and ${raw.file}`,
              hint: 'rename one of them (e.g. vllm.txt and vllm-save-result.json) and its result: in guide.yaml',
            },
          ),
        );
        continue;
      }
      idOwners.set(id, raw.file);
      const unusable = unusableNumbers(parsed, raw.file);
      if (unusable.length > 0) {
        appendAll(diagnostics, unusable);
        continue;
      }
      // A parser bug, not the author's: name the block, and what of the run the schema refused.
      const record = records.get(raw.path);
      const entry = recordedFor(record, parsed, result.runs.length);
      if (record && !('text' in raw))
        // readChangedRawFiles reads every raw file a record is beside: its text is what the record signs.
        throw new Error(`${raw.file}: a raw file with a record was given parsed, not read (a bug in perflab)`);
      const checkedRecord =
        entry && record && 'text' in raw ? checkedRecorded(entry, raw, record.from, options.verify) : undefined;
      if (checkedRecord) appendAll(diagnostics, checkedRecord.diagnostics);
      const recorded = checkedRecord?.recorded;
      const checked = timed('ingest.guide/validate', () =>
        validate(
          RunSchema,
          { id, ...parsed, ...(recorded ? { recorded } : {}) },
          { file: raw.file, locate: () => ({ line: parsed.source.startLine }) },
        ),
      );
      if (!checked.ok) {
        appendAll(
          diagnostics,
          checked.diagnostics.map((d) => ({
            ...d,
            message: `the ${parsed.source.format} reader produced a run perflab cannot store: ${d.message}`,
            hint: 'this is a bug in perflab, not in the file: report it with the file attached',
          })),
        );
        continue;
      }
      const run = checked.data;
      appendAll(
        diagnostics,
        timed('ingest.guide/plausibility', () => checkRunPlausibility(run)),
      );
      runs.push(run);
    }
  }
  appendAll(diagnostics, once.diagnostics);
  const parsed = new Map(parsedFiles.map(({ raw, result }) => [raw.path, result]));
  return { runs: hasErrors(diagnostics) ? [] : runs, diagnostics, parsed };
}

export function runJson(run: Run): string {
  return stableJson(run);
}

const INTEGER = /^-?\d+$/;

/**
 * Numbers no page may show: beyond the range of a double (`1e309` reads as Infinity) or integers
 * too long to be held exactly. Each is an error at the line that printed it.
 */
function unusableNumbers(run: ParsedRun, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  // for…in, not Object.entries: no pair is allocated for each value of each run.
  for (const key in run.metrics) {
    // isMetricKey is a type guard (memoized), not a cast: for…in gives every key as a string.
    if (!isMetricKey(key)) continue;
    const metric = run.metrics[key];
    if (metric === undefined) continue;
    const problem = !Number.isFinite(metric.value)
      ? `is not a finite number (it reads as ${metric.value})`
      : INTEGER.test(metric.printed) && !Number.isSafeInteger(Number(metric.printed))
        ? 'has more digits than a number can hold exactly'
        : undefined;
    if (problem)
      found.push(
        errorAt('E_BAD_NUMBER', file, `${key} ${metric.printed.slice(0, 40)} ${problem}`, {
          line: metric.line,
          expected: 'a value a benchmark can print',
          found: metric.printed.slice(0, 40),
        }),
      );
  }
  return found;
}
