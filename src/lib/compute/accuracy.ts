import { stored } from '../format/number.ts';

type Score = { score: { value: number }; samples: number };

/** z for a two-sided test at 95% confidence. */
const Z_95 = 1.959963984540054;

/**
 * Is the difference between two accuracy scores within sampling noise? A two-proportion z-test:
 * each score's standard error is sqrt(p(1−p)/(n−1)) (lm-eval's stderr), SE(Δ) = sqrt(se₁² + se₂²),
 * and |Δ| < 1.96·SE(Δ) is "within noise at 95%". `questions` is |Δ| in questions of the smaller run.
 */
export function gsm8kVerdict(a: Score, b: Score) {
  const se = (s: Score) => Math.sqrt((s.score.value * (1 - s.score.value)) / (s.samples - 1));
  const difference = b.score.value - a.score.value;
  const standardError = Math.sqrt(se(a) ** 2 + se(b) ** 2);
  const z = standardError === 0 ? (difference === 0 ? 0 : Infinity) : difference / standardError;
  return {
    difference: stored(difference),
    standardError: stored(standardError),
    z: Number.isFinite(z) ? stored(z) : 1e9,
    withinNoise: Math.abs(z) < Z_95,
    questions: stored(Math.abs(difference) * Math.min(a.samples, b.samples)),
  };
}
