import { reportTruncated, type TruncatedBlock } from './truncated.ts';
import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { distributionKey, type DistributionId, type ScalarId, type Unit } from '../schema/metric.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';
import {
  findBlocks,
  normalizeLabel,
  readValue,
  resultLine,
  sectionRuleTitle,
  statKey,
  warnHeaderless,
  warnUnknownLine,
  type BlockBounds,
} from './result-block.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';

/**
 * Parser for the "Serving Benchmark Result" block printed by SGLang's
 * `python -m sglang.bench_serving` (docs/formats.md, sglang-bench-serving). It shares its header with vLLM's
 * block; the `Backend:` line that SGLang always prints first tells them apart (§4).
 */

const BACKEND_LINE = /^Backend:/i;

/** `sentinel`: printed values that mean "no value" (an unbounded rate, no cap), not an error. */
type ScalarLabel = { id: ScalarId; unit: Unit; sentinel?: RegExp };

// Keys are lower-case with single spaces, so case and padding drift between versions does not matter.
const SCALAR_LABELS: Record<string, ScalarLabel> = {
  'traffic request rate': { id: 'request_rate_configured', unit: 'req/s', sentinel: /^(inf|trace)$/i },
  'max request concurrency': { id: 'max_concurrency', unit: 'count', sentinel: /^not set$/i },
  // SGLang 0.4.x printed the label misspelt; the value is the same cap.
  'max reqeuest concurrency': { id: 'max_concurrency', unit: 'count', sentinel: /^not set$/i },
  'successful requests': { id: 'requests_successful', unit: 'count' },
  'benchmark duration (s)': { id: 'duration', unit: 's' },
  'total input tokens': { id: 'input_tokens_total', unit: 'tok' },
  'total generated tokens': { id: 'output_tokens_total', unit: 'tok' },
  'total generated tokens (retokenized)': { id: 'output_tokens_total_retokenized', unit: 'tok' },
  'request throughput (req/s)': { id: 'request_throughput', unit: 'req/s' },
  'input token throughput (tok/s)': { id: 'input_token_throughput', unit: 'tok/s' },
  'output token throughput (tok/s)': { id: 'output_token_throughput', unit: 'tok/s' },
  'peak output token throughput (tok/s)': { id: 'peak_output_token_throughput', unit: 'tok/s' },
  'peak concurrent requests': { id: 'peak_concurrent_requests', unit: 'count' },
  'total token throughput (tok/s)': { id: 'total_token_throughput', unit: 'tok/s' },
  'total throughput (tok/s)': { id: 'total_token_throughput', unit: 'tok/s' }, // older releases
  concurrency: { id: 'mean_concurrency', unit: 'count' },
  'accept length': { id: 'spec_accept_length', unit: 'tok' },
};

// Lines the tool prints that are not (yet) canonical metrics: accepted, not stored.
const KNOWN_UNMAPPED = new Set(['backend', 'total input text tokens', 'total input vision tokens']);

// `--cache-report` repeats `Device:`/`Host:` as counts and then as percentages; no canonical id yet.
const UNMAPPED_SECTION = 'cache hit details';

/** `Mean TTFT (ms)`, `P99 E2E Latency (ms)`, `Max ITL (ms)` → statistic, family name. */
const DISTRIBUTION_LABEL = /^(mean|median|std|max|min|p(\d+(?:\.\d+)?)) (.+?) ?\(ms\)$/;
const FAMILIES: Record<string, DistributionId> = {
  'e2e latency': 'e2e_latency',
  ttft: 'ttft',
  tpot: 'tpot',
  itl: 'itl',
};

/** The block's lines between header and closing rule (or the end of input when truncated). */
function blockBody(lines: readonly SourceLine[], block: BlockBounds, next: BlockBounds | undefined): SourceLine[] {
  return lines.slice(block.bodyStart, block.close ?? next?.header ?? lines.length);
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'SGLang `bench_serving` printed result block';

export function detect(text: string): boolean {
  const lines = sourceLines(text);
  const blocks = findBlocks(lines);
  return blocks.some((block, i) =>
    blockBody(lines, block, blocks[i + 1]).some((l) => BACKEND_LINE.test(l.text.trim())),
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
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

  const runs: ParsedRun[] = [];
  const truncated: TruncatedBlock[] = [];
  blocks.forEach((block, blockIndex) => {
    const headerLine = lines[block.header];
    const closeLine = block.close === undefined ? undefined : lines[block.close];
    if (!headerLine) return;
    const name = `result block #${blockIndex + 1}${block.label ? ` ("# ${block.label}")` : ''} started at line ${headerLine.line}`;
    if (block.close === undefined || !closeLine) {
      const next = blocks[blockIndex + 1];
      const last = blockBody(lines, block, next).findLast((l) => l.text.trim() !== '') ?? headerLine;
      truncated.push({
        message: `${name} has no closing rule`,
        detail: {
          line: headerLine.line,
          expected: '"<label>: <number>" lines, then a line of 50 "="',
          found: `${next ? `the next header (line ${lines[next.header]?.line})` : 'end of input'} after ${quoteFound(last.text)}`,
        },
      });
      return;
    }
    const body = blockBody(lines, block, undefined);
    if (body.some((l) => BACKEND_LINE.test(l.text.trim()))) warnHeaderless(block, blockIndex, lines, diagnostics);
    // vLLM and GPUStack print the same header; their "TPOT" may mean another metric (§0.2).
    if (!body.some((l) => BACKEND_LINE.test(l.text.trim()))) {
      diagnostics.error(
        'E_FORMAT_UNKNOWN',
        `${name} has no "Backend:" line, so it is not SGLang bench_serving output; skipped`,
        {
          line: headerLine.line,
          expected: 'a "Backend:" line right after the header',
          found: body[0] ? quoteFound(body[0].text) : 'an empty block',
          hint: 'a vLLM or GPUStack block belongs in its own file (format vllm-bench-serve / gpustack-block)',
        },
      );
      return;
    }
    const metrics = diagnostics.unlessErrors(() => parseBlockBody(body, diagnostics));
    if (!metrics) return;
    runs.push({
      source: {
        file: options.file,
        format: 'sglang-bench-serving',
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

function parseBlockBody(body: readonly SourceLine[], diagnostics: DiagnosticList): RunMetrics {
  const metrics: RunMetrics = {};
  const seenAt = new Map<string, number>();
  let section = '';

  for (const line of body) {
    const text = line.text.trim();
    if (text === '') continue;
    const rule = sectionRuleTitle(text);
    if (rule !== undefined) {
      section = normalizeLabel(rule);
      continue;
    }
    const result = resultLine(line, diagnostics);
    if (!result) continue;
    const { rawLabel, label, valueText, column } = result;
    if (section === UNMAPPED_SECTION || KNOWN_UNMAPPED.has(label)) continue;

    const scalar = SCALAR_LABELS[label];
    const distribution = scalar ? null : DISTRIBUTION_LABEL.exec(label);
    const family = distribution ? FAMILIES[distribution[3] ?? ''] : undefined;
    const spec: Omit<ScalarLabel, 'id'> | undefined = scalar ?? (family && { unit: 'ms' });
    if (!spec) {
      warnUnknownLine(line, rawLabel, diagnostics);
      continue;
    }
    const key = scalar
      ? scalar.id
      : distribution && family
        ? distributionKey(family, statKey(distribution))
        : undefined;
    if (key === undefined) {
      warnUnknownLine(line, rawLabel, diagnostics);
      continue;
    }

    const firstLine = seenAt.get(key);
    if (firstLine !== undefined) {
      diagnostics.error(
        'E_DUPLICATE',
        `"${rawLabel}:" gives ${key} a second time in one block (first at line ${firstLine})`,
        {
          line: line.line,
          expected: 'each metric once per block',
          found: quoteFound(text),
        },
      );
      continue;
    }
    seenAt.set(key, line.line);
    if (spec.sentinel?.test(valueText)) continue;
    const value = readValue(valueText, rawLabel, spec.unit, { line: line.line, column }, diagnostics);
    if (value === undefined) continue;
    metrics[key] = { value, unit: spec.unit, printed: valueText, line: line.line };
  }
  return metrics;
}
