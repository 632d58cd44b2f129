// compute/accuracy.ts: whether two accuracy scores differ by more than sampling noise (a
// two-proportion z-test at 95%), on scores chosen so the arithmetic comes out round.
import { describe, expect, it } from 'vitest';
import { gsm8kVerdict } from '../../../src/lib/compute/accuracy.ts';

const score = (value: number, samples: number) => ({ score: { value }, samples });

describe('gsm8kVerdict', () => {
  it('a drop of 10 points on 101 questions each is beyond noise', () => {
    // se₁² = 0.9 × 0.1 / 100 = 0.0009, se₂² = 0.8 × 0.2 / 100 = 0.0016, SE(Δ) = √0.0025 = 0.05;
    // Δ = 0.8 − 0.9 = −0.1, z = −0.1 / 0.05 = −2, |z| ≥ 1.96; 0.1 × 101 = 10.1 questions
    expect(gsm8kVerdict(score(0.9, 101), score(0.8, 101))).toEqual({
      difference: -0.1,
      standardError: 0.05,
      z: -2,
      withinNoise: false,
      questions: 10.1,
    });
  });

  it('a rise is positive, with the same verdict', () => {
    expect(gsm8kVerdict(score(0.8, 101), score(0.9, 101))).toMatchObject({ difference: 0.1, z: 2, withinNoise: false });
  });

  it('the seeds’ case: 0.975 and 0.97 on 200 questions is one question, within noise', () => {
    // se₁² = 0.975 × 0.025 / 199 = 0.000122487…, se₂² = 0.97 × 0.03 / 199 = 0.000146231…,
    // SE(Δ) = √0.000268718… = 0.0163926…; z = −0.005 / 0.0163926… = −0.30501…; 0.005 × 200 = 1
    const verdict = gsm8kVerdict(score(0.975, 200), score(0.97, 200));
    expect(verdict.difference).toBe(-0.005);
    expect(verdict.standardError).toBeCloseTo(0.0163926384, 10);
    expect(verdict.z).toBeCloseTo(-0.3050149637, 10);
    expect(verdict.withinNoise).toBe(true);
    expect(verdict.questions).toBe(1);
  });

  it('counts questions on the smaller run', () => {
    // 0.05 × min(101, 201) = 5.05
    expect(gsm8kVerdict(score(0.9, 101), score(0.85, 201)).questions).toBe(5.05);
  });

  it('two perfect scores are within noise; perfect against zero is not, with a finite z', () => {
    // Both standard errors are 0: Δ = 0 gives z = 0; Δ = −1 gives z = ∞, stored as 1e9
    expect(gsm8kVerdict(score(1, 10), score(1, 10))).toMatchObject({ z: 0, withinNoise: true, questions: 0 });
    expect(gsm8kVerdict(score(1, 10), score(0, 10))).toMatchObject({
      difference: -1,
      standardError: 0,
      z: 1e9,
      withinNoise: false,
      questions: 10,
    });
  });
});
