import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { MetricValue } from '../schema/run.ts';
import { isGsm8kTask } from './gsm8k-sglang-jsonl.ts';
import { isJsonObject, jsonNumber, reportJsonError, type JsonSource, type NumberSpec } from './json-source.ts';
import type { ScalarId } from '../schema/metric.ts';
import { atPointer, parseJsonDocuments, pointerEscape, type JsonDocument, type JsonValue } from '../json-text.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for lm-evaluation-harness `results_<date>.json` (docs/formats.md, lm-eval-json and lm-eval-table): one run per
 * (gsm8k-family task, filter), from `results.<task>["exact_match,<filter>"]`, its
 * `"exact_match_stderr,<filter>"` (a number or "N/A") and `n-samples.<task>.effective`.
 * Other tasks in the same file are not GSM8K and are ignored.
 */

const METRIC_KEY = /^exact_match(?:_stderr)?,(.+)$/;

/** `strict-match` for plain gsm8k, `gsm8k_cot/strict-match` for the other tasks. */
export function lmEvalBlockLabel(task: string, filter: string): string {
  return task === 'gsm8k' ? filter : `${task}/${filter}`;
}

/** Like JSON.stringify(value, null, 2) at `indent`, but numbers as written ("0.960", "NaN"). */
function pretty(doc: JsonDocument, pointer: string, value: JsonValue, indent: string): string {
  if (typeof value === 'number') return doc.numberTexts.get(pointer) ?? String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((v, i) => pretty(doc, `${pointer}/${i}`, v, inner))
    : Object.entries(value).map(
        ([k, v]) => `${JSON.stringify(k)}: ${pretty(doc, `${pointer}/${pointerEscape(k)}`, v, inner)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return entries.length === 0
    ? `${open}${close}`
    : `${open}\n${entries.map((e) => inner + e).join(',\n')}\n${indent}${close}`;
}

function isResultsFile(doc: JsonDocument): boolean {
  return (
    isJsonObject(doc.value) && isJsonObject(doc.value.results) && ('n-samples' in doc.value || 'configs' in doc.value)
  );
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'lm-evaluation-harness results JSON';

export function detect(text: string): boolean {
  if (!text.trimStart().startsWith('{') || !text.includes('"results"')) return false;
  const json = parseJsonDocuments(text);
  return json.ok && json.documents.every(isResultsFile);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const json = parseJsonDocuments(text);
  if (!json.ok) {
    reportJsonError(json, diagnostics, 'the results JSON lm-evaluation-harness wrote');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const runs: ParsedRun[] = [];
  const tasksSeen: string[] = [];
  let blockIndex = 0;

  const notResults = json.documents.find((doc) => !isJsonObject(doc.value) || !isJsonObject(doc.value.results));
  if (notResults) {
    diagnostics.error('E_NO_RESULT', 'not an lm-evaluation-harness results file: no "results" object', {
      line: notResults.line,
      expected: '{"results": {"gsm8k": {…}}, "n-samples": {…}, …}',
      found: isJsonObject(notResults.value)
        ? `the keys ${Object.keys(notResults.value)
            .map((k) => JSON.stringify(k))
            .join(', ')}`
        : quoteFound(JSON.stringify(notResults.value)),
    });
    return { runs, diagnostics: diagnostics.items };
  }

  for (const doc of json.documents) {
    const results = isJsonObject(doc.value) && isJsonObject(doc.value.results) ? doc.value.results : {};
    const source: JsonSource = { document: doc, text, diagnostics };
    for (const [task, entry] of Object.entries(results)) {
      tasksSeen.push(task);
      if (!isGsm8kTask(task)) continue;
      const taskPointer = `/results/${pointerEscape(task)}`;
      const filters = [
        ...new Set(
          Object.keys(isJsonObject(entry) ? entry : {})
            .map((k) => METRIC_KEY.exec(k)?.[1])
            .filter((f) => f !== undefined),
        ),
      ];
      if (filters.length === 0) {
        diagnostics.error('E_MISSING_REQUIRED', `results.${task} has no "exact_match,<filter>" value`, {
          line: doc.lines.get(taskPointer),
          expected: '"exact_match,strict-match" and "exact_match,flexible-extract"',
          found: quoteFound(JSON.stringify(entry)),
        });
        continue;
      }

      const nPointer = `/n-samples/${pointerEscape(task)}`;
      // A refused sample count spoils every filter's run; it is reported once.
      const samples = diagnostics.unlessErrors(() => ({ n: metric(source, `${nPointer}/effective`, SAMPLES) }));
      const nEntry = atPointer(doc.value, nPointer);
      const parts = [`"results": {\n    ${JSON.stringify(task)}: ${pretty(doc, taskPointer, entry, '    ')}\n  }`];
      if (nEntry !== undefined)
        parts.push(`"n-samples": {\n    ${JSON.stringify(task)}: ${pretty(doc, nPointer, nEntry, '    ')}\n  }`);
      const raw = `{\n  ${parts.join(',\n  ')}\n}`;

      for (const filter of filters) {
        const index = blockIndex++;
        const metrics = diagnostics.unlessErrors(() => readFilter(source, task, filter));
        if (!metrics || !samples) continue;
        if (samples.n) metrics.gsm8k_n = samples.n;
        runs.push({
          source: {
            file: options.file,
            format: 'lm-eval-json',
            blockIndex: index,
            blockLabel: lmEvalBlockLabel(task, filter),
            startLine: doc.lines.get(taskPointer) ?? doc.line,
            endLine: Math.max(...Object.values(metrics).map((m) => m?.line ?? doc.line)),
          },
          metrics,
          evaluation: { task, scoring: filter },
          raw,
        });
      }
    }
  }

  if (runs.length === 0 && !diagnostics.hasErrors) {
    diagnostics.error('E_NO_RESULT', 'no GSM8K task in "results"', {
      line: json.documents[0]?.lines.get('/results') ?? 1,
      expected: 'a task "gsm8k" (or gsm8k_cot, …) in "results"',
      found: tasksSeen.length === 0 ? 'no tasks' : `tasks ${tasksSeen.map((t) => JSON.stringify(t)).join(', ')}`,
    });
  }
  return { runs, diagnostics: diagnostics.items };
}

const SAMPLES: Spec = { id: 'gsm8k_n', unit: 'count', integer: true };
const ACCURACY: Spec = { id: 'gsm8k_accuracy', unit: 'fraction', max: 1 };
const STDERR: Spec = { id: 'gsm8k_stderr', unit: 'fraction', max: 1 };

type Spec = NumberSpec & { id: ScalarId };

function metric(source: JsonSource, pointer: string, spec: Spec): MetricValue | undefined {
  const number = jsonNumber(source, pointer, spec);
  return number && { ...number, unit: spec.unit };
}

/** The accuracy of one filter of a task and its stderr; lm-eval writes "N/A" for a stderr it could not compute. */
function readFilter(source: JsonSource, task: string, filter: string): RunMetrics {
  const { document: doc, diagnostics } = source;
  const taskPointer = `/results/${pointerEscape(task)}`;
  const accuracyPointer = `${taskPointer}/${pointerEscape(`exact_match,${filter}`)}`;
  const stderrPointer = `${taskPointer}/${pointerEscape(`exact_match_stderr,${filter}`)}`;
  const metrics: RunMetrics = {};
  const accuracy = metric(source, accuracyPointer, ACCURACY);
  if (accuracy) metrics.gsm8k_accuracy = accuracy;
  else if (atPointer(doc.value, accuracyPointer) === undefined) {
    diagnostics.error('E_MISSING_REQUIRED', `results.${task} has a stderr but no "exact_match,${filter}"`, {
      line: doc.lines.get(stderrPointer),
      expected: `"exact_match,${filter}": <fraction from 0 to 1>`,
      found: `only "exact_match_stderr,${filter}"`,
    });
  }
  // e.g. with bootstrap_iters: 0
  if (atPointer(doc.value, stderrPointer) === 'N/A') {
    diagnostics.warning('W_NO_VALUE', `"exact_match_stderr,${filter}" of ${task} is "N/A"; gsm8k_stderr is absent`, {
      line: doc.lines.get(stderrPointer),
      found: quoteFound('N/A'),
    });
  } else {
    const stderr = metric(source, stderrPointer, STDERR);
    if (stderr) metrics.gsm8k_stderr = stderr;
  }
  return metrics;
}
