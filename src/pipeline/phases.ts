// The bench's breakdown of a stage (npm run bench prints it): with PERFLAB_PHASES set, the phase
// clock of src/lib/phase-times.ts runs on this thread and on every worker thread (which inherit
// the environment), and each stage prints one `phases <stage> {…}` line on stderr when it ends.
import { phaseLine, phaseTotals, timePhases } from '../lib/phase-times.ts';

export const phasesWanted = Boolean(process.env.PERFLAB_PHASES);
/** This thread's CPU time (user and system), in milliseconds. */
export function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}
timePhases(phasesWanted, threadCpuMs);

/** Prints the totals of the phases named `<stage>.…` (this thread's and the workers' merged in). */
export function printPhases(stage: string): void {
  if (!phasesWanted) return;
  const mine = Object.entries(phaseTotals()).filter(([phase]) => phase.startsWith(`${stage}.`));
  process.stderr.write(`${phaseLine(stage, Object.fromEntries(mine))}\n`);
}
