// The bench's phase clock (src/lib/phase-times.ts) and the breakdown it prints (src/lib/bench/breakdown.ts).
import { afterEach, describe, expect, it } from 'vitest';
import {
  addPhase,
  mergePhases,
  phaseLine,
  phaseTotals,
  readPhaseLines,
  timed,
  timePhases,
} from '../../src/lib/phase-times.ts';
import { breakdownLines, breakdownRows, phaseRatios } from '../../src/lib/bench/breakdown.ts';

// The clock is one per thread and the unit files share their worker: leave it off.
afterEach(() => timePhases(false));

describe('phase clock', () => {
  it('adds nothing while off, and wall and CPU time per call while on', () => {
    let cpu = 0;
    timePhases(false, () => cpu);
    expect(timed('test-off.work', () => 7)).toBe(7);
    expect(phaseTotals()['test-off.work']).toBeUndefined();
    timePhases(true);
    for (let i = 0; i < 3; i++)
      timed('test-on.work', () => {
        cpu += 5;
      });
    expect(phaseTotals()['test-on.work']).toMatchObject({ cpuMs: 15, calls: 3 });
    // A phase that throws is still counted, and the error goes on.
    expect(() =>
      timed('test-on.throws', () => {
        cpu += 1;
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(phaseTotals()['test-on.throws']).toMatchObject({ cpuMs: 1, calls: 1 });
  });

  it('merges another thread’s totals and reads back the line a stage prints', () => {
    timePhases(true, () => 0);
    addPhase('test-merge.read', 10, 4);
    mergePhases({ 'test-merge.read': { ms: 5, cpuMs: 2, calls: 2 } });
    expect(phaseTotals()['test-merge.read']).toEqual({ ms: 15, cpuMs: 6, calls: 3 });
    const line = phaseLine('test-merge', { 'test-merge.read': { ms: 15.04, cpuMs: 6.06, calls: 3 } });
    expect(line).toBe('phases test-merge {"test-merge.read":{"ms":15,"cpuMs":6.1,"calls":3}}');
    // Two lines of one stage (npm run data prints ingest's and compute's) are added up; other lines ignored.
    const read = readPhaseLines(`ingest: a/b: 1 raw file(s)\n${line}\n${line}\n`);
    expect(read.get('test-merge')).toEqual({ 'test-merge.read': { ms: 30, cpuMs: 12.2, calls: 6 } });
  });
});

describe('breakdown', () => {
  const phases = {
    'ingest.list-and-stamp': { ms: 20, cpuMs: 18, calls: 1 },
    'ingest.guide/read': { ms: 100, cpuMs: 60, calls: 250 },
    'ingest.guide/parse': { ms: 300, cpuMs: 250, calls: 6000 },
    'ingest.guide': { ms: 600, cpuMs: 500, calls: 250 },
    'ingest.render//[lang]/guides/[...guide]': { ms: 9, cpuMs: 9, calls: 2 },
  };

  it('puts sub-phases under their phase, with what they leave of it', () => {
    expect(breakdownRows('ingest', phases).map((row) => [row.depth, row.name, row.cpuMs])).toEqual([
      [0, 'list-and-stamp', 18],
      [0, 'guide', 500],
      [1, 'read', 60],
      [1, 'parse', 250],
      [1, '(rest)', 190],
      [0, 'render//[lang]/guides/[...guide]', 9],
    ]);
  });

  it('prints each phase as a share of the stage’s CPU time', () => {
    const lines = breakdownLines({ stage: 'ingest', seconds: 1.5, cpuSeconds: 2, phases });
    expect(lines[0]).toBe('ingest: 1.50 s wall, 2.00 CPU-s (its processes)');
    expect(lines[2]).toMatch(/^ {2}guide +500 CPU-ms {2}25\.0% {2}250 × 2\.00 ms {2}\(wall 600 ms\)$/);
    expect(lines[4]).toMatch(/^ {4}parse +250 CPU-ms {2}12\.5% {2}6000 × 0\.04 ms/);
  });

  it('compares each phase with a smaller run’s', () => {
    const larger = { ...phases, 'ingest.guide': { ms: 6000, cpuMs: 5250, calls: 2500 } };
    const ratios = phaseRatios(phases, { ...larger, 'ingest.new': { ms: 1, cpuMs: 1, calls: 1 } });
    expect(ratios.find((r) => r.phase === 'ingest.guide')).toEqual({
      phase: 'ingest.guide',
      smallMs: 500,
      largeMs: 5250,
      ratio: 10.5,
    });
    expect(ratios.find((r) => r.phase === 'ingest.new')?.ratio).toBeUndefined();
  });
});
