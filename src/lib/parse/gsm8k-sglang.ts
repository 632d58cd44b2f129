import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { ScalarId, Unit } from '../schema/metric.ts';
import { parseNumber } from './number.ts';
import type { ParseResult, RunMetrics } from './types.ts';
import { sourceLines } from './source-lines.ts';

/**
 * Parser for the stdout of SGLang's `benchmark/gsm8k/bench_sglang.py` and
 * `python -m sglang.test.few_shot_gsm8k` (shared/formats.md §2.12):
 * `Accuracy: 0.975`, `Invalid: 0.000`, `Latency: 18.694 s`, `Output throughput: 1403.212 token/s`.
 * The sample count is not printed; the tqdm bar's `200/200` gives it when the log kept it.
 */

const LINES: Record<string, { id: ScalarId; unit: Unit; suffix?: RegExp }> = {
  accuracy: { id: 'gsm8k_accuracy', unit: 'fraction' },
  invalid: { id: 'gsm8k_invalid_rate', unit: 'fraction' },
  latency: { id: 'eval_duration', unit: 's', suffix: /\s*s$/ },
  'output throughput': { id: 'eval_output_throughput', unit: 'tok/s', suffix: /\s*token\/s$/ },
};

const TQDM_DONE = /(\d+)\/(\d+) \[/;

export function detect(text: string): boolean {
  return /^Accuracy: \d/m.test(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text);
  const metrics: RunMetrics = {};
  // the lines from the first result line to the last
  let span: { start: number; end: number } | undefined;

  for (const line of lines) {
    const [, done, total] = TQDM_DONE.exec(line.text) ?? [];
    if (done !== undefined && done === total && !metrics.gsm8k_n) {
      metrics.gsm8k_n = { value: Number(total), unit: 'count', printed: total, line: line.line };
      continue;
    }
    const [, label = '', valueText = ''] = /^([A-Za-z ]+):\s*(.*)$/.exec(line.text.trim()) ?? [];
    const spec = LINES[label.toLowerCase()];
    if (!spec) continue;
    const token = spec.suffix ? valueText.replace(spec.suffix, '') : valueText;
    const parsed = parseNumber(token);
    const column = line.raw.indexOf(valueText) + 1 || undefined;
    if (!parsed.ok || parsed.value < 0 || (spec.unit === 'fraction' && parsed.value > 1)) {
      diagnostics.error(
        'E_BAD_NUMBER',
        `"${label}:" expects ${spec.unit === 'fraction' ? 'a fraction from 0 to 1' : `a number in ${spec.unit}`}`,
        {
          line: line.line,
          column,
          expected: spec.unit === 'fraction' ? 'a number from 0 to 1, e.g. 0.975' : `a number ≥ 0 in ${spec.unit}`,
          found: quoteFound(valueText),
        },
      );
      continue;
    }
    const first = metrics[spec.id];
    if (first) {
      diagnostics.error('E_DUPLICATE', `"${label}:" appears twice (first at line ${first.line})`, {
        line: line.line,
        expected: 'one GSM8K result per file',
        found: quoteFound(line.text),
        hint: 'keep one run per file: split the log, one file per result',
      });
      continue;
    }
    metrics[spec.id] = { value: parsed.value, unit: spec.unit, printed: token.trim(), line: line.line };
    span = { start: span?.start ?? line.line, end: line.line };
  }

  if (!metrics.gsm8k_accuracy || !span) {
    if (!diagnostics.hasErrors) {
      diagnostics.error('E_NO_RESULT', 'no GSM8K "Accuracy:" line found', {
        line: 1,
        expected: 'a line "Accuracy: <fraction>"',
        found: lines[0] ? quoteFound(lines[0].text) : 'an empty file',
      });
    }
    return { runs: [], diagnostics: diagnostics.items };
  }
  if (diagnostics.hasErrors) return { runs: [], diagnostics: diagnostics.items };
  const { start, end } = span;
  return {
    runs: [
      {
        source: {
          file: options.file,
          format: 'gsm8k-sglang',
          blockIndex: 0,
          blockLabel: null,
          startLine: start,
          endLine: end,
        },
        metrics,
        raw: lines
          .filter((l) => l.line >= start && l.line <= end)
          .map((l) => l.raw)
          .join('\n'),
      },
    ],
    diagnostics: diagnostics.items,
  };
}
