import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { parseJsonDocuments, type JsonDocument, type JsonValue } from '../json-text.ts';
import { isJsonObject, type JsonObject } from './json-source.ts';
import { soleJsonDocument } from './json-run.ts';
import type { ParsedRun, ParseResult } from './types.ts';
import { isVllmResult, vllmRun } from './vllm-result.ts';

/**
 * Parser for the result folders of `vllm bench sweep serve` (docs/formats.md, vllm-bench-sweep).
 * What the files are is vLLM's (vllm-project/vllm: vllm/benchmarks/sweep/serve.py):
 *
 * - One folder per combination of server and benchmark settings (`_get_comb_base_path`:
 *   `SERVE--<serve params>-BENCH--<bench params>`). In it, `--num-runs` runs of that one
 *   combination (`run_comb`: `for run_number in range(num_runs)`), each `run=N.json`
 *   (`_get_comb_run_path`): the `vllm bench serve --save-result` object of that run, to which
 *   `_update_run_data` adds `run_number` and the combination's settings. So each value means what
 *   it means in vllm-json (rates are totals / duration), and the runs of a folder are repeats of
 *   one configuration: each run gets `repeat: { group: <its folder>, index: run_number }`.
 * - `summary.json`: written once the runs are done, `json.dump(comb_data)`, the list of exactly
 *   those objects. It holds the same runs again: ingest stores each run once (from summary.json,
 *   see ingest/sweep-repeats.ts) and refuses a pair that differs.
 * - `warmup.json` (`--warmup-num-prompts`): a run with `run_number` -1, not measured; skipped.
 * - `run=N.failure.json` (`--continue-on-error`): the error of a run that failed, not a result;
 *   skipped.
 */

export const knownAs = '`vllm bench sweep serve` result folder (run=N.json, summary.json)';

/** A `vllm bench serve` result as `vllm bench sweep` saves it: with the run's number added. */
function isSweepRun(value: JsonValue | undefined): value is JsonObject {
  return isJsonObject(value) && typeof value.run_number === 'number' && isVllmResult(value);
}

/** `run=N.failure.json`: serve.py's record of a run that raised, under `--continue-on-error`. */
function isFailureRecord(value: JsonValue | undefined): value is JsonObject {
  return (
    isJsonObject(value) &&
    typeof value.run_number === 'number' &&
    typeof value.error_type === 'string' &&
    isJsonObject(value.serve_overrides)
  );
}

function isSummary(value: JsonValue | undefined): value is JsonObject[] {
  return Array.isArray(value) && value.length > 0 && value.every(isSweepRun);
}

export function detect(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  // Most raw files are printed blocks: do not start a JSON parse (and its error) for those.
  if (!/^\s*[[{]/.test(body)) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isSweepRun(first.value) || isSummary(first.value) || isFailureRecord(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return /"run_number"\s*:/.test(body) && /"num_prompts"\s*:/.test(body) && /"(completed|duration)"\s*:/.test(body);
}

/** The configuration a run repeats: its folder, as vLLM names one folder per combination. */
function groupOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '.' : file.slice(0, slash);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const failed = () => ({ runs: [], diagnostics: diagnostics.items });
  const sole = soleJsonDocument(text, diagnostics, {
    expected: 'a `vllm bench sweep` run=N.json object or summary.json list',
    one: 'one run=N.json object or one summary.json list per file',
  });
  if (!sole) return failed();
  const { parsed, document } = sole;
  const value = document.value;
  if (isFailureRecord(value)) {
    diagnostics.warning('W_SKIPPED_FILE', 'this is the record of a sweep run that failed, not a result; skipped', {
      line: document.line,
      expected: 'a run=N.json result',
      found: `run ${String(value.run_number)}: ${value.error_type}`,
      hint: 'the run measured nothing: rerun the combination, or leave it out of guide.yaml',
    });
    return failed();
  }
  const group = groupOf(options.file);
  const runs: ParsedRun[] = [];
  const read = (record: JsonObject, pointer: string, blockIndex: number, blockLabel: string | null) => {
    const index = runNumber(record, document, pointer, diagnostics);
    if (index === undefined) return;
    if (index === -1) {
      diagnostics.warning('W_SKIPPED_FILE', "this is the sweep's warm-up run (run_number -1), not measured; skipped", {
        line: document.lines.get(`${pointer}/run_number`),
        expected: 'a measured run: run_number 0 or more',
        found: 'run_number -1 (--warmup-num-prompts)',
        hint: 'the measured runs are run=0.json, run=1.json, … beside it',
      });
      return;
    }
    const run = vllmRun(
      record,
      { document, text, diagnostics },
      {
        file: options.file,
        format: 'vllm-bench-sweep',
        parsedSource: parsed.source,
        document,
        pointer,
        blockIndex,
        blockLabel,
        what: `run ${index}`,
      },
    );
    if (run) runs.push({ ...run, repeat: { group, index } });
  };
  if (Array.isArray(value))
    value.forEach((record, i) => isJsonObject(record) && read(record, `/${i}`, i, label(record)));
  else if (isJsonObject(value)) read(value, '', 0, null);
  return { runs, diagnostics: diagnostics.items };
}

/** A run of summary.json is labelled as its own file is named: `run=0`. */
function label(record: JsonObject): string {
  return `run=${String(record.run_number)}`;
}

/** The run's number as serve.py writes it: a whole number, -1 for the warm-up; otherwise an error at its line. */
function runNumber(
  record: JsonObject,
  document: JsonDocument,
  pointer: string,
  diagnostics: DiagnosticList,
): number | undefined {
  const n = record.run_number;
  if (typeof n === 'number' && Number.isInteger(n) && n >= -1) return n;
  diagnostics.error('E_SCHEMA', `run_number is not a run's number`, {
    line: document.lines.get(`${pointer}/run_number`),
    expected: 'a whole number: 0, 1, … (or -1 for the warm-up run)',
    found: quoteFound(JSON.stringify(n)),
  });
  return undefined;
}
