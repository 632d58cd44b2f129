import { DiagnosticList } from '../diagnostics/diagnostics.ts';
import { opensWithMetricTable, readRows, readTables, type RowSpec } from './nvidia-csv.ts';
import { sourceLines } from './source-lines.ts';
import * as aiperfCsv from './aiperf-csv.ts';
import type { ParseResult } from './types.ts';

/**
 * Parser for GenAI-Perf's `profile_export_genai_perf.csv` (docs/formats.md, genai-perf-csv): the
 * same run as its JSON (genai-perf-json.ts, where each definition's source is named), printed with
 * two decimals and thousands separators in quotes (`"9,611.46"`). "Inter Token Latency" is TPOT;
 * the "Per User" rows are one request's rate each, not the run's throughput, and are not read. A
 * run without `--streaming` has no "Time To First Token" row: GenAI-Perf leaves streaming metrics
 * out. Its rates are over a duration the file does not print, so they cannot be checked.
 */

const ms = { ms: { unit: 'ms' } } as const;

const ROWS: RowSpec[] = [
  { name: 'Time To First Token', id: 'ttft', units: ms },
  { name: 'Inter Token Latency', id: 'tpot', units: ms },
  { name: 'Request Latency', id: 'e2e_latency', units: ms },
  { name: 'Request Count', id: 'requests_successful', scalar: true, units: { count: { unit: 'count' } } },
  { name: 'Request Throughput', id: 'request_throughput', scalar: true, units: { 'per sec': { unit: 'req/s' } } },
  {
    name: 'Output Token Throughput',
    id: 'output_token_throughput',
    scalar: true,
    // "(per sec)" before GenAI-Perf's metric units were made consistent (TMA-1977).
    units: { 'tokens/sec': { unit: 'tok/s' }, 'per sec': { unit: 'tok/s' } },
  },
];

export const knownAs = 'GenAI-Perf profile_export_genai_perf.csv';

export function detect(text: string): boolean {
  return opensWithMetricTable(text) && !aiperfCsv.detect(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const metrics = diagnostics.unlessErrors(() => readRows(readTables(text), ROWS, diagnostics));
  if (!metrics) return { runs: [], diagnostics: diagnostics.items };
  const lines = sourceLines(text);
  if (Object.keys(metrics).length === 0) {
    diagnostics.error('E_NO_RESULT', 'the GenAI-Perf CSV holds no row perflab reads', {
      line: 1,
      expected: 'rows such as "Request Throughput (per sec)", "Request Latency (ms)"',
      found: 'none of them',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  return {
    runs: [
      {
        source: {
          file: options.file,
          format: 'genai-perf-csv',
          blockIndex: 0,
          blockLabel: null,
          startLine: 1,
          endLine: lines.length,
        },
        metrics,
        raw: lines.map((line) => line.raw).join('\n'),
      },
    ],
    diagnostics: diagnostics.items,
  };
}
