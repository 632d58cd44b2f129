import { DiagnosticList } from '../diagnostics/diagnostics.ts';
import { atPointer } from '../json-text.ts';
import { parseYamlReport } from '../yaml-text.ts';
import { isJsonObject } from './json-source.ts';
import { readGuidellmReport, reportAt } from './guidellm-report.ts';
import type { ParseResult } from './types.ts';

/**
 * Parser for guidellm's report written as YAML (`--outputs yaml`, `benchmarks.yaml`): the same
 * dict as `benchmarks.json`, dumped with PyYAML's `yaml.dump` instead of `json.dumps`
 * (GenerativeBenchmarksReport.save_file, src/guidellm/benchmark/schemas/report.py), so it is read
 * as that report is (guidellm-report.ts), each value's line the YAML line that holds it.
 *
 * `yaml.dump` writes every mapping's keys sorted: `args`, `benchmarks`, `metadata` at the top and,
 * in each benchmark, `type_` after `metrics`. A file cut off inside a benchmark (a YAML cut at a
 * line end still parses) is told by that benchmark's missing `type_`.
 */

export const knownAs = 'guidellm benchmarks.yaml';

const TOP_LEVEL_BENCHMARKS = /^benchmarks:[ \t]*\r?$/m;
const GUIDELLM_MARK = /^[ \t]+guidellm_version:|^[ \t-]*type_: generative_benchmark[ \t]*\r?$/m;

const GUIDELLM_METRICS = [/^[ \t]+request_totals:[ \t]*\r?$/m, /^[ \t]+time_to_first_token_ms:[ \t]*\r?$/m];

export function detect(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  // JSON is YAML too: a report written as JSON is guidellm-json's.
  if (/^\s*[[{]/.test(body)) return false;
  // A file cut off before `type_` and `metadata` still names guidellm's metrics, and goes to the parser.
  return TOP_LEVEL_BENCHMARKS.test(body) && (GUIDELLM_MARK.test(body) || GUIDELLM_METRICS.every((m) => m.test(body)));
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = parseYamlReport(text);
  if (!parsed.ok) {
    diagnostics.error('E_RAW_YAML', `the YAML report cannot be read: ${parsed.message}`, {
      line: parsed.line,
      column: parsed.column,
      expected: 'a guidellm report as yaml.dump writes it: mappings, lists and plain values, no tags or aliases',
      found: parsed.found,
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  const { document } = parsed;
  const listed = atPointer(document.value, '/benchmarks');
  // Before the report is recognised: a cut file has lost the `type_` and `metadata` that mark it.
  (Array.isArray(listed) ? listed : []).forEach((benchmark, index) => {
    if (!isJsonObject(benchmark) || atPointer(benchmark, '/type_') !== undefined) return;
    diagnostics.error('E_RAW_YAML', `benchmark #${index + 1} has no "type_": the YAML was cut off inside it`, {
      line: document.spans.get(`/benchmarks/${index}`)?.endLine ?? document.lines.get(`/benchmarks/${index}`),
      expected: "type_: generative_benchmark, which yaml.dump writes after the benchmark's metrics (keys sorted)",
      found: 'the benchmark ends without it',
    });
  });
  if (diagnostics.items.some((d) => d.severity === 'error')) return { runs: [], diagnostics: diagnostics.items };
  const report = reportAt(document, '');
  if (!report) {
    diagnostics.error('E_NO_RESULT', 'no guidellm "benchmarks" list found', {
      line: document.lines.get('') ?? 1,
      expected: 'a guidellm report: benchmarks: [ … ] and metadata: {guidellm_version: …}',
      found: 'a YAML document without them',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }
  const runs = readGuidellmReport({ document, source: parsed.source, text }, report, {
    file: options.file,
    format: 'guidellm-yaml',
    base: '',
    diagnostics,
  });
  return { runs, diagnostics: diagnostics.items };
}
