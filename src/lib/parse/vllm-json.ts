import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { parseJsonDocuments, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonValueSpan, reportJsonError, uniqueLabels } from './json-source.ts';
import type { ParsedRun, ParseResult } from './types.ts';
import { isVllmResult, vllmRun } from './vllm-result.ts';

/**
 * Parser for `vllm bench serve --save-result` JSON (docs/formats.md, vllm-json): one object per run,
 * several newline-separated objects with `--append-result`. Summaries are already in ms and s; the
 * per-request arrays (`latencies`, `ttfts`, …) are not metrics and are ignored. The sibling
 * `{stem}.pytorch.json` list is recognised and skipped with a warning. A result without the rate
 * keys (vllm-ascend's nightly results) is read too: its rates are computed from its totals over
 * its duration, with a warning naming each key it lacks.
 */

/** The PyTorch OSS benchmark-format list vLLM writes beside the result as `{stem}.pytorch.json`. */
function isPytorchRecords(value: JsonValue): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (r) =>
        isJsonObject(r) &&
        isJsonObject(r.benchmark) &&
        isJsonObject(r.metric) &&
        Array.isArray(r.metric.benchmark_values),
    )
  );
}

/** `vllm bench sweep` adds the run's number to the result it saves (sweep/serve.py, `_update_run_data`). */
function isSweepRun(value: JsonValue): boolean {
  return isJsonObject(value) && typeof value.run_number === 'number';
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = '`vllm bench serve --save-result` JSON';

export function detect(text: string): boolean {
  // Most raw files are printed blocks: do not start a JSON parse (and its error) for those.
  if (!/^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  // A result with `run_number` is one `vllm bench sweep` saved: vllm-bench-sweep.ts reads it as a repeat.
  if (first) return (isVllmResult(first.value) && !isSweepRun(first.value)) || isPytorchRecords(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return (
    /^\s*\{/.test(text.replace(/^\uFEFF/, '')) &&
    /"num_prompts"\s*:/.test(text) &&
    /"(completed|duration|total_token_throughput)"\s*:/.test(text) &&
    !/"(total_output_tokens_retokenized|total_throughput)"\s*:/.test(text) &&
    !/"run_number"\s*:/.test(text)
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, 'a `vllm bench serve --save-result` JSON object');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const documents = parsed.documents;
  const [first] = documents;
  if (first && Array.isArray(first.value) && isPytorchRecords(first.value)) {
    const sibling = options.file.endsWith('.pytorch.json')
      ? `${options.file.slice(0, -'.pytorch.json'.length).split('/').pop()}.json`
      : 'the `{stem}.json` beside it';
    // formats.md §2.2: recognise and skip it; the result is in the sibling file.
    diagnostics.warning(
      'W_SKIPPED_FILE',
      'this is the PyTorch OSS benchmark-format list vLLM writes beside a --save-result file, not a result; skipped',
      {
        line: first.line,
        expected: 'the `vllm bench serve --save-result` JSON object',
        found: `a list of ${first.value.length} {benchmark, model, metric} records`,
        hint: `use ${sibling} instead: it holds the same run with every metric`,
      },
    );
    return { runs: [], diagnostics: diagnostics.items };
  }

  const labels = uniqueLabels(
    documents.map((d) =>
      isJsonObject(d.value) && typeof d.value.label === 'string' && d.value.label.trim() !== ''
        ? d.value.label.trim()
        : null,
    ),
  );
  const runs: ParsedRun[] = [];
  documents.forEach((document, blockIndex) => {
    const span = jsonValueSpan(parsed.source, document, '');
    const record = document.value;
    if (!isJsonObject(record)) {
      diagnostics.error('E_SCHEMA', `JSON document #${blockIndex + 1} is not a result object`, {
        line: document.line,
        expected: 'an object like {"date": …, "num_prompts": …, "duration": …}',
        found: quoteFound(span.text),
      });
      return;
    }
    const run = vllmRun(
      record,
      { document, text, diagnostics },
      {
        file: options.file,
        format: 'vllm-json',
        parsedSource: parsed.source,
        document,
        pointer: '',
        blockIndex,
        blockLabel: labels[blockIndex] ?? null,
        what: `JSON document #${blockIndex + 1}`,
      },
    );
    if (run) runs.push(run);
  });
  return { runs, diagnostics: diagnostics.items };
}
