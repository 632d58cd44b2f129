import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { parseJsonDocuments, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, reportJsonError, type JsonObject, type NumberSpec } from './json-source.ts';
import type { ScalarId } from '../schema/metric.ts';
import { sourceLines } from './source-lines.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for the `--result-file` (default result.jsonl) of SGLang's `benchmark/gsm8k/bench_sglang.py`
 * (docs/formats.md, gsm8k-sglang): one JSON line appended per run,
 * `{"task": "gsm8k", "backend": "srt", "num_gpus": 1, "latency": 18.694, "accuracy": 0.975, "num_requests": 200, "other": {…}}`.
 * The other SGLang benchmarks append to the same default file with their own `task`; those lines are skipped.
 */

const FIELDS: Record<string, NumberSpec & { id: ScalarId }> = {
  accuracy: { id: 'gsm8k_accuracy', unit: 'fraction', max: 1 },
  num_requests: { id: 'gsm8k_n', unit: 'count', integer: true },
  latency: { id: 'eval_duration', unit: 's' },
};

/** gsm8k, and variants of it (lm-eval's gsm8k_cot, gsm8k_cot_llama, …). */
export function isGsm8kTask(name: string): boolean {
  return /^gsm8k($|[_-])/.test(name);
}

function isGsm8kLine(value: JsonValue): value is JsonObject & { task: string } {
  return isJsonObject(value) && typeof value.task === 'string' && isGsm8kTask(value.task);
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'SGLang GSM8K result.jsonl';

export function detect(text: string): boolean {
  if (!text.trimStart().startsWith('{') || !text.includes('"task"')) return false;
  const json = parseJsonDocuments(text);
  return (
    json.ok &&
    json.documents.every((d) => isJsonObject(d.value) && typeof d.value.task === 'string') &&
    json.documents.some((d) => isGsm8kLine(d.value) && ('accuracy' in d.value || 'num_requests' in d.value))
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const json = parseJsonDocuments(text);
  if (!json.ok) {
    reportJsonError(json, diagnostics, 'one JSON object per line, as bench_sglang.py appends them');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const lines = sourceLines(text);
  const runs: ParsedRun[] = [];

  json.documents.forEach((doc, blockIndex) => {
    const startLine = doc.line;
    // A document runs up to the next one (one line each in JSONL), without trailing blank lines.
    let endLine = Math.max(startLine, (json.documents[blockIndex + 1]?.line ?? lines.length + 1) - 1);
    while (endLine > startLine && lines[endLine - 1]?.text.trim() === '') endLine--;
    const raw = lines
      .slice(startLine - 1, endLine)
      .map((l) => l.raw)
      .join('\n');

    if (!isGsm8kLine(doc.value)) {
      const task = isJsonObject(doc.value) ? doc.value.task : undefined;
      diagnostics.warning('W_FOREIGN_LINE', 'not a GSM8K result line; skipped', {
        line: startLine,
        expected: 'an object with "task": "gsm8k"',
        found: task === undefined ? quoteFound(raw) : `"task": ${JSON.stringify(task)}`,
      });
      return;
    }
    const task = doc.value.task;
    if (doc.value.accuracy === undefined) {
      diagnostics.error('E_MISSING_REQUIRED', 'GSM8K result line has no "accuracy"', {
        line: startLine,
        expected: 'an "accuracy" fraction from 0 to 1, e.g. "accuracy": 0.975',
        found: `only the keys ${Object.keys(doc.value)
          .map((k) => JSON.stringify(k))
          .join(', ')}`,
      });
      return;
    }
    const metrics = diagnostics.unlessErrors(() => {
      const read: RunMetrics = {};
      for (const [key, spec] of Object.entries(FIELDS)) {
        const number = jsonNumber({ document: doc, text, diagnostics }, `/${key}`, spec);
        if (number) read[spec.id] = { ...number, unit: spec.unit };
      }
      return read;
    });
    if (!metrics) return;
    runs.push({
      source: {
        file: options.file,
        format: 'gsm8k-sglang-jsonl',
        blockIndex,
        blockLabel: task === 'gsm8k' ? null : task,
        startLine,
        endLine,
      },
      metrics,
      evaluation: { task, scoring: 'last-integer' },
      raw,
    });
  });

  if (runs.length === 0 && !diagnostics.hasErrors) {
    diagnostics.error('E_NO_RESULT', 'no GSM8K result line found', {
      line: 1,
      expected: 'a JSON line with "task": "gsm8k" and "accuracy"',
      found: quoteFound(lines[0]?.text ?? ''),
    });
  }
  return { runs, diagnostics: diagnostics.items };
}
