import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { isGsm8kTask } from './gsm8k-sglang-jsonl.ts';
import { lmEvalBlockLabel } from './lm-eval-json.ts';
import { parseNumber } from './number.ts';
import { sourceLines } from './source-lines.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';

/**
 * Parser for the markdown table lm-evaluation-harness prints (docs/formats.md, lm-eval-json and lm-eval-table):
 * `|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|`, one row per (metric, filter), the Tasks
 * cell blank on continuation rows. One run per gsm8k-family `exact_match` row; the table has no
 * sample count, so gsm8k_n is absent. The `|Groups|` table and other tasks are ignored.
 */

const HEADER = /^\|\s*Tasks\s*\|\s*Version\s*\|/;
const RULE = /^\|[\s|:-]+\|$/;

type Cell = { text: string; column: number };

/** The cells between the `|`s, each with the 1-based column of its trimmed text. */
function cells(text: string): Cell[] {
  const out: Cell[] = [];
  let start = text.indexOf('|') + 1;
  for (let bar = text.indexOf('|', start); bar >= 0; start = bar + 1, bar = text.indexOf('|', start)) {
    const cell = text.slice(start, bar);
    out.push({ text: cell.trim(), column: start + cell.length - cell.trimStart().length + 1 });
  }
  return out;
}

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = 'lm-evaluation-harness printed results table';

export function detect(text: string): boolean {
  return sourceLines(text).some((l) => HEADER.test(l.text.trim()));
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const lines = sourceLines(text);
  const runs: ParsedRun[] = [];
  let blockIndex = 0;

  lines.forEach((headerLine, h) => {
    if (!HEADER.test(headerLine.text.trim())) return;
    const header = cells(headerLine.text.trim()).map((c) => c.text.toLowerCase());
    const col = {
      task: header.indexOf('tasks'),
      filter: header.indexOf('filter'),
      metric: header.indexOf('metric'),
      value: header.indexOf('value'),
      stderr: header.indexOf('stderr'),
    };
    let task = '';
    for (let r = h + 1; r < lines.length; r++) {
      const row = lines[r];
      if (!row?.text.trim().startsWith('|')) break;
      if (RULE.test(row.text.trim())) continue;
      const rowCells = cells(row.text);
      // Subtasks of a group are printed as " - gsm8k".
      task = rowCells[col.task]?.text.replace(/^-\s*/, '') || task;
      if (!isGsm8kTask(task) || rowCells[col.metric]?.text !== 'exact_match') continue;
      const filter = rowCells[col.filter]?.text || 'none';
      const index = blockIndex++;
      const metrics: RunMetrics = {};
      let refused = false;

      for (const [id, cell] of [
        ['gsm8k_accuracy', rowCells[col.value]],
        ['gsm8k_stderr', rowCells[col.stderr]],
      ] as const) {
        if (cell === undefined || (id === 'gsm8k_stderr' && cell.text === '')) continue;
        const parsed = parseNumber(cell.text);
        if (!parsed.ok && id === 'gsm8k_stderr' && /^n\/a$/i.test(cell.text)) {
          diagnostics.warning('W_NO_VALUE', `the Stderr of ${task} ${filter} is "N/A"; gsm8k_stderr is absent`, {
            line: row.line,
            column: cell.column,
            found: quoteFound(cell.text),
          });
          continue;
        }
        if (!parsed.ok || parsed.value < 0 || parsed.value > 1) {
          diagnostics.error(
            'E_BAD_NUMBER',
            `the ${id === 'gsm8k_accuracy' ? 'Value' : 'Stderr'} of ${task} ${filter} expects a fraction from 0 to 1`,
            {
              line: row.line,
              column: cell.column,
              expected: 'a number from 0 to 1, e.g. 0.955',
              found: quoteFound(cell.text),
            },
          );
          refused = true;
          continue;
        }
        metrics[id] = { value: parsed.value, unit: 'fraction', printed: cell.text, line: row.line };
      }
      if (!metrics.gsm8k_accuracy && !refused) {
        diagnostics.error('E_MISSING_REQUIRED', `the ${task} ${filter} row has no Value`, {
          line: row.line,
          expected: 'a Value cell, e.g. |0.955|',
          found: quoteFound(row.text),
        });
        refused = true;
      }
      if (refused) continue;
      runs.push({
        source: {
          file: options.file,
          format: 'lm-eval-table',
          blockIndex: index,
          blockLabel: lmEvalBlockLabel(task, filter),
          startLine: headerLine.line,
          endLine: row.line,
        },
        metrics,
        evaluation: { task, scoring: filter },
        raw: lines
          .slice(h, r + 1)
          .map((l) => l.raw)
          .join('\n'),
      });
    }
  });

  if (runs.length === 0 && !diagnostics.hasErrors) {
    diagnostics.error('E_NO_RESULT', 'no gsm8k exact_match row in an lm-eval table', {
      line: lines.findIndex((l) => HEADER.test(l.text.trim())) + 1 || 1,
      expected: 'a table "|Tasks|Version|Filter|n-shot|Metric|…" with a gsm8k exact_match row',
      found: quoteFound(lines[0]?.text ?? ''),
    });
  }
  return { runs, diagnostics: diagnostics.items };
}
