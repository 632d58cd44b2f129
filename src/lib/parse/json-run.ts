import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
import { parseJsonDocuments, type JsonDocument, type JsonParseResult } from '../json-text.ts';
import { jsonValueSpan, reportJsonError, type JsonSource } from './json-source.ts';
import type { ParseResult, RunMetrics } from './types.ts';

/** What a one-run JSON format says about itself in its messages. */
export type JsonRunFormat = {
  format: FormatId;
  /** what the file should be: "an AIPerf profile_export_aiperf.json object" */
  expected: string;
  /** the tool's name in messages: "AIPerf export" */
  name: string;
  /** the keys a result has, for the message when it holds none */
  resultKeys: string;
  /** a document that is the tool's but holds no run (a summary of runs): its warning, or nothing */
  skip?: (document: JsonDocument, diagnostics: DiagnosticList) => boolean;
  read: (source: JsonSource) => RunMetrics;
};

/**
 * The one JSON document a file holds, with the parse it came from; undefined, with an error at
 * its line, for a syntax error, no document or a second one. `expected` says what the file should
 * be, `one` how many of it a file holds ("one guidellm report per file").
 */
export function soleJsonDocument(
  text: string,
  diagnostics: DiagnosticList,
  spec: { expected: string; one: string },
): { parsed: Extract<JsonParseResult, { ok: true }>; document: JsonDocument } | undefined {
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, spec.expected);
    return undefined;
  }
  const [document, second] = parsed.documents;
  if (!document || second) {
    diagnostics.error('E_JSON', `${parsed.documents.length} JSON documents in one file`, {
      line: second?.line,
      expected: spec.one,
      found: second ? `another document starting at line ${second.line}` : 'none',
    });
    return undefined;
  }
  return { parsed, document };
}

/**
 * One JSON document, one run: the shape of AIPerf's, GenAI-Perf's and trtllm-bench's exports. A
 * syntax error, a second document and a document with no value perflab reads are errors at
 * their line; the run's raw text is the whole document.
 */
export function parseJsonRun(text: string, options: { file: string }, spec: JsonRunFormat): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const failed = () => ({ runs: [], diagnostics: diagnostics.items });
  const sole = soleJsonDocument(text, diagnostics, { expected: spec.expected, one: `one ${spec.name} per file` });
  if (!sole) return failed();
  const { parsed, document } = sole;
  if (spec.skip?.(document, diagnostics)) return failed();
  const metrics = diagnostics.unlessErrors(() => spec.read({ document, text, diagnostics }));
  if (!metrics) return failed();
  const span = jsonValueSpan(parsed.source, document, '');
  if (Object.keys(metrics).length === 0) {
    diagnostics.error('E_NO_RESULT', `the ${spec.name} holds no benchmark result`, {
      line: document.line,
      expected: spec.resultKeys,
      found: quoteFound(span.text),
    });
    return failed();
  }
  const source = { file: options.file, format: spec.format, blockIndex: 0, blockLabel: null };
  return {
    runs: [{ source: { ...source, startLine: span.startLine, endLine: span.endLine }, metrics, raw: span.text }],
    diagnostics: diagnostics.items,
  };
}
