// Older engine releases (src/lib/format/engine-age.ts): release numbers only, against the site's newest.
import { describe, expect, it } from 'vitest';
import { compareReleases, newestEngines, olderEngines } from '../../src/lib/format/engine-age.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

describe('engine age', () => {
  it('compares release numbers, not what follows them', () => {
    expect(compareReleases('v0.5.6.post2', 'v0.5.14')).toBe(-1);
    expect(compareReleases('v0.24.0', 'v0.13.0')).toBe(1);
    expect(compareReleases('v0.11', 'v0.11.0')).toBe(0);
    expect(compareReleases('v0.5.4.post2', 'v0.5.4')).toBe(0);
    expect(compareReleases('2.1RC1', '2.1')).toBe(0);
    expect(compareReleases('nightly', 'v0.5.14')).toBeUndefined();
  });

  it('DeepSeek-V3.2 / H200 ran older SGLang and vLLM releases than GLM-5.2 / H200; GLM-5.2 none', () => {
    const deepseek = buildFromDisk('deepseek-v3.2/h200').guide!;
    const glm = buildFromDisk('glm-5.2/h200').guide!;
    const newest = newestEngines([deepseek, glm]);
    expect(olderEngines(deepseek, newest)).toEqual([
      { name: 'SGLang', version: 'v0.5.6.post2', newer: 'v0.5.14', guide: 'glm-5.2/h200' },
      { name: 'vLLM', version: 'v0.13.0', newer: 'v0.24.0', guide: 'glm-5.2/h200' },
    ]);
    expect(olderEngines(glm, newest)).toEqual([]);
    expect(olderEngines(deepseek, newestEngines([deepseek]))).toEqual([]);
  });
});
