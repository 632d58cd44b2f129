import { DiagnosticList } from '../diagnostics/diagnostics.ts';
import { rateFromTotals } from './derived-rates.ts';
import { opensWithMetricTable, readRows, readTables, type RowSpec } from './nvidia-csv.ts';
import { sourceLines } from './source-lines.ts';
import type { ParseResult } from './types.ts';

/**
 * Parser for AIPerf's `profile_export_aiperf.csv` (docs/formats.md, aiperf-csv): the same run as
 * its `profile_export_aiperf.json`, printed with two decimals (nvidia-csv.ts). Each row is read as
 * its JSON block is (aiperf-json.ts, where the sources of each definition are named): "Inter
 * Token Latency" is TPOT, "Inter Chunk Latency" the pooled gaps between chunks (ITL), "Total
 * Output Sequence Length" the output total the throughputs divide (reasoning tokens included;
 * "Total Output Tokens" leaves them out and is not read), and the "Per User" rows are one
 * request's rate each, not the run's throughput, and are not read. Told from GenAI-Perf's CSV by
 * the rows only AIPerf prints: "Benchmark Duration", "Total Output Sequence Length", "Inter
 * Chunk Latency".
 */

const ms = { ms: { unit: 'ms' }, sec: { unit: 'ms', printedUnit: 's', seconds: true } } as const;

const ROWS: RowSpec[] = [
  { name: 'Time to First Token', id: 'ttft', units: ms },
  { name: 'Inter Token Latency', id: 'tpot', units: ms },
  { name: 'Inter Chunk Latency', id: 'itl', units: ms },
  { name: 'Request Latency', id: 'e2e_latency', units: ms },
  { name: 'Benchmark Duration', id: 'duration', scalar: true, units: { sec: { unit: 's' } } },
  {
    name: 'Request Count',
    id: 'requests_successful',
    scalar: true,
    units: { '': { unit: 'count' }, requests: { unit: 'count' } },
  },
  {
    name: 'Error Request Count',
    id: 'requests_failed',
    scalar: true,
    units: { '': { unit: 'count' }, requests: { unit: 'count' } },
  },
  { name: 'Total Input Sequence Length', id: 'input_tokens_total', scalar: true, units: { tokens: { unit: 'tok' } } },
  { name: 'Total Output Sequence Length', id: 'output_tokens_total', scalar: true, units: { tokens: { unit: 'tok' } } },
  { name: 'Request Throughput', id: 'request_throughput', scalar: true, units: { 'requests/sec': { unit: 'req/s' } } },
  {
    name: 'Output Token Throughput',
    id: 'output_token_throughput',
    scalar: true,
    units: { 'tokens/sec': { unit: 'tok/s' } },
  },
  {
    name: 'Total Token Throughput',
    id: 'total_token_throughput',
    scalar: true,
    units: { 'tokens/sec': { unit: 'tok/s' } },
  },
];

/** Rows only AIPerf's CSV prints. */
const AIPERF_ROW = /^(Benchmark Duration \(|Total Output Sequence Length \(|Inter Chunk Latency \()/m;

export const knownAs = 'AIPerf profile_export_aiperf.csv';

export function detect(text: string): boolean {
  return opensWithMetricTable(text) && AIPERF_ROW.test(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const tables = readTables(text);
  const metrics = diagnostics.unlessErrors(() => readRows(tables, ROWS, diagnostics));
  if (!metrics) return { runs: [], diagnostics: diagnostics.items };
  // AIPerf before total_token_throughput existed wrote its parts: (input + output) / duration, its definition.
  if (!metrics.total_token_throughput) {
    const total = rateFromTotals(metrics, 'total_token_throughput');
    if (total) metrics.total_token_throughput = total;
  }
  const lines = sourceLines(text);
  if (Object.keys(metrics).length === 0) {
    diagnostics.error('E_NO_RESULT', 'the AIPerf CSV holds no row perflab reads', {
      line: 1,
      expected: 'rows such as "Request Throughput (requests/sec)", "Time to First Token (ms)"',
      found: `${tables.reduce((n, t) => n + t.rows.length, 0)} other rows`,
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  const last = lines.length;
  return {
    runs: [
      {
        source: {
          file: options.file,
          format: 'aiperf-csv',
          blockIndex: 0,
          blockLabel: null,
          startLine: 1,
          endLine: last,
        },
        metrics,
        raw: lines.map((line) => line.raw).join('\n'),
      },
    ],
    diagnostics: diagnostics.items,
  };
}
