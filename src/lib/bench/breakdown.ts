// The bench's breakdown of a stage: each phase's CPU time (src/lib/phase-times.ts), as a share of
// the stage's process tree, with sub-phases (`guide/read`) under their phase and what the
// sub-phases leave of it as `(rest)`. And, given a smaller run's breakdown, each phase's growth.
import type { PhaseTotals } from '../phase-times.ts';

export type StageBreakdown = {
  stage: string;
  /** wall and CPU seconds of the stage's process tree */
  seconds: number;
  cpuSeconds: number;
  phases: PhaseTotals;
};

type Row = { name: string; depth: number; cpuMs: number; ms: number; calls: number };

/** The phases as rows in their printed order: each phase, then its sub-phases, then their rest. */
export function breakdownRows(stage: string, phases: PhaseTotals): Row[] {
  const names = Object.keys(phases).map((name) => name.slice(stage.length + 1));
  const children = (parent: string) =>
    names.filter((name) => name.startsWith(`${parent}/`) && !name.slice(parent.length + 1).includes('/'));
  const rows: Row[] = [];
  const visit = (name: string, depth: number) => {
    const entry = phases[`${stage}.${name}`];
    if (!entry) return;
    rows.push({ name: name.split('/').at(-1) ?? name, depth, cpuMs: entry.cpuMs, ms: entry.ms, calls: entry.calls });
    const below = children(name);
    for (const child of below) visit(child, depth + 1);
    const inChildren = below.reduce((sum, child) => sum + (phases[`${stage}.${child}`]?.cpuMs ?? 0), 0);
    // A parent timed around its sub-phases: what they leave of it (its own work, the calls between).
    if (below.length > 0 && entry.cpuMs - inChildren > 0.05 * entry.cpuMs)
      rows.push({ name: '(rest)', depth: depth + 1, cpuMs: entry.cpuMs - inChildren, ms: 0, calls: 0 });
  };
  for (const name of names) if (!name.includes('/')) visit(name, 0);
  // A sub-phase whose parent was never timed (a page type's render, `render/<route>`): at the top.
  for (const name of names)
    if (name.includes('/') && !(`${stage}.${name.slice(0, name.lastIndexOf('/'))}` in phases))
      rows.push({ name, depth: 0, ...pick(phases[`${stage}.${name}`]) });
  return rows;
}

const pick = (entry: PhaseTotals[string] | undefined) => ({
  cpuMs: entry?.cpuMs ?? 0,
  ms: entry?.ms ?? 0,
  calls: entry?.calls ?? 0,
});

const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

/** The lines the bench prints for a stage: a heading with its wall and CPU time, then one line a phase. */
export function breakdownLines(breakdown: StageBreakdown): string[] {
  const { stage, seconds, cpuSeconds, phases } = breakdown;
  const rows = breakdownRows(stage, phases);
  const width = Math.max(20, ...rows.map((row) => row.depth * 2 + row.name.length));
  const lines = [`${stage}: ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} CPU-s (its processes)`];
  for (const row of rows) {
    const share = cpuSeconds > 0 ? `${((row.cpuMs / (cpuSeconds * 1000)) * 100).toFixed(1)}%` : '';
    const perCall = row.calls > 1 ? `  ${row.calls} × ${(row.cpuMs / row.calls).toFixed(2)} ms` : '';
    const wall = row.ms > 0 ? `  (wall ${grouped(row.ms)} ms)` : '';
    lines.push(
      `  ${`${'  '.repeat(row.depth)}${row.name}`.padEnd(width)}  ${grouped(row.cpuMs).padStart(7)} CPU-ms ${share.padStart(6)}${perCall}${wall}`,
    );
  }
  return lines;
}

/** Each phase's CPU time in the larger run against the smaller (`ratio` undefined where the smaller has none). */
export function phaseRatios(
  small: PhaseTotals,
  large: PhaseTotals,
): { phase: string; smallMs: number; largeMs: number; ratio: number | undefined }[] {
  return Object.entries(large).map(([phase, entry]) => {
    const before = small[phase]?.cpuMs;
    return {
      phase,
      smallMs: before ?? 0,
      largeMs: entry.cpuMs,
      ratio: before !== undefined && before > 0 ? entry.cpuMs / before : undefined,
    };
  });
}
