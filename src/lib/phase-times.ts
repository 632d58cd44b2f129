// Where a stage's time goes, for `npm run bench` (the site-build benchmark): wall and CPU time
// spent in each named phase (reading, detecting, parsing…), summed over every call on this thread.
// CPU time is this thread's own (the pipeline passes process.threadCpuUsage), so the shares hold on
// a machine other work keeps busy, where wall time does not. Off unless the pipeline turns it on
// (src/pipeline/phases.ts, when PERFLAB_PHASES is set): then a timed call costs about 2 µs.

/** Per phase: wall and CPU milliseconds summed over calls, and how many calls. */
export type PhaseTotals = Record<string, PhaseEntry>;
type PhaseEntry = { ms: number; cpuMs: number; calls: number };

// One clock per thread, kept on globalThis: astro build loads this module more than once (its
// config, and again in each bundle of pages), and every copy adds to the same totals.
type Clock = { on: boolean; cpuMs: () => number; totals: Map<string, PhaseEntry>; marks: Map<string, number> };
const CLOCK = Symbol.for('perflab.phase-times');
const clock: Clock = ((globalThis as { [CLOCK]?: Clock })[CLOCK] ??= {
  on: false,
  cpuMs: () => 0,
  totals: new Map(),
  marks: new Map(),
});
const totals = clock.totals;

/** Turns the clock on or off; `cpuMs` reads this thread's CPU time in milliseconds. */
export function timePhases(enabled: boolean, cpuMs?: () => number): void {
  clock.on = enabled;
  if (cpuMs) clock.cpuMs = cpuMs;
}

/** Wall and CPU milliseconds now: what `addSince` takes. */
export function phaseStart(): { wall: number; cpu: number } {
  return clock.on ? { wall: performance.now(), cpu: clock.cpuMs() } : { wall: 0, cpu: 0 };
}

/** Adds the time since `start` (phaseStart) to `phase`. */
export function addSince(phase: string, start: { wall: number; cpu: number }): void {
  if (clock.on) addPhase(phase, performance.now() - start.wall, clock.cpuMs() - start.cpu);
}

export function phasesOn(): boolean {
  return clock.on;
}

/** Adds a time measured elsewhere (another thread's, a worker's own CPU time) to `phase`. */
export function addPhase(phase: string, ms: number, cpuMs: number, calls = 1): void {
  if (!clock.on) return;
  const entry = totals.get(phase);
  if (entry) {
    entry.ms += ms;
    entry.cpuMs += cpuMs;
    entry.calls += calls;
  } else totals.set(phase, { ms, cpuMs, calls });
}

/** Notes when `name` first happened (performance.now()), when phases are on; later calls keep the first. */
export function markOnce(name: string): void {
  if (clock.on && !clock.marks.has(name)) clock.marks.set(name, performance.now());
}

/** When `name` was first marked, if it was. */
export function markOf(name: string): number | undefined {
  return clock.marks.get(name);
}

/** `work()`, its time added to `phase` when phases are on. */
export function timed<T>(phase: string, work: () => T): T {
  if (!clock.on) return work();
  const start = phaseStart();
  try {
    return work();
  } finally {
    addSince(phase, start);
  }
}

/** The same for a promise: the time until it settles (which may include waiting). */
export async function timedAsync<T>(phase: string, work: () => Promise<T>): Promise<T> {
  if (!clock.on) return work();
  const start = phaseStart();
  try {
    return await work();
  } finally {
    addSince(phase, start);
  }
}

/** This thread's totals so far, phases in the order first timed. */
export function phaseTotals(): PhaseTotals {
  return Object.fromEntries([...totals].map(([phase, entry]) => [phase, { ...entry }]));
}

/** Adds another thread's totals to this one's. */
export function mergePhases(other: PhaseTotals): void {
  for (const [phase, { ms, cpuMs, calls }] of Object.entries(other)) addPhase(phase, ms, cpuMs, calls);
}

/** The line a stage prints for the bench: `phases <stage> {"ingest.guide/read":{"ms":…,"cpuMs":…,"calls":…},…}`. */
export const PHASE_LINE = /^phases (\S+) (\{.*\})$/;

export function phaseLine(stage: string, phases: PhaseTotals): string {
  const rounded = Object.fromEntries(
    Object.entries(phases).map(([phase, { ms, cpuMs, calls }]) => [
      phase,
      { ms: Math.round(ms * 10) / 10, cpuMs: Math.round(cpuMs * 10) / 10, calls },
    ]),
  );
  return `phases ${stage} ${JSON.stringify(rounded)}`;
}

/** Every `phases` line in a stage's output, by stage (a stage printed twice: its totals added). */
export function readPhaseLines(output: string): Map<string, PhaseTotals> {
  const stages = new Map<string, PhaseTotals>();
  for (const line of output.split('\n')) {
    const match = PHASE_LINE.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const into = stages.get(match[1]) ?? {};
    for (const [phase, entry] of Object.entries(JSON.parse(match[2]) as PhaseTotals)) {
      const have = into[phase];
      into[phase] = have
        ? { ms: have.ms + entry.ms, cpuMs: have.cpuMs + entry.cpuMs, calls: have.calls + entry.calls }
        : { ...entry };
    }
    stages.set(match[1], into);
  }
  return stages;
}
