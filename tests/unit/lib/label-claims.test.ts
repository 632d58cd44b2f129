// label-claims.ts: a label that states a result (a signed percentage, a delta, a verdict word
// beside a number) is found at what states it; every label the repository's guides write is a name.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { resultInLabel } from '../../../src/lib/guide-source/label-claims.ts';
import { LABEL_KEYS, stringsUnder } from '../../../src/lib/guide-source/untrusted-text.ts';

const repo = join(import.meta.dirname, '../../..');

/** Every label, short name, title and column heading of the repository's guide.yaml files. */
const repositoryLabels = () =>
  globSync('content/guides/**/guide.yaml', { cwd: repo }).flatMap((file) =>
    stringsUnder(parse(readFileSync(join(repo, file), 'utf8')), LABEL_KEYS).map((s) => s.value),
  );

describe('resultInLabel', () => {
  it("finds the issue's case label's invented verdict at its signed percentage", () => {
    expect(resultInLabel('ShareGPT (Total TPS −48.0 % vs vLLM, slower: keep vLLM)')).toEqual({
      index: 20,
      text: '−48.0 %',
      reason: 'a signed percentage states a change',
    });
  });

  it('finds signed percentages and signed numbers, in either language', () => {
    expect(resultInLabel('ShareGPT +134.8%')?.text).toBe('+134.8%');
    expect(resultInLabel('长提示词（-12.5％）')?.reason).toBe('a signed percentage states a change');
    expect(resultInLabel('SGLang +1005.62 tok/s')).toMatchObject({
      text: '+1005.62',
      reason: 'a signed number states a change',
    });
    expect(resultInLabel('TPOT −95 ms')?.text).toBe('−95');
  });

  it('finds a delta', () => {
    expect(resultInLabel('SGLang Δ 1005 tok/s')).toMatchObject({ index: 7, reason: 'a delta states a change' });
    expect(resultInLabel('Delta: 18 %')?.reason).toBe('a delta states a change');
    expect(resultInLabel('SGLang 差值 1005')?.text).toBe('差值 1005');
  });

  it('finds a verdict word beside a number, and a comparative beside a percentage or a factor', () => {
    expect(resultInLabel('SGLang 2x faster')).toMatchObject({
      text: 'faster',
      reason: 'a verdict word beside a number states a result',
    });
    expect(resultInLabel('TP4 wins')?.text).toBe('wins');
    expect(resultInLabel('SGLang 快 2 倍，胜出')?.text).toBe('胜出');
    expect(resultInLabel('MTP 提升 30%')?.text).toBe('提升');
    expect(resultInLabel('ShareGPT 10 % higher')).toMatchObject({
      text: '10 % higher',
      reason: 'a comparative beside a percentage or a factor states a result',
    });
    expect(resultInLabel('FP8 (2× more)')?.text).toBe('2× more');
  });

  it('passes names with numbers, signs inside names and verdict words without a number', () => {
    for (const label of [
      'TP4+EP4',
      'Llama-3-8B',
      '--max-num-batched-tokens 16384',
      'max-running 256',
      'Balanced: 8K input / 1K output (optimization target)',
      '50% shared prefix',
      'Higher concurrency',
      'Rate 16',
      'fp8_e4m3',
      'TP + DP + DP-Attention + EP',
      'Keep the defaults',
    ])
      expect(resultInLabel(label), label).toBeUndefined();
  });

  it("passes every label of the repository's guides", () => {
    const labels = repositoryLabels();
    expect(labels.length).toBeGreaterThan(100);
    expect(labels.filter((label) => resultInLabel(label) !== undefined)).toEqual([]);
  });
});
