import { reportTruncated, type TruncatedBlock } from './truncated.ts';
import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { ParseOptions, ParsedRun, ParseResult, RunMetrics } from './types.ts';
import { toMilliseconds } from './number.ts';
import {
  findBlocks,
  LABEL_LINE,
  normalizeLabel,
  readValue,
  RESULT_LABEL,
  resultLine,
  sectionRuleTitle,
  warnHeaderless,
  warnUnknownLine,
} from './result-block.ts';
import {
  DISTRIBUTION_LABEL,
  labelMeaning,
  PREAMBLE_LABELS,
  SCALAR_LABELS,
  type ServingFormat,
} from './serving-block-labels.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';
import { RATE_IDS, rateFromTotals } from './derived-rates.ts';

/**
 * Parser for the printed "Serving Benchmark Result" block: `vllm bench serve` (and the legacy
 * benchmark_serving.py), plus the variant GPUStack's docs generator renders from guidellm data,
 * recognised by its `Latency` section (docs/formats.md: vllm-bench-serve, gpustack-block). Labels: serving-block-labels.ts.
 */

const BACKEND_LINE = /^Backend:/;
// GPUStack's rendering of guidellm results: a Latency section, latencies printed in seconds.
const GPUSTACK_RULE = /^-+Latency-+$/;
const GPUSTACK_LABEL = /Latency\(s\):/;
const NOT_AVAILABLE = /^n\/a$/i;

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs =
  "`vllm bench serve` (benchmark_serving.py) printed result block, and GPUStack's benchmark block rendered from guidellm";

/** A vLLM-shaped block; SGLang's blocks share the header but print a `Backend:` line (sglang-bench-serving). */
export function detect(text: string): boolean {
  const lines = sourceLines(text);
  const blocks = findBlocks(lines);
  return (
    blocks.length > 0 &&
    !blocks.some((b) => lines.slice(b.bodyStart, b.close ?? lines.length).some((l) => BACKEND_LINE.test(l.text.trim())))
  );
}

export function parse(text: string, options: ParseOptions): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text);
  const blocks = findBlocks(lines);
  if (blocks.length === 0) {
    diagnostics.error('E_NO_RESULT', 'no "Serving Benchmark Result" block found', {
      line: 1,
      expected: 'a line "============ Serving Benchmark Result ============"',
      found: lines[0] ? quoteFound(lines[0].text) : 'an empty file',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  warnOrphanLines(lines, blocks, diagnostics);

  // One tool wrote the whole file: GPUStack's Latency(s) section anywhere marks all its blocks.
  const format: ServingFormat = lines.some((l) => GPUSTACK_RULE.test(l.text.trim()) || GPUSTACK_LABEL.test(l.text))
    ? 'gpustack-block'
    : 'vllm-bench-serve';
  const runs: ParsedRun[] = [];
  const truncated: TruncatedBlock[] = [];
  blocks.forEach((block, blockIndex) => {
    const headerLine = lines[block.header];
    const closeLine = block.close === undefined ? undefined : lines[block.close];
    if (!headerLine) return;
    if (block.close === undefined || !closeLine) {
      const last = lines.at(-1) ?? headerLine;
      truncated.push({
        message: `result block #${blockIndex + 1}${block.label ? ` ("# ${block.label}")` : ''} started at line ${headerLine.line} has no closing rule`,
        detail: {
          line: headerLine.line,
          expected: '"<label>: <number>" lines, then a line of 50 "="',
          found: `end of input after ${quoteFound(last.text)}`,
        },
      });
      return;
    }
    warnHeaderless(block, blockIndex, lines, diagnostics);
    const body = lines.slice(block.bodyStart, block.close);
    const metrics = diagnostics.unlessErrors(() => parseBlockBody(body, format, diagnostics));
    if (!metrics) return;
    runs.push({
      source: {
        file: options.file,
        format,
        blockIndex,
        blockLabel: block.label,
        startLine: headerLine.line,
        endLine: closeLine.line,
        ...(block.headerless ? { headerless: true as const } : {}),
      },
      metrics,
      raw: lines
        .slice(block.header, block.close + 1)
        .map((l) => l.raw)
        .join('\n'),
    });
  });
  reportTruncated(diagnostics, truncated, runs.length);
  return { runs, diagnostics: diagnostics.items };
}

/**
 * Result lines outside every block mean a rule is misplaced or the log was spliced: their numbers
 * belong to no block, so say so. vLLM's preamble prints a few such labels legitimately.
 */
function warnOrphanLines(
  lines: readonly SourceLine[],
  blocks: ReturnType<typeof findBlocks>,
  diagnostics: DiagnosticList,
): void {
  const inBlock = new Set<number>();
  for (const block of blocks) for (let i = block.header; i <= (block.close ?? lines.length - 1); i++) inBlock.add(i);
  lines.forEach((line, index) => {
    if (inBlock.has(index)) return;
    const [, rawLabel, value] = LABEL_LINE.exec(line.text.trim()) ?? [];
    if (rawLabel === undefined || value === undefined || !RESULT_LABEL.test(rawLabel)) return;
    const label = normalizeLabel(rawLabel);
    if (PREAMBLE_LABELS.has(label) || !(SCALAR_LABELS[label] || DISTRIBUTION_LABEL.test(label))) return;
    diagnostics.warning(
      'W_ORPHAN_LINE',
      'result line outside any result block; it belongs to no block and is ignored',
      {
        line: line.line,
        expected: 'result lines between a "Serving Benchmark Result" header and its closing rule',
        found: quoteFound(line.text),
      },
    );
  });
}

function parseBlockBody(body: readonly SourceLine[], format: ServingFormat, diagnostics: DiagnosticList): RunMetrics {
  const metrics: RunMetrics = {};
  const seenAt = new Map<string, number>();

  for (const line of body) {
    const text = line.text.trim();
    if (text === '' || sectionRuleTitle(text) !== undefined) continue;
    const result = resultLine(line, diagnostics);
    if (!result) continue;
    const { rawLabel, label, valueText, column } = result;
    // "Per-position acceptance (%):" heads the indented position lines and has no value itself.
    if (valueText === '' && label === 'per-position acceptance (%)') continue;

    const meaning = labelMeaning(label, format);
    if (meaning.kind === 'not-stored') continue;
    if (meaning.kind === 'unknown') {
      warnUnknownLine(line, rawLabel, diagnostics);
      continue;
    }
    if (meaning.kind === 'unknown-family') {
      diagnostics.warning('W_UNKNOWN_LINE', `unknown latency family "${meaning.family}" in "${rawLabel}"; skipped`, {
        line: line.line,
        expected: `one of ${meaning.known.map((f) => f.toUpperCase()).join(', ')}`,
        found: quoteFound(rawLabel),
      });
      continue;
    }
    if (meaning.kind === 'wrong-unit') {
      diagnostics.error(
        'E_UNIT',
        `"${rawLabel}:" is printed in ${meaning.expected} by this tool, not ${meaning.printed}`,
        {
          line: line.line,
          expected: `"(${meaning.expected})"`,
          found: quoteFound(rawLabel),
        },
      );
      continue;
    }

    const { key, unit, printedUnit } = meaning;
    const firstLine = seenAt.get(key);
    if (firstLine !== undefined) {
      diagnostics.error('E_DUPLICATE', `"${rawLabel}:" appears twice in one block (first at line ${firstLine})`, {
        line: line.line,
        expected: 'each metric once per block',
        found: quoteFound(text),
      });
      continue;
    }
    seenAt.set(key, line.line);
    // N/A: the metric is absent (a page that needs it fails in compute). GPUStack's renderer prints
    // every value guidellm did not report that way (docs/formats.md, gpustack-block): normal, so no warning.
    if (NOT_AVAILABLE.test(valueText.trim())) {
      if (format !== 'gpustack-block')
        diagnostics.warning('W_NO_VALUE', `"${rawLabel}:" printed no value (N/A); the metric is treated as absent`, {
          line: line.line,
          column,
          found: quoteFound(valueText),
        });
      continue;
    }
    const number = readValue(valueText, rawLabel, printedUnit ?? unit, { line: line.line, column }, diagnostics);
    if (number === undefined) continue;
    const value = printedUnit === 's' ? toMilliseconds(number, valueText) : number;
    const printed = valueText.trim();
    // Two literal shapes, not a spread: this runs for every line of every block.
    metrics[key] = printedUnit
      ? { value, unit, printed, printedUnit, line: line.line }
      : { value, unit, printed, line: line.line };
  }
  // GPUStack's rate lines are guidellm's interval means (serving-block-labels.ts); the run's rates
  // as vLLM defines them, its totals over its duration, are computed from its own lines, as for
  // guidellm's report (guidellm-benchmark.ts), and marked so.
  if (format === 'gpustack-block')
    for (const rate of RATE_IDS) {
      const value = rateFromTotals(metrics, rate);
      if (value) metrics[rate] = value;
    }
  return metrics;
}
