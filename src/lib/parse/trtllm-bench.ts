import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { stored } from '../format/number.ts';
import {
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type ScalarId,
  type Stat,
  type Unit,
} from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { parseNumber } from './number.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';
import { completeFromAverages } from './trtllm-statistics.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for the report `trtllm-bench throughput` (and `latency`) prints at the end of a run
 * (docs/formats.md, trtllm-bench): sections between rules of `=`, `= TITLE` lines (with trailing
 * spaces in recent releases), `Label:<spaces or tabs>value` lines and breakdown lines
 * `[TPOT] P50    : 7.6079`, logged as one message whose first line alone carries the logger's
 * prefix (`[01/18/2025-01:01:42] [TRT-LLM] [I]`). What each figure means is in
 * trtllm-statistics.ts. One run per report; a file may hold several, each after a `# label` line
 * or separated by the tool's log lines.
 */

type Line =
  { id: ScalarId; unit: Unit; fromMs?: true } | { id: DistributionId; stat: Stat } | 'input' | 'output' | 'skip';

/** Labels of the report's request and performance sections, lower-cased, spaces collapsed. */
const LABELS: Record<string, Line> = {
  'number of requests': { id: 'requests_successful', unit: 'count' },
  'number of concurrent requests': { id: 'mean_concurrency', unit: 'count' },
  'average input length (tokens)': 'input',
  'average output length (tokens)': 'output',
  'request throughput (req/sec)': { id: 'request_throughput', unit: 'req/s' },
  'total output throughput (tokens/sec)': { id: 'output_token_throughput', unit: 'tok/s' },
  // 0.16 and earlier: total_output_tokens / total latency (statistics.py token_throughput_ns).
  'token throughput (tokens/sec)': { id: 'output_token_throughput', unit: 'tok/s' },
  'total token throughput (tokens/sec)': { id: 'total_token_throughput', unit: 'tok/s' },
  'total latency (ms)': { id: 'duration', unit: 's', fromMs: true },
  'average request latency (ms)': { id: 'e2e_latency', stat: 'mean' },
  'average time-to-first-token [ttft] (ms)': { id: 'ttft', stat: 'mean' },
  'average time-per-output-token [tpot] (ms)': { id: 'tpot', stat: 'mean' },
  // One request's rates averaged, or the output over the world size: not the run's throughput.
  'per user output throughput [w/ ctx] (tps/user)': 'skip',
  'per user output throughput (tokens/sec/user)': 'skip',
  'per gpu output throughput (tps/gpu)': 'skip',
  'per gpu output throughput (tokens/sec/gpu)': 'skip',
  'per user output speed (tps/user)': 'skip',
  'per user output speed [1/tpot] (tokens/sec/user)': 'skip',
};

/** Breakdown tags read, and the distributions they are. [GTPS] is one request's rate: not read. */
const BREAKDOWNS: Record<string, DistributionId | 'skip'> = {
  TPOT: 'tpot',
  TTFT: 'ttft',
  Latency: 'e2e_latency',
  GTPS: 'skip',
  DT: 'skip',
  ADT: 'skip',
  DAR: 'skip',
  AL: 'skip',
};

const BREAKDOWN_STATS: Record<string, Stat> = {
  MINIMUM: 'min',
  MAXIMUM: 'max',
  AVERAGE: 'mean',
  P50: 'p50',
  P90: 'p90',
  P95: 'p95',
  P99: 'p99',
};

/** The sections whose labels are read; the others (engine, world, dataset, decoding) describe the setup. */
const READ_SECTIONS = new Set(['REQUEST DETAILS', 'PERFORMANCE OVERVIEW']);

const RULE = /^=+$/;
const TITLE = /^= (.+?)$/;
const BREAKDOWN = /^\[(\w+)\]\s+([A-Z0-9]+)\s*:\s*(\S+)$/;
const LABEL_LINE = /^([^:]+?):\s*(\S.*)$/;
/** The tool's log lines (`[07/11/2025-08:17:39] [TRT-LLM] [I] …`, `[TensorRT-LLM][INFO] …`) end a report. */
const LOG_LINE = /^\[(\d{2}\/\d{2}\/\d{4}-|TensorRT-LLM\]|TRT-LLM\])/;
const BLOCK_LABEL = /^#\s+(\S.*)$/;

export const knownAs = '`trtllm-bench throughput` printed report';

export function detect(text: string): boolean {
  if (!text.includes('PERFORMANCE OVERVIEW')) return false;
  const lines = sourceLines(text);
  return lines.some((line, i) => /^= PERFORMANCE OVERVIEW$/.test(line.text) && RULE.test(lines[i - 1]?.text ?? ''));
}

type Section = { title: string; lines: SourceLine[] };
type Report = { label: string | null; start: number; end: number; sections: Section[] };

/** The reports of a file: sections grouped until a log line or a `# label` line. */
function reports(lines: readonly SourceLine[]): Report[] {
  const found: Report[] = [];
  let label: string | null = null;
  let current: Report | undefined;
  let section: Section | undefined;
  const close = () => {
    if (current?.sections.some((s) => s.title === 'PERFORMANCE OVERVIEW')) found.push(current);
    current = undefined;
    section = undefined;
  };
  lines.forEach((line, index) => {
    const text = line.text.trim();
    const labelled = BLOCK_LABEL.exec(text);
    if (LOG_LINE.test(text) || labelled) {
      close();
      if (labelled) label = labelled[1]?.trim() ?? null;
      return;
    }
    const title = TITLE.exec(text);
    const rule = lines[index - 1];
    if (title && rule && RULE.test(rule.text.trim())) {
      if (!current) {
        current = { label, start: rule.line, end: line.line, sections: [] };
        label = null;
      }
      section = { title: (title[1] ?? '').trim().toUpperCase(), lines: [] };
      current.sections.push(section);
      current.end = line.line;
      return;
    }
    if (!current) return;
    if (text !== '') current.end = line.line;
    if (section && text !== '' && !RULE.test(text)) section.lines.push(line);
  });
  close();
  return found;
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text);
  const found = reports(lines);
  const runs: ParsedRun[] = [];
  found.forEach((report, blockIndex) => {
    const metrics = diagnostics.unlessErrors(() => readReport(report, diagnostics));
    if (!metrics) return;
    if (Object.keys(metrics).length === 0) {
      diagnostics.error(
        'E_NO_RESULT',
        'the trtllm-bench report has no figure perflab reads in its PERFORMANCE OVERVIEW',
        {
          line: report.start,
          expected: 'lines such as "Request Throughput (req/sec): …", "Total Latency (ms): …"',
          found: 'none of them',
        },
      );
      return;
    }
    runs.push({
      source: {
        file: options.file,
        format: 'trtllm-bench',
        blockIndex,
        blockLabel: report.label,
        startLine: report.start,
        endLine: report.end,
      },
      metrics,
      raw: lines
        .slice(report.start - 1, report.end)
        .map((line) => line.raw)
        .join('\n'),
    });
  });
  if (found.length === 0)
    diagnostics.error('E_NO_RESULT', 'no trtllm-bench report found', {
      line: 1,
      expected: 'a "= PERFORMANCE OVERVIEW" section between rules of "="',
      found: 'none',
    });
  return { runs, diagnostics: diagnostics.items };
}

function readReport(report: Report, diagnostics: DiagnosticList): RunMetrics {
  const metrics: RunMetrics = {};
  const averages: Parameters<typeof completeFromAverages>[1] = {};
  const put = (key: MetricKey, value: MetricValue) => {
    // "Average request latency" and "[Latency] AVERAGE" are one figure: the first line keeps it.
    if (!metrics[key]) metrics[key] = value;
  };
  for (const section of report.sections) {
    if (!READ_SECTIONS.has(section.title)) continue;
    for (const line of section.lines) {
      const text = line.text.trim();
      const breakdown = BREAKDOWN.exec(text);
      if (breakdown) {
        const [, tag = '', statName = '', token = ''] = breakdown;
        const family = BREAKDOWNS[tag];
        const stat = BREAKDOWN_STATS[statName];
        if (family === 'skip') continue;
        if (!family || !stat) {
          diagnostics.warning('W_UNKNOWN_LINE', `unknown trtllm-bench breakdown line "${text}"; skipped`, {
            line: line.line,
            found: quoteFound(text),
          });
          continue;
        }
        const n = number(token, line, diagnostics);
        if (n !== undefined) put(statKeyOf(family, stat), { value: n, unit: 'ms', printed: token, line: line.line });
        continue;
      }
      if (text.startsWith('-- ')) continue; // a breakdown's heading
      const labelled = LABEL_LINE.exec(text);
      const label = labelled?.[1]?.replace(/\s+/g, ' ').toLowerCase() ?? '';
      const spec = LABELS[label];
      if (!labelled || !spec) {
        diagnostics.warning('W_UNKNOWN_LINE', `unknown line in the trtllm-bench ${section.title} section; skipped`, {
          line: line.line,
          found: quoteFound(text),
        });
        continue;
      }
      if (spec === 'skip') continue;
      const token = labelled[2]?.trim() ?? '';
      const n = number(token, line, diagnostics);
      if (n === undefined) continue;
      if (spec === 'input' || spec === 'output') {
        averages[spec] = { value: n, printed: token, line: line.line };
        continue;
      }
      if ('stat' in spec) put(statKeyOf(spec.id, spec.stat), { value: n, unit: 'ms', printed: token, line: line.line });
      else if (spec.fromMs)
        put(spec.id, { value: stored(n / 1000), unit: 's', printed: token, printedUnit: 'ms', line: line.line });
      else put(spec.id, { value: n, unit: spec.unit, printed: token, line: line.line });
    }
  }
  completeFromAverages(metrics, averages);
  return metrics;
}

function number(token: string, line: SourceLine, diagnostics: DiagnosticList): number | undefined {
  const parsed = parseNumber(token);
  if (parsed.ok && parsed.value >= 0) return parsed.value;
  diagnostics.error('E_BAD_NUMBER', `expected a number ≥ 0; ${parsed.ok ? 'cannot be negative' : parsed.reason}`, {
    line: line.line,
    column: line.raw.lastIndexOf(token) + 1 || undefined,
    expected: 'a finite number ≥ 0',
    found: quoteFound(token),
  });
  return undefined;
}
