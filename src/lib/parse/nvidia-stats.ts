import { quoteFound } from '../diagnostics/diagnostics.ts';
import {
  statKeyOf,
  type DistributionId,
  type MetricKey,
  type ScalarId,
  type Stat,
  type Unit,
} from '../schema/metric.ts';
import type { MetricValue } from '../schema/run.ts';
import { atPointer, pointerEscape } from '../json-text.ts';
import { isJsonObject, jsonNumber, type JsonSource } from './json-source.ts';
import { toMilliseconds } from './number.ts';
import type { RunMetrics } from './types.ts';

/**
 * The statistics blocks NVIDIA's AIPerf and GenAI-Perf write in their JSON exports: one object
 * per metric, `{"unit": "ms", "avg": …, "p50": …, "min": …, "max": …, "std": …}`, a run-level
 * figure carrying only `unit` and `avg` (AIPerf's docs/json-export-schema: "`avg` carries the
 * single computed value"; GenAI-Perf's metrics/statistics.py gives system metrics only `avg`).
 * The `unit` is the tool's, and the tool says it is authoritative: a value is converted from it,
 * and a unit perflab does not know for a metric is an error at the unit's line, never a guess.
 */

/** How a unit the tools write is stored: its canonical unit and the factor to it. */
type UnitReading = { unit: Unit; printedUnit?: Unit; seconds?: boolean };

/** What each kind of figure may be written in, by the tools' own unit strings. */
const UNITS: Record<
  'latency' | 'duration' | 'count' | 'tokens' | 'request-rate' | 'token-rate',
  Record<string, UnitReading>
> = {
  latency: {
    ms: { unit: 'ms' },
    sec: { unit: 'ms', printedUnit: 's', seconds: true },
    s: { unit: 'ms', printedUnit: 's', seconds: true },
  },
  duration: { sec: { unit: 's' }, s: { unit: 's' } },
  count: { requests: { unit: 'count' }, count: { unit: 'count' } },
  tokens: { tokens: { unit: 'tok' } },
  'request-rate': { 'requests/sec': { unit: 'req/s' }, 'per sec': { unit: 'req/s' } },
  'token-rate': { 'tokens/sec': { unit: 'tok/s' }, 'per sec': { unit: 'tok/s' }, 'tokens per sec': { unit: 'tok/s' } },
};
export type Quantity = keyof typeof UNITS;

/** Statistic names in the blocks (`avg`, `p99`, …) → perflab's; `count` and `sum` are not statistics of the value. */
export const STATS: Record<string, Stat> = {
  avg: 'mean',
  min: 'min',
  max: 'max',
  std: 'std',
  p1: 'p1',
  p5: 'p5',
  p10: 'p10',
  p25: 'p25',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
};

/** A block is an object with a string `unit`; a metric the run did not compute is absent or `null`. */
function block(source: JsonSource, pointer: string): { unit: string } | undefined {
  const value = atPointer(source.document.value, pointer);
  return isJsonObject(value) && typeof value.unit === 'string' ? { unit: value.unit } : undefined;
}

/** The unit reading of the block at `pointer`, or an E_UNIT error naming what the tool wrote. */
function unitOf(source: JsonSource, pointer: string, quantity: Quantity): UnitReading | undefined {
  const found = block(source, pointer);
  if (!found) return undefined;
  const reading = UNITS[quantity][found.unit];
  if (reading) return reading;
  source.diagnostics.error('E_UNIT', `${pointer} is in "${found.unit}", which perflab does not read as ${quantity}`, {
    line: source.document.lines.get(`${pointer}/unit`),
    expected: Object.keys(UNITS[quantity])
      .map((u) => `"${u}"`)
      .join(', '),
    found: quoteFound(found.unit),
  });
  return undefined;
}

/** A number as stored in its reading's unit: seconds become milliseconds, the seconds kept as printed. */
export function value(
  n: { value: number; printed: string; line: number },
  reading: { unit: Unit; seconds?: boolean },
): MetricValue {
  return reading.seconds
    ? {
        value: toMilliseconds(n.value, n.printed),
        unit: reading.unit,
        printed: n.printed,
        printedUnit: 's',
        line: n.line,
      }
    : { value: n.value, unit: reading.unit, printed: n.printed, line: n.line };
}

/** The block's `avg` as the run-level figure `id` (a rate, a total, a count or a duration). */
export function readScalar(
  source: JsonSource,
  pointer: string,
  id: ScalarId,
  quantity: Quantity,
  metrics: RunMetrics,
): void {
  const reading = unitOf(source, pointer, quantity);
  if (!reading) return;
  const n = jsonNumber(source, `${pointer}/avg`, { unit: reading.unit, nullable: true });
  if (n) metrics[id] = value(n, reading);
}

/** Every statistic of the block as the distribution `id` (`avg` is the mean; `p50` is kept as `p50`). */
export function readDistribution(source: JsonSource, pointer: string, id: DistributionId, metrics: RunMetrics): void {
  const reading = unitOf(source, pointer, 'latency');
  if (!reading) return;
  const stats = atPointer(source.document.value, pointer);
  if (!isJsonObject(stats)) return;
  for (const name of Object.keys(stats)) {
    const stat = STATS[name];
    if (!stat) continue;
    const n = jsonNumber(source, `${pointer}/${pointerEscape(name)}`, { unit: reading.unit, nullable: true });
    if (n) metrics[statKeyOf(id, stat) as MetricKey] = value(n, reading);
  }
}
