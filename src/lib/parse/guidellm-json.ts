import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
import { atPointer, parseJsonDocuments, type JsonValue } from '../json-text.ts';
import type { ParseResult } from './types.ts';
import { isJsonObject, reportJsonError } from './json-source.ts';
import { isGuidellmReport, readGuidellmReport } from './guidellm-report.ts';

/**
 * Parser for guidellm's report JSON (`benchmarks.json`, docs/formats.md, guidellm-json), which is also
 * what GPUStack benchmark-runner's `dual_json` summary writes (§2.6): format `guidellm-json`, one
 * run per `benchmarks[]` entry, always from the `successful` status. The GPUStack server export
 * (`GET /v2/benchmarks/{id}`) carries the same report under `raw_metrics` and is read the same
 * way as format `gpustack-runner-json`; its flat columns repeat one point of it and are not read.
 */

function isGpustackExport(value: JsonValue): boolean {
  return isJsonObject(value) && 'raw_metrics' in value && 'snapshot' in value;
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'guidellm benchmarks.json, GPUStack benchmark-runner summary and GPUStack benchmark export';

export function detect(text: string): boolean {
  // Most raw files are printed blocks: do not start a JSON parse (and its error) for those.
  if (!/^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isGuidellmReport(first.value) || isGpustackExport(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  const opensObject = /^\s*\{/.test(text.replace(/^\uFEFF/, ''));
  return (
    opensObject &&
    ((/"guidellm_version"\s*:/.test(text) && /"benchmarks"\s*:/.test(text)) ||
      (/"raw_metrics"\s*:/.test(text) && /"snapshot"\s*:/.test(text)))
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, 'a guidellm report (benchmarks.json) or a GPUStack benchmark export');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const [document, second] = parsed.documents;
  if (!document || second) {
    diagnostics.error('E_JSON', `${parsed.documents.length} JSON documents in one file`, {
      line: second?.line,
      expected: 'one guidellm report per file',
      found: second ? `another document starting at line ${second.line}` : 'none',
    });
    return { runs: [], diagnostics: diagnostics.items };
  }

  const exported = isGpustackExport(document.value);
  const format: FormatId = exported ? 'gpustack-runner-json' : 'guidellm-json';
  const base = exported ? '/raw_metrics' : '';
  const report = atPointer(document.value, base);
  if (!isGuidellmReport(report)) {
    diagnostics.error(
      'E_NO_RESULT',
      exported ? 'the GPUStack export has no guidellm report in "raw_metrics"' : 'no guidellm "benchmarks" list found',
      {
        line: document.lines.get(base) ?? 1,
        expected: 'a guidellm report: {"metadata": {"guidellm_version": …}, "benchmarks": [ … ]}',
        found: quoteFound(JSON.stringify(report ?? null)),
        hint: exported
          ? "the flat *_mean/*_p95 columns alone are not read; re-export after raw_metrics is filled (hack/perf/fill_benchmark_raw_metrics.py) or use the runner's {id}.json"
          : undefined,
      },
    );
    return { runs: [], diagnostics: diagnostics.items };
  }

  const runs = readGuidellmReport({ document, source: parsed.source, text }, report, {
    file: options.file,
    format,
    base,
    diagnostics,
  });
  return { runs, diagnostics: diagnostics.items };
}
