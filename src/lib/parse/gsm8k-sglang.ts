import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import type { ScalarId, Unit } from '../schema/metric.ts';
import { parseNumber } from './number.ts';
import type { ParseResult, RunMetrics } from './types.ts';
import { sourceLines } from './source-lines.ts';

/**
 * Parser for the stdout of SGLang's `benchmark/gsm8k/bench_sglang.py` and
 * `python -m sglang.test.few_shot_gsm8k` (docs/formats.md, gsm8k-sglang):
 * `Accuracy: 0.975`, `Invalid: 0.000`, `Latency: 18.694 s`, `Output throughput: 1403.212 token/s`.
 * The sample count is not printed with the result: the tqdm bar's `200/200` gives it when the log
 * kept it, and so does the command line when the log shows it (`--num-questions 1319`, or
 * `num_questions=1319` in an argparse Namespace dump). The script asks for that many questions and
 * runs as many as the data set has, so the bar may count fewer, never more.
 */

const LINES: Record<string, { id: ScalarId; unit: Unit; suffix?: RegExp }> = {
  accuracy: { id: 'gsm8k_accuracy', unit: 'fraction' },
  invalid: { id: 'gsm8k_invalid_rate', unit: 'fraction' },
  latency: { id: 'eval_duration', unit: 's', suffix: /\s*s$/ },
  'output throughput': { id: 'eval_output_throughput', unit: 'tok/s', suffix: /\s*token\/s$/ },
};

const TQDM_DONE = /(\d+)\/(\d+) \[/;
/** `--num-questions 1319`, `--num-questions=1319`, `--num_questions 1319` on a command line. */
const NUM_QUESTIONS_FLAG = /(?:^|\s)--num[-_]questions(?:=|\s+)(\d+)(?=\s|\\|$)/;
/** `num_questions=1319` in `Namespace(...)`, as argparse prints the arguments. */
const NUM_QUESTIONS_ARG = /^\s*Namespace\(.*\bnum_questions=(\d+)\b/;
/** `--platinum` (GSM8K Platinum, 1209 questions) on the command line, or `platinum=True` in the dump. */
const PLATINUM = /(?:^|\s)--platinum(?=\s|\\|$)|^\s*Namespace\(.*\bplatinum=True\b/;

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'SGLang GSM8K benchmark output (`Accuracy: …`)';

export function detect(text: string): boolean {
  // A byte-order mark before the first line is the editor's, not the line's (source-lines.ts drops it too).
  return /^\uFEFF?Accuracy: \d/m.test(text);
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text);
  const metrics: RunMetrics = {};
  // the lines from the first result line to the last
  let span: { start: number; end: number } | undefined;

  // The count the command asked for, with its line: the first one; another that differs is an error.
  let asked: { value: number; printed: string; line: number; column: number } | undefined;
  let platinum = false;

  for (const line of lines) {
    if (PLATINUM.test(line.text)) platinum = true;
    const flag = NUM_QUESTIONS_FLAG.exec(line.text) ?? NUM_QUESTIONS_ARG.exec(line.text);
    if (flag?.[1] !== undefined) {
      const printed = flag[1];
      const column = flag.index + flag[0].lastIndexOf(printed) + 1;
      if (!asked) asked = { value: Number(printed), printed, line: line.line, column };
      else if (asked.value !== Number(printed))
        diagnostics.error(
          'E_DUPLICATE',
          `a second sample count, ${printed}, after ${asked.printed} at line ${asked.line}`,
          {
            line: line.line,
            column,
            expected: 'one GSM8K run per file, with one --num-questions',
            found: quoteFound(line.text),
            hint: 'keep one run per file: split the log, one file per result',
          },
        );
      continue;
    }
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

  if (asked) {
    const ran = metrics.gsm8k_n;
    if (!ran) metrics.gsm8k_n = { value: asked.value, unit: 'count', printed: asked.printed, line: asked.line };
    else if (ran.value > asked.value)
      diagnostics.error(
        'E_INCONSISTENT_SAMPLES',
        `the progress bar counts ${ran.printed} questions, more than the ${asked.printed} asked for at line ${asked.line}`,
        {
          line: ran.line,
          expected: `at most ${asked.printed} questions (--num-questions)`,
          found: quoteFound(ran.printed),
        },
      );
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
        // SGLang scores the last integer of the answer (formats.md §2.12).
        evaluation: { task: platinum ? 'gsm8k_platinum' : 'gsm8k', scoring: 'last-integer' },
        raw: lines
          .filter((l) => l.line >= start && l.line <= end)
          .map((l) => l.raw)
          .join('\n'),
      },
    ],
    diagnostics: diagnostics.items,
  };
}
