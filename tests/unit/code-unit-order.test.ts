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
    // Where a locale's order differs, the code units decide: in Czech "ch" is a letter after "h",
    // and English collation puts lowercase before uppercase and ignores "_" against "-".
    expect(['chatglm', 'hrad'].sort(new Intl.Collator('cs').compare)).toEqual(['hrad', 'chatglm']);
    expect(['hrad', 'chatglm'].sort(byCodeUnit)).toEqual(['chatglm', 'hrad']);
    expect(['chatglm', 'Qwen'].sort(new Intl.Collator('en').compare)).toEqual(['chatglm', 'Qwen']);
    expect(['chatglm', 'Qwen'].sort(byCodeUnit)).toEqual(['Qwen', 'chatglm']);
    expect(byCodeUnit('hrad', 'chatglm')).toBeGreaterThan(0);
    expect(byCodeUnit('a', 'a')).toBe(0);
  });
});
