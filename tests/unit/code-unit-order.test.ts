// Sorting that the output depends on is by code unit, the same on every machine.
import { describe, expect, it } from 'vitest';
import { byCodeUnit } from '../../src/lib/code-unit-order.ts';

describe('byCodeUnit', () => {
  it('orders by UTF-16 code unit, whatever a locale would say', () => {
    const ids = ['hrad/h200', 'chatglm/h200', 'glm-4.x/h200', 'glm-4.5-air/h200', 'Qwen/a100', 'glm_4/h200'];
    expect([...ids].sort(byCodeUnit)).toEqual([
      'Qwen/a100',
      'chatglm/h200',
      'glm-4.5-air/h200',
      'glm-4.x/h200',
      'glm_4/h200',
      'hrad/h200',
    ]);
    // In Czech "ch" is a letter after "h", so a Czech locale puts "hrad" first: code units do not.
    expect(['hrad', 'chatglm'].sort(byCodeUnit)).toEqual(['chatglm', 'hrad']);
    expect(byCodeUnit('hrad', 'chatglm')).toBeGreaterThan(0);
    expect(byCodeUnit('a', 'a')).toBe(0);
  });
});
