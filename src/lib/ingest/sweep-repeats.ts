import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { ParsedRun } from '../parse/types.ts';
import { isMetricKey } from '../schema/metric.ts';

/**
 * A `vllm bench sweep` folder holds each run twice: in its `run=N.json` and again in the
 * folder's `summary.json`, which serve.py writes as the list of exactly those objects
 * (vllm/benchmarks/sweep/serve.py, run_comb: `json.dump(comb_data, f)`, comb_data being what
 * run_benchmark wrote to each run=N.json). A run is stored once, from summary.json, which holds
 * every run of the combination; a run=N.json it also holds is not stored again. Since the two are
 * one object written twice, any value in which they differ was edited: an error at that value.
 * Two files that hold the same run of one combination outside summary.json are refused too.
 */

export type ParsedFile = { file: string; runs: readonly ParsedRun[] };

function keyOf(run: ParsedRun): string | undefined {
  if (run.source.format !== 'vllm-bench-sweep' || !run.repeat) return undefined;
  return `${run.repeat.group}\u0000${run.repeat.index}`;
}

/** Whether a run came from summary.json (a list: each run labelled `run=N`) rather than its own file. */
const fromSummary = (run: ParsedRun) => run.source.blockLabel !== null;

export function sweepRunsStoredOnce(files: readonly ParsedFile[]): {
  skipped: ReadonlySet<ParsedRun>;
  diagnostics: Diagnostic[];
} {
  const inSummary = new Map<string, ParsedRun>();
  for (const { runs } of files)
    for (const run of runs) {
      const key = keyOf(run);
      if (key !== undefined && fromSummary(run)) inSummary.set(key, run);
    }
  const skipped = new Set<ParsedRun>();
  const diagnostics: Diagnostic[] = [];
  const ownFile = new Map<string, string>();
  for (const { file, runs } of files)
    for (const run of runs) {
      const key = keyOf(run);
      if (key === undefined || fromSummary(run)) continue;
      const summary = inSummary.get(key);
      if (summary) {
        skipped.add(run);
        for (const d of differences(run, summary)) diagnostics.push(d);
        continue;
      }
      const other = ownFile.get(key);
      if (other !== undefined) {
        diagnostics.push(
          errorAt(
            'E_DUPLICATE',
            file,
            `this file and ${other} both hold run ${run.repeat?.index} of one sweep combination`,
            {
              line: run.source.startLine,
              expected: 'one run=N.json for each run of a combination',
              found: `${other} and ${file}`,
              hint: 'keep the file vllm bench sweep wrote (run=N.json) and delete the copy',
            },
          ),
        );
        skipped.add(run);
      } else ownFile.set(key, file);
    }
  return { skipped, diagnostics };
}

/** Every value in which a run=N.json differs from the same run in summary.json, as an error at its line. */
function differences(run: ParsedRun, summary: ParsedRun): Diagnostic[] {
  const found: Diagnostic[] = [];
  const keys = new Set([...Object.keys(run.metrics), ...Object.keys(summary.metrics)]);
  for (const key of keys) {
    if (!isMetricKey(key)) continue;
    const own = run.metrics[key];
    const listed = summary.metrics[key];
    if (own?.value === listed?.value) continue;
    found.push(
      errorAt(
        'E_SAME_RUN_DIFFERS',
        run.source.file,
        `${key} is ${own?.printed ?? 'absent'} here, ${listed?.printed ?? 'absent'} in ${summary.source.file} (line ${listed?.line ?? summary.source.startLine}), which holds the same run`,
        {
          line: own?.line ?? run.source.startLine,
          expected: `${listed?.printed ?? 'no value'}, as summary.json holds it: vllm bench sweep writes one object to both`,
          found: own?.printed ?? 'no value',
          hint: 'one of the two files was edited: copy the sweep folder again, as vllm bench sweep wrote it',
        },
      ),
    );
  }
  return found;
}
