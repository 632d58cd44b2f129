import type { ComputedGuide } from '../schema/computed.ts';

/**
 * What one side of a CSV row ran on, beside its values: the engine and its version, the
 * accelerators and their driver, whether its record is signed, and when it was measured. Each
 * value says where it comes from, since a run's record (npm run record) and guide.yaml are not
 * equally strong: `record` is what the machine reported, `guide` what the author wrote.
 */

/** The environment columns, once for each side (`baseline_…`, `optimized_…`). */
export const ENVIRONMENT_COLUMNS = [
  'engine',
  'engine_version',
  'engine_version_from',
  'gpu',
  'gpus',
  'gpu_from',
  'driver',
  'record',
  'signed_by',
  'measured',
  'measured_from',
] as const;

/**
 * One side's environment, in ENVIRONMENT_COLUMNS' order. `record` is `signed` (its signature
 * verified against data/allowed-signers), `unsigned` (what its author states) or `none` (no
 * record: the result was written by hand). Without a record the date is the guide's own
 * (`measured-on`, or `no-later-than` a stated date), or empty with `none`.
 */
export function sideEnvironment(
  guide: ComputedGuide,
  runId: string,
  engine: { id: string; name: string },
  gpus: number,
): (string | number)[] {
  const run = guide.runs[runId];
  if (!run) throw new Error(`downloads: guide ${guide.id} has no run "${runId}"`);
  const recorded = run.recorded;
  const reported = recorded?.engine?.id === engine.id ? recorded.engine.version : undefined;
  const stated = guide.engines.find((e) => e.id === engine.id)?.version;
  const version = reported ?? stated;
  const machine = recorded?.machine;
  const { freshness } = guide.decision;
  const [measured, measuredFrom] = recorded
    ? [recorded.ended.slice(0, 10), 'record']
    : freshness.dateFrom === 'record' || freshness.date === undefined
      ? ['', 'none']
      : [freshness.date, freshness.dateFrom];
  return [
    engine.name,
    version ?? '',
    reported ? 'record' : stated ? 'guide' : 'none',
    machine?.name ?? guide.hardware.name,
    machine?.count ?? gpus,
    machine ? 'record' : 'guide',
    machine?.driver ?? '',
    recorded ? (recorded.signedBy === undefined ? 'unsigned' : 'signed') : 'none',
    recorded?.signedBy ?? '',
    measured,
    measuredFrom,
  ];
}
