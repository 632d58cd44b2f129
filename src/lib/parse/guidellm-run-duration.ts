import type { MetricValue } from '../schema/run.ts';
import { atPointer } from '../json-text.ts';
import type { JsonSource } from './json-source.ts';

/**
 * Where each generation keeps the scheduler's start and end: every request of the benchmark lies
 * between them. v0.4 and later: `scheduler_metrics` (SchedulerMetrics.compile: start_time and
 * end_time are the scheduler state's, end_time -1.0 when unknown); v0.2–v0.3: `run_stats`.
 */
const RUN_TIMES = ['/scheduler_metrics', '/run_stats'];

/**
 * The whole run, scheduler start to end: guidellm's `duration` is only its measured window
 * (measure_end − measure_start), while the requests it counts may begin in the warm-up and end
 * after the cool-down (docs/formats.md). Epoch seconds, kept as the report wrote them.
 */
export function readRunDuration(
  source: JsonSource,
  entry: string,
): { value: MetricValue; pointers: string[] } | undefined {
  const { document } = source;
  for (const at of RUN_TIMES) {
    const [start, end] = ['start_time', 'end_time'].map((name) => {
      const pointer = `${entry}${at}/${name}`;
      const value = atPointer(document.value, pointer);
      const line = document.lines.get(pointer);
      return typeof value === 'number' && Number.isFinite(value) && value > 0 && line !== undefined
        ? { value, line: line + (source.lineOffset ?? 0), pointer: `${at}/${name}` }
        : undefined;
    });
    if (!start || !end || !(end.value > start.value)) continue;
    const value = end.value - start.value;
    return {
      value: {
        value,
        unit: 's',
        printed: String(value),
        line: Math.min(start.line, end.line),
        derived: { formula: 'run-end-minus-start', lines: [start.line, end.line] },
      },
      pointers: [start.pointer, end.pointer],
    };
  }
  return undefined;
}
