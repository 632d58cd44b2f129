import type { ComputedCase, ComputedGuide, ComputedStep, Measured, Noise, Verdict } from '../schema/computed.ts';
import type { NoiseDefault } from '../schema/defaults.ts';

/**
 * A noise verdict for every step and every case. A change measured once on each side is held
 * against a band: the guide's own measured spread (one configuration measured in two steps, or
 * one variant's repeated runs: compute/repeats.ts), or content/defaults.yaml's stated default when that is larger or the guide
 * measured none. A change inside the band is "within noise", never a gain.
 */

/** How many runs stand behind a measured figure: one, or the count of its repeats (measured.repeats). */
export function runsBehind(measured: Measured): number {
  return measured.repeats ? measured.repeats.runs.length : 1;
}

/** Better, worse or inside the band, for a change in percent of the reference's objective score. */
export function verdictOf(percent: number, band: number, higherIsBetter: boolean): Verdict {
  if (Math.abs(percent) <= band) return 'within-noise';
  return percent > 0 === higherIsBetter ? 'gain' : 'loss';
}

/** The band and where it comes from: the largest spread the guide measured, or the stated default when larger. */
export function noiseBand(
  repeats: ComputedGuide['repeats'],
  fallback: NoiseDefault | undefined,
): Pick<Noise, 'band' | 'source' | 'repeat' | 'basis'> {
  let widest: number | undefined;
  repeats.forEach((r, i) => {
    if (widest === undefined || Math.abs(r.percent) > Math.abs(repeats[widest]?.percent ?? 0)) widest = i;
  });
  const measured = widest === undefined ? undefined : Math.abs(repeats[widest]?.percent ?? 0);
  if (measured !== undefined && widest !== undefined && (!fallback || measured >= fallback.percent))
    return { band: measured, source: 'repeats', repeat: widest };
  if (fallback) return { band: fallback.percent, source: 'default', basis: fallback.basis };
  return { band: 0, source: 'none' };
}

export function computeNoise(
  steps: readonly ComputedStep[],
  cases: readonly ComputedCase[],
  repeats: ComputedGuide['repeats'],
  fallback: NoiseDefault | undefined,
  higherIsBetter: boolean,
): Noise {
  const band = noiseBand(repeats, fallback);
  return {
    ...band,
    steps: steps.flatMap((step) => {
      const winner = step.variants.find((v) => v.id === step.winner);
      const change = winner?.change;
      const reference = steps
        .find((s) => s.id === change?.reference.step)
        ?.variants.find((v) => v.id === change?.reference.variant)?.measured;
      if (!winner?.measured || !change) return [];
      return [
        {
          step: step.id,
          winner: winner.id,
          reference: change.reference,
          percent: change.percent,
          runs: { winner: runsBehind(winner.measured), reference: reference ? runsBehind(reference) : 1 },
          verdict: verdictOf(change.percent, band.band, higherIsBetter),
          adopted: step.adopted,
        },
      ];
    }),
    cases: cases.map((c) => ({
      case: c.id,
      percent: c.percent,
      runs: { baseline: runsBehind(c.baseline.measured), optimized: runsBehind(c.optimized.measured) },
      verdict: verdictOf(c.percent, band.band, higherIsBetter),
    })),
  };
}
