// compute/repeats.ts: a configuration (engine and flags) measured in more than one run, with the
// spread between its first and last result; the same raw file named twice is not a repeat.
import { describe, expect, it } from 'vitest';
import { repeatedConfigurations } from '../../../src/lib/compute/repeats.ts';
import type { MeasuredStep } from '../../../src/lib/compute/measured-step.ts';
import { concludeSteps, measureSteps } from '../../../src/lib/compute/steps.ts';
import type { Guide } from '../../../src/lib/schema/guide-yaml.ts';
import { context, threeSteps, tps } from '../../helpers/compute-input.ts';

/** threeSteps() with more SGLang variants in the chunk step: `[args, result]` each, "again", "again-2"… */
function repeats(...added: [string[], string][]) {
  const { guide: g, runs } = threeSteps();
  const variants = added.map(([args, result], i) => ({
    id: i === 0 ? 'again' : `again-${i + 1}`,
    label: 'again',
    engine: 'sglang',
    args,
    status: 'ok',
    result,
  }));
  const steps = g.steps.map((s) => (s.id === 'chunk' ? { ...s, variants: [...s.variants, ...variants] } : s));
  const { ctx } = context({ ...g, steps: steps as Guide['steps'] }, [
    ...runs,
    tps('chunk/again.txt', '1450.00', '33.00'),
    tps('chunk/again-2.txt', '1460.00', '33.00'),
  ]);
  const measured = measureSteps(ctx) as MeasuredStep[];
  const vllm = measured[0]!.complete.find((v) => v.id === 'vllm')!;
  return repeatedConfigurations(concludeSteps(ctx, measured, { step: 'engine', variant: vllm }));
}

describe('repeatedConfigurations', () => {
  it('finds SGLang --tp-size 8 measured in the engine step and again in the chunk step', () => {
    expect(repeats([['--tp-size=8'], 'chunk/again.txt'])).toEqual([
      {
        engine: 'SGLang',
        flags: ['--tensor-parallel-size=8'],
        runs: [
          { step: 'engine', variant: 'sglang', runId: 'engine/sglang', score: 1500 },
          { step: 'chunk', variant: 'again', runId: 'chunk/again', score: 1450 },
        ],
        // (1450 − 1500) / 1500 = −3.333…%
        percent: -3.3333333333,
      },
    ]);
  });

  it('the same raw file named twice is one measurement, not a repeat', () => {
    expect(repeats([['--tp-size 8'], 'engine/sglang.txt'])).toEqual([]);
  });

  it('other flags are another configuration', () => {
    expect(repeats([['--tp-size 4'], 'chunk/again.txt'])).toEqual([]);
  });

  it('a configuration without flags is not listed, though measured twice', () => {
    expect(repeats([[], 'chunk/again.txt'], [[], 'chunk/again-2.txt'])).toEqual([]);
    // the same two runs with a flag are a repeat: (1460 − 1450) / 1450 = 0.6896…%
    expect(repeats([['--a'], 'chunk/again.txt'], [['--a'], 'chunk/again-2.txt'])).toMatchObject([
      { flags: ['--a'], percent: 0.6896551724 },
    ]);
  });
});
