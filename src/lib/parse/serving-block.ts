import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { MetricId, Unit } from '../schema/metric.ts';
import type { FormatId, MetricValue } from '../schema/run.ts';
import type { ParseOptions, ParsedRun, ParseResult } from './types.ts';
import { toMilliseconds } from './number.ts';
import {
  findBlocks,
  LABEL_LINE,
  normalizeLabel,
  readValue,
  RESULT_LABEL,
  resultLine,
  sectionRuleTitle,
  statKey,
  warnUnknownLine,
} from './result-block.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';

/**
 * Parser for the printed "Serving Benchmark Result" block: `vllm bench serve` (and the legacy
 * benchmark_serving.py), plus the variant GPUStack's docs generator renders from guidellm data,
 * recognised by its `Latency` section (shared/formats.md §2.1, §2.5).
 */

type ScalarLabel = { id: MetricId; unit: Unit };

// Keys are lower-case with single spaces: labels drift in case across versions
// ("Total Token throughput" before vLLM PR #30403, "Total token throughput" after).
const SCALAR_LABELS: Record<string, ScalarLabel> = {
  'successful requests': { id: 'requests_successful', unit: 'count' },
  'failed requests': { id: 'requests_failed', unit: 'count' },
  'maximum request concurrency': { id: 'max_concurrency', unit: 'count' },
  'request rate configured (rps)': { id: 'request_rate_configured', unit: 'req/s' },
  'benchmark duration (s)': { id: 'duration', unit: 's' },
  'total input tokens': { id: 'input_tokens_total', unit: 'tok' },
  'total generated tokens': { id: 'output_tokens_total', unit: 'tok' },
  'request throughput (req/s)': { id: 'request_throughput', unit: 'req/s' },
  'request goodput (req/s)': { id: 'request_goodput', unit: 'req/s' },
  'output token throughput (tok/s)': { id: 'output_token_throughput', unit: 'tok/s' },
  'peak output token throughput (tok/s)': { id: 'peak_output_token_throughput', unit: 'tok/s' },
  'peak concurrent requests': { id: 'peak_concurrent_requests', unit: 'count' },
  'total token throughput (tok/s)': { id: 'total_token_throughput', unit: 'tok/s' },
  'acceptance rate (%)': { id: 'spec_acceptance_rate', unit: 'percent' },
  'acceptance length': { id: 'spec_accept_length', unit: 'tok' },
};

// Lines the tool prints that have no canonical metric yet: accepted, not stored.
// Printed by `vllm bench serve` before its block, unpadded ("Maximum request concurrency: None").
const PREAMBLE_LABELS = new Set(['maximum request concurrency', 'traffic request rate', 'burstiness factor']);

const KNOWN_UNMAPPED = new Set([
  'input throughput (inputs/s)',
  'rtfx (inverse real-time factor)',
  'drafts',
  'draft tokens',
  'accepted tokens',
  'probe requests completed',
  'probe requests failed',
  'median probe e2el (ms)',
  'p99 probe e2el (ms)',
  'max probe e2el (ms)',
  'committed throughput (tok/s)',
  'denoising steps per canvas',
  'committed per denoising step',
  'committed tokens',
  'denoising steps',
  'canvas positions evaluated',
]);
// Per-position speculative acceptance ("  Position 0:") and queue-inclusive latency: not stored.
const KNOWN_UNMAPPED_PATTERN = /^(position \d+|(mean|median|p[\d.]+) e2el incl\. client queue \(ms\))$/;

/** `Mean TTFT (ms)`, `P99.9 ITL (ms)`, `Median Latency(s)` → statistic, family name, unit. */
const DISTRIBUTION_LABEL = /^(mean|median|std|max|min|p(\d+(?:\.\d+)?)) (.+?) ?\((ms|s)\)$/;

/**
 * Family name → canonical id. In the GPUStack-rendered block "TPOT" is guidellm's
 * time_per_output_token, which includes the first token (shared/formats.md §0.2): same label as
 * vLLM's, other metric, so it is stored as tpot_incl_ttft. Its "ITL" rows are stored as `itl`, the
 * id their own label names: a page that prints a stored value beside a label must print the
 * number the block printed on that label's line.
 */
const FAMILIES: Record<'vllm-bench-serve' | 'gpustack-block', Record<string, MetricId>> = {
  'vllm-bench-serve': {
    ttft: 'ttft',
    tpot: 'tpot',
    itl: 'itl',
    e2el: 'e2e_latency',
    'client queue time': 'client_queue_time',
  },
  'gpustack-block': { ttft: 'ttft', tpot: 'tpot_incl_ttft', itl: 'itl', latency: 'e2e_latency' },
};

/** The unit each latency family is printed in: a label in another unit is corrupt, not converted. */
const FAMILY_UNITS: Record<'vllm-bench-serve' | 'gpustack-block', Record<string, 'ms' | 's'>> = {
  'vllm-bench-serve': { ttft: 'ms', tpot: 'ms', itl: 'ms', e2el: 'ms', 'client queue time': 'ms' },
  'gpustack-block': { ttft: 'ms', tpot: 'ms', itl: 'ms', latency: 's' },
};

/** A vLLM-shaped block; SGLang's blocks share the header but print a `Backend:` line (sglang-bench-serving). */
export function detect(text: string): boolean {
  const lines = sourceLines(text);
  const blocks = findBlocks(lines);
  return (
    blocks.length > 0 &&
    !blocks.some((b) => lines.slice(b.header + 1, b.close ?? lines.length).some((l) => /^Backend:/.test(l.text.trim())))
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
      found: lines.length === 0 ? 'an empty file' : quoteFound(lines[0]!.text),
    });
    return { runs: [], diagnostics: diagnostics.items };
  }

  // Result lines outside every block mean a rule is misplaced or the log was spliced: their
  // numbers belong to no block, so say so. vLLM's preamble prints a few such labels legitimately.
  const inBlock = new Set<number>();
  for (const block of blocks) for (let i = block.header; i <= (block.close ?? lines.length - 1); i++) inBlock.add(i);
  lines.forEach((line, index) => {
    if (inBlock.has(index)) return;
    const match = LABEL_LINE.exec(line.text.trim());
    if (!match || match[2] === undefined || !RESULT_LABEL.test(match[1]!)) return;
    const label = normalizeLabel(match[1]!);
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
  // One tool wrote the whole file: GPUStack's Latency(s) section anywhere marks all its blocks.
  const detected: FormatId = lines.some((l) => /^-+Latency-+$/.test(l.text.trim()) || /Latency\(s\):/.test(l.text))
    ? 'gpustack-block'
    : 'vllm-bench-serve';
  // An override may only confirm what the file shows: forcing gpustack-block on a vLLM block would
  // file its ITL rows as TPOT, and the reverse would drop the first-token caveat.
  if ((options.format === 'gpustack-block' || options.format === 'vllm-bench-serve') && options.format !== detected) {
    diagnostics.error(
      'E_FORMAT_CONTRADICTS',
      `guide.yaml sets format "${options.format}", but this file is ${detected === 'gpustack-block' ? 'a GPUStack-rendered block (it has a "Latency(s)" section)' : 'a vllm bench serve block (it has no "Latency(s)" section)'}`,
      {
        line: 1,
        expected: `format: ${detected}, or no format: (it is detected)`,
        found: `format: ${options.format}`,
        hint: 'remove `format:` from this result in guide.yaml',
      },
    );
    return { runs: [], diagnostics: diagnostics.items };
  }
  const fileFormat = detected;

  const runs: ParsedRun[] = [];
  blocks.forEach((block, blockIndex) => {
    const headerLine = lines[block.header]!;
    if (block.close === undefined) {
      const last = lines[lines.length - 1]!;
      diagnostics.error(
        'E_TRUNCATED_BLOCK',
        `result block #${blockIndex + 1}${block.label ? ` ("# ${block.label}")` : ''} started at line ${headerLine.line} has no closing rule`,
        {
          line: headerLine.line,
          expected: '"<label>: <number>" lines, then a line of 50 "="',
          found: `end of input after ${quoteFound(last.text)}`,
        },
      );
      return;
    }
    const body = lines.slice(block.header + 1, block.close);
    const format = fileFormat;
    const run = parseBlockBody(body, format, diagnostics);
    if (!run) return;
    runs.push({
      source: {
        file: options.file,
        format,
        blockIndex,
        blockLabel: block.label,
        startLine: headerLine.line,
        endLine: lines[block.close]!.line,
      },
      metrics: run,
      raw: lines
        .slice(block.header, block.close + 1)
        .map((l) => l.raw)
        .join('\n'),
    });
  });
  return { runs, diagnostics: diagnostics.items };
}

function parseBlockBody(
  body: SourceLine[],
  format: 'vllm-bench-serve' | 'gpustack-block',
  diagnostics: DiagnosticList,
): Record<string, MetricValue> | undefined {
  const metrics: Record<string, MetricValue> = {};
  const seenAt = new Map<string, number>();
  const errorsBefore = diagnostics.items.filter((d) => d.severity === 'error').length;
  const families = FAMILIES[format];

  for (const line of body) {
    const text = line.text.trim();
    if (text === '' || sectionRuleTitle(text) !== undefined) continue;
    const result = resultLine(line, diagnostics);
    if (!result) continue;
    const { rawLabel, label, valueText, column } = result;
    // "Per-position acceptance (%):" heads the indented position lines and has no value itself.
    if (valueText === '' && label === 'per-position acceptance (%)') continue;

    let key: string;
    let unit: Unit;
    let printedUnit: Unit | undefined;
    // GPUStack fills "Maximum request concurrency" with the configured cap or, when there was
    // none, the observed peak: which one is not recorded, so it is not stored as either.
    const scalar =
      format === 'gpustack-block' && label === 'maximum request concurrency' ? undefined : SCALAR_LABELS[label];
    if (format === 'gpustack-block' && label === 'maximum request concurrency') continue;
    const distribution = DISTRIBUTION_LABEL.exec(label);
    if (scalar) {
      key = scalar.id;
      unit = scalar.unit;
    } else if (distribution) {
      const family = families[distribution[3]!];
      if (!family) {
        diagnostics.warning('W_UNKNOWN_LINE', `unknown latency family "${distribution[3]}" in "${rawLabel}"; skipped`, {
          line: line.line,
          expected: `one of ${Object.keys(families)
            .map((f) => f.toUpperCase())
            .join(', ')}`,
          found: quoteFound(rawLabel),
        });
        continue;
      }
      const expectedUnit = FAMILY_UNITS[format][distribution[3]!];
      if (distribution[4] !== expectedUnit) {
        diagnostics.error(
          'E_UNIT',
          `"${rawLabel}:" is printed in ${expectedUnit} by this tool, not ${distribution[4]}`,
          {
            line: line.line,
            expected: `"(${expectedUnit})"`,
            found: quoteFound(rawLabel),
          },
        );
        continue;
      }
      key = `${family}.${statKey(distribution)}`;
      unit = 'ms';
      if (distribution[4] === 's') printedUnit = 's';
    } else if (KNOWN_UNMAPPED.has(label) || KNOWN_UNMAPPED_PATTERN.test(label)) {
      continue;
    } else {
      warnUnknownLine(line, rawLabel, diagnostics);
      continue;
    }

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
    // GPUStack prints a missing value as N/A: the metric is absent (a page that needs it fails in compute).
    if (/^n\/a$/i.test(valueText.trim())) {
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
    metrics[key] = { value, unit, printed: valueText.trim(), ...(printedUnit ? { printedUnit } : {}), line: line.line };
  }

  const errorsAfter = diagnostics.items.filter((d) => d.severity === 'error').length;
  return errorsAfter > errorsBefore ? undefined : metrics;
}
