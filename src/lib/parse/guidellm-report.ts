import { quoteFound, type DiagnosticList } from '../diagnostics/diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
import { atPointer, type JsonDocument, type JsonValue } from '../json-text.ts';
import type { ParsedRun } from './types.ts';
import { isJsonObject, jsonValueSpan, uniqueLabels, type JsonObject, type JsonSource } from './json-source.ts';
import { excerpt, readBenchmark, strategyLabel } from './guidellm-benchmark.ts';

/**
 * guidellm's report (`GenerativeBenchmarksReport`), however it was written: `save_file` dumps one
 * dict as JSON (`json.dumps`) or YAML (`yaml.dump`), chosen by the file's extension
 * (src/guidellm/benchmark/schemas/report.py). guidellm-json.ts and guidellm-yaml.ts parse the
 * syntax; this reads the report: one run per `benchmarks[]` entry, from its `successful` status.
 */

export type GuidellmReport = JsonObject & { benchmarks: JsonValue[] };

export function isGuidellmReport(value: JsonValue | undefined): value is GuidellmReport {
  if (!isJsonObject(value) || !Array.isArray(value.benchmarks)) return false;
  const first = value.benchmarks[0];
  return (
    (isJsonObject(value.metadata) && typeof value.metadata.guidellm_version === 'string') ||
    (isJsonObject(first) && first.type_ === 'generative_benchmark')
  );
}

/** The runs of the report at `base` of a parsed document (`''`, or `/raw_metrics` in GPUStack's export). */
export function readGuidellmReport(
  parsed: { document: JsonDocument; source: string; text: string },
  report: GuidellmReport,
  options: { file: string; format: FormatId; base: string; diagnostics: DiagnosticList },
): ParsedRun[] {
  const { document } = parsed;
  const { base, diagnostics } = options;
  if (!knownSchemaVersion(report, document, base, diagnostics)) return [];
  const benchmarks = report.benchmarks;
  if (benchmarks.length === 0) {
    diagnostics.error('E_NO_RESULT', 'the guidellm report lists no benchmark', {
      line: document.lines.get(`${base}/benchmarks`),
      expected: 'at least one entry in "benchmarks"',
      found: '[]',
    });
    return [];
  }
  const labels = uniqueLabels(benchmarks.map((b) => (benchmarks.length === 1 ? null : strategyLabel(b))));
  const source: JsonSource = { document, text: parsed.text, diagnostics };
  const runs: ParsedRun[] = [];
  benchmarks.forEach((benchmark, blockIndex) => {
    const entry = `${base}/benchmarks/${blockIndex}`;
    const span = jsonValueSpan(parsed.source, document, entry);
    if (!isJsonObject(benchmark)) {
      diagnostics.error('E_SCHEMA', `benchmark #${blockIndex + 1} is not an object`, {
        line: span.startLine,
        expected: 'a guidellm generative_benchmark object',
        found: quoteFound(span.text),
      });
      return;
    }
    const read = diagnostics.unlessErrors(() => readBenchmark(source, entry));
    if (!read) return;
    if (Object.keys(read.metrics).length === 0) {
      diagnostics.error('E_NO_RESULT', `benchmark #${blockIndex + 1} has no summary metrics`, {
        line: span.startLine,
        expected: 'metrics with request_totals and the token counts and latencies of its requests',
        found: quoteFound(span.text),
      });
      return;
    }
    runs.push({
      source: {
        file: options.file,
        format: options.format,
        blockIndex,
        blockLabel: labels[blockIndex] ?? null,
        startLine: span.startLine,
        endLine: span.endLine,
      },
      metrics: read.metrics,
      raw: excerpt(source, entry, read.used),
    });
  });
  return runs;
}

/**
 * guidellm numbers its report's shape in `metadata.version` and increments it "whenever there is a
 * breaking change to the output format" (GenerativeBenchmarkMetadata.version, src/guidellm/benchmark/
 * schemas/report.py; the section came with guidellm 0.5, PR #497). perflab reads version 1 and the
 * reports before the section; a later version is refused, never read as if it were version 1.
 */
function knownSchemaVersion(
  report: GuidellmReport,
  document: JsonDocument,
  base: string,
  diagnostics: DiagnosticList,
): boolean {
  const version = isJsonObject(report.metadata) ? report.metadata.version : undefined;
  if (version === undefined || version === 1) return true;
  diagnostics.error(
    'E_SCHEMA',
    `guidellm report schema version ${JSON.stringify(version)}, which perflab does not read`,
    {
      line: document.lines.get(`${base}/metadata/version`),
      expected: 'metadata.version 1 (guidellm 0.5 and later until its next breaking change), or a report without it',
      found: `version ${JSON.stringify(version)}`,
      hint: "guidellm changes this number only with a breaking change to its report's shape, which perflab has not read from guidellm's source yet",
    },
  );
  return false;
}

/** The report at `base`, or undefined. */
export function reportAt(document: JsonDocument, base: string): GuidellmReport | undefined {
  const report = atPointer(document.value, base);
  return isGuidellmReport(report) ? report : undefined;
}
