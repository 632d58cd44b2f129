import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatFixed,
  formatPercent,
  formatSignedPercent,
  roundTo,
} from '../../src/lib/format/number.ts';
import { parseNumber } from '../../src/lib/parse/number.ts';

describe('rounding and formatting', () => {
  it('rounds half away from zero on the decimal value, not the binary one', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(formatFixed(13760.98 - 13758.6, 2)).toBe('2.38');
    expect(formatFixed(6487.53 - 5481.9, 2)).toBe('1005.63');
  });

  it('shows percentages with a sign in tables and without in sentences', () => {
    expect(formatSignedPercent(219.6988, 2)).toBe('+219.70%');
    expect(formatSignedPercent(-0.0374, 2)).toBe('-0.04%');
    expect(formatSignedPercent(-0.001, 2)).toBe('+0.00%');
    expect(formatSignedPercent(134.84, 1)).toBe('+134.8%');
    expect(formatPercent(15, 2)).toBe('15.00%');
  });

  it('writes a figure where room is short whole from 100 up, with 2 decimals below', () => {
    expect(formatCompact(2190.72)).toBe('2191');
    expect(formatCompact(99.995)).toBe('100.00');
    expect(formatCompact(100.5)).toBe('101');
    expect(formatCompact(85.314)).toBe('85.31');
  });
});

describe('parseNumber', () => {
  it('accepts what tools print', () => {
    expect(parseNumber('5481.90')).toEqual({ ok: true, value: 5481.9 });
    expect(parseNumber('1,000')).toEqual({ ok: true, value: 1000 });
    expect(parseNumber('2.3310E+15')).toEqual({ ok: true, value: 2.331e15 });
  });

  it('refuses what is not a finite number, saying why', () => {
    expect(parseNumber('inf')).toEqual({ ok: false, reason: 'infinite value' });
    expect(parseNumber('NaN')).toEqual({ ok: false, reason: 'not a number (NaN)' });
    expect(parseNumber('N/A')).toEqual({ ok: false, reason: 'no value was printed' });
    expect(parseNumber('12,3O4.55').ok).toBe(false);
    expect(parseNumber('1,00').ok).toBe(false);
  });
});
