import { quoteFound, type DiagnosticList } from '../diagnostics/diagnostics.ts';
import { statKeyOf, type DistributionId, type MetricKey, type ScalarId, type Unit } from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { parseNumber, toMilliseconds } from './number.ts';
import { STATS } from './nvidia-stats.ts';
import { sourceLines, type SourceLine } from './source-lines.ts';
import type { RunMetrics } from './types.ts';

/**
 * The CSV exports of NVIDIA's AIPerf (`profile_export_aiperf.csv`) and GenAI-Perf
 * (`profile_export_genai_perf.csv`): tables one after another, each a header row starting with
 * `Metric` and rows until a blank line. The first table has one row per per-request
 * distribution (`Time to First Token (ms),avg,min,…`), the second `Metric,Value` rows of
 * run-level figures; GPU telemetry tables may follow (`Endpoint,GPU_Index,…`), not read. A row's
 * label ends in its unit in parentheses, as the tool's console table prints it; numbers are
 * printed with two decimals, GenAI-Perf's with thousands separators in quotes (`"1,146.31"`).
 */

export type CsvCell = { text: string; line: number; column: number };
export type CsvRow = {
  label: string;
  name: string;
  unit: string | undefined;
  cells: Map<string, CsvCell>;
  line: number;
};
export type CsvTable = { header: string[]; line: number; rows: CsvRow[] };

/** One CSV line's fields with their columns; a quoted field may hold commas (`"1,146.31"`). */
function fields(text: string): { text: string; column: number }[] {
  const out: { text: string; column: number }[] = [];
  let i = 0;
  while (i <= text.length) {
    const column = i + 1;
    let value = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else value += text[i++];
      }
      while (i < text.length && text[i] !== ',') value += text[i++];
    } else {
      const end = text.indexOf(',', i);
      value = text.slice(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    }
    out.push({ text: value, column });
    i++;
  }
  return out;
}

/** `Time to First Token (ms)` → name and unit; a label without parentheses has no unit. */
function splitLabel(label: string): { name: string; unit: string | undefined } {
  const match = /^(.*?)\s*\(([^()]*)\)$/.exec(label);
  return match ? { name: match[1] ?? label, unit: match[2] } : { name: label, unit: undefined };
}

/** Every table of the file whose header starts with `Metric`. */
export function readTables(text: string): CsvTable[] {
  const lines = sourceLines(text);
  const tables: CsvTable[] = [];
  let current: CsvTable | undefined;
  for (const line of lines) {
    if (line.text.trim() === '') {
      current = undefined;
      continue;
    }
    const row = fields(line.raw);
    if (row[0]?.text === 'Metric') {
      current = { header: row.map((f) => f.text.trim()), line: line.line, rows: [] };
      tables.push(current);
      continue;
    }
    if (!current) continue;
    const label = (row[0]?.text ?? '').trim();
    const cells = new Map<string, CsvCell>();
    current.header.forEach((name, index) => {
      const field = row[index];
      if (index > 0 && field) cells.set(name, { text: field.text.trim(), line: line.line, column: field.column });
    });
    current.rows.push({ label, ...splitLabel(label), cells, line: line.line });
  }
  return tables;
}

/** Whether the file opens with a `Metric,avg,…` table: an AIPerf or GenAI-Perf CSV export. */
export function opensWithMetricTable(text: string): boolean {
  const first = sourceLines(text).find((line: SourceLine) => line.text.trim() !== '');
  return first !== undefined && /^Metric,avg,(min|max|p\d+|std|sum)(,|$)/.test(first.text);
}

/** How a row's unit is stored: what the tool prints, and what perflab stores it as. */
type UnitReading = { unit: Unit; printedUnit?: Unit; seconds?: boolean; milliseconds?: boolean };

export type RowSpec = {
  /** the row's name, without its unit: `Time to First Token` */
  name: string;
  /** the units the tool prints it in (`undefined`: no unit in parentheses) */
  units: Record<string, UnitReading>;
} & ({ id: DistributionId; scalar?: false } | { id: ScalarId; scalar: true });

/** The columns are the JSON blocks' statistic names (`avg`, `p99`, …). */
const COLUMN_STATS = STATS;

function cellValue(
  cell: CsvCell,
  reading: UnitReading,
  diagnostics: DiagnosticList,
  what: string,
): MetricValue | undefined {
  const number = parseNumber(cell.text);
  if (!number.ok || number.value < 0) {
    diagnostics.error(
      'E_BAD_NUMBER',
      `${what} expects a number ≥ 0; ${number.ok ? 'cannot be negative' : number.reason}`,
      {
        line: cell.line,
        column: cell.column,
        expected: `a finite number ≥ 0 in ${reading.unit}`,
        found: quoteFound(cell.text),
      },
    );
    return undefined;
  }
  if (reading.seconds)
    return {
      value: toMilliseconds(number.value, cell.text.replace(/,/g, '')),
      unit: reading.unit,
      printed: cell.text,
      printedUnit: 's',
      line: cell.line,
    };
  return { value: number.value, unit: reading.unit, printed: cell.text, line: cell.line };
}

/**
 * The rows of `tables` that `specs` name, as metrics: each statistic column of a distribution row,
 * the `Value` (or `avg`) of a scalar row. A row whose unit is not one its tool prints it in is an
 * E_UNIT error at the row; rows no spec names are not read.
 */
export function readRows(
  tables: readonly CsvTable[],
  specs: readonly RowSpec[],
  diagnostics: DiagnosticList,
): RunMetrics {
  const metrics: RunMetrics = {};
  const byName = new Map(specs.map((spec) => [spec.name.toLowerCase(), spec]));
  for (const table of tables) {
    for (const row of table.rows) {
      const spec = byName.get(row.name.toLowerCase());
      if (!spec) continue;
      const reading = spec.units[row.unit ?? ''];
      if (!reading) {
        diagnostics.error(
          'E_UNIT',
          `"${row.label}" is in ${row.unit === undefined ? 'no unit' : `"${row.unit}"`}, which perflab does not read it in`,
          {
            line: row.line,
            column: 1,
            expected: Object.keys(spec.units)
              .map((u) => (u === '' ? `"${spec.name}"` : `"${spec.name} (${u})"`))
              .join(', '),
            found: quoteFound(row.label),
          },
        );
        continue;
      }
      if (spec.scalar) {
        const cell = row.cells.get('Value') ?? row.cells.get('avg');
        if (!cell || cell.text === '') continue;
        const value = cellValue(cell, reading, diagnostics, `"${row.label}"`);
        if (value) metrics[spec.id] = value;
        continue;
      }
      for (const [column, cell] of row.cells) {
        const stat = COLUMN_STATS[column];
        if (!stat || cell.text === '') continue;
        const value = cellValue(cell, reading, diagnostics, `"${row.label}" ${column}`);
        if (value) metrics[statKeyOf(spec.id, stat) as MetricKey] = value;
      }
    }
  }
  return metrics;
}
