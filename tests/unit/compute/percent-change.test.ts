// compute/percent-change.ts: the one percentage formula, ratios in the objective's direction, and
// which way a secondary metric moved, on small numbers worked out by hand.
import { describe, expect, it } from 'vitest';
import { betterRatio, percentChange, percentOf, secondaryChange } from '../../../src/lib/compute/percent-change.ts';

describe('percentChange', () => {
  it('is the change in percent of the reference, positive when the value is larger', () => {
    // (1500 − 1200) / 1200 × 100 = 300 / 12 = 25
    expect(percentChange(1200, 1500)).toBe(25);
    // (1200 − 1500) / 1500 × 100 = −300 / 15 = −20: the same two numbers, the other reference
    expect(percentChange(1500, 1200)).toBe(-20);
    expect(percentChange(1200, 1200)).toBe(0);
  });

  it('is stored with 10 decimals, so the JSON holds no binary noise', () => {
    // (4 − 3) / 3 × 100 = 33.333…, kept to 10 decimals
    expect(percentChange(3, 4)).toBe(33.3333333333);
    // (5481.90 × 1.1 − 5481.90) / 5481.90 × 100 is 10.000000000000009 in floating point
    expect(percentChange(5481.9, 5481.9 * 1.1)).toBe(10);
  });
});

describe('percentOf', () => {
  it('is part / whole in percent', () => {
    // 1 / 8 × 100 = 12.5; 2 / 3 × 100 = 66.666… → 66.6666666667 (10 decimals, rounded)
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(2, 3)).toBe(66.6666666667);
  });
});

describe('betterRatio', () => {
  it('is value / reference for a throughput and reference / value for a latency, above 1 when better', () => {
    // 1500 / 1200 = 1.25 tok/s better; 40 ms → 32 ms: 40 / 32 = 1.25 times faster
    expect(betterRatio(1200, 1500, true)).toBe(1.25);
    expect(betterRatio(40, 32, false)).toBe(1.25);
    // 40 ms → 50 ms: 40 / 50 = 0.8, worse
    expect(betterRatio(40, 50, false)).toBe(0.8);
    // 1200 → 900 tok/s: 900 / 1200 = 0.75, worse
    expect(betterRatio(1200, 900, true)).toBe(0.75);
  });
});

describe('secondaryChange', () => {
  it('names the direction of reference − value, a rounding residue being no change', () => {
    expect(secondaryChange(40 - 32)).toBe('reduced');
    expect(secondaryChange(32 - 40)).toBe('increased');
    expect(secondaryChange(0)).toBe('unchanged');
    // 0.1 + 0.2 − 0.3 is 5.55e-17 in floating point: zero at 10 decimals
    expect(secondaryChange(0.1 + 0.2 - 0.3)).toBe('unchanged');
  });
});
