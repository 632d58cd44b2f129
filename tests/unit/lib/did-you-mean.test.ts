// diagnostics/did-you-mean.ts: the closest candidate to a misspelt id, for hints.
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../../src/lib/diagnostics/did-you-mean.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('rankng', 'ranking')).toBe(1);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closest and didYouMean', () => {
  it('the nearest candidate, ignoring case, within a third of the word (at least 2 edits)', () => {
    expect(closest('rankng', ['pairwise', 'ranking', 'none'])).toBe('ranking');
    expect(closest('SGLANG', ['vllm', 'sglang'])).toBe('sglang');
    // "xyz" is 3 edits from "none": beyond max(2, ⌈3 / 3⌉) = 2
    expect(closest('xyz', ['none'])).toBeUndefined();
    // a 12-letter word may be 4 edits off: ⌈12 / 3⌉ = 4
    expect(closest('tensorparall', ['tensor-parallel'])).toBe('tensor-parallel');
    expect(closest('a', [])).toBeUndefined();
  });

  it('a word that starts exactly one candidate is that candidate shortened, not a nearer look-alike', () => {
    const formats = ['vllm-bench-serve', 'vllm-json', 'trtllm-bench', 'trtllm-bench-json'];
    expect(editDistance('vllm-bench', 'trtllm-bench')).toBeLessThan(editDistance('vllm-bench', 'vllm-bench-serve'));
    expect(closest('vllm-bench', formats)).toBe('vllm-bench-serve');
    // The start of two candidates decides nothing: the nearest by edits.
    expect(closest('trtllm-ben', formats)).toBe('trtllm-bench');
    // Three letters start too many words to say which was meant.
    expect(closest('vll', ['vllm-json'])).toBeUndefined();
  });

  it('phrases the hint', () => {
    expect(didYouMean('rankng', ['ranking'])).toBe('did you mean "ranking"?');
    expect(didYouMean('xyz', ['none'])).toBeUndefined();
  });

  it('a word that starts two or three candidates names each of them, not a nearer look-alike', () => {
    const formats = ['vllm-bench-serve', 'vllm-bench-sweep', 'vllm-json', 'trtllm-bench'];
    expect(closest('vllm-bench', formats)).toBe('trtllm-bench');
    expect(didYouMean('vllm-bench', formats)).toBe('did you mean "vllm-bench-serve" or "vllm-bench-sweep"?');
    // The start of more than three says nothing: the nearest by edits, if near enough.
    expect(didYouMean('abcd', ['abcd-1', 'abcd-2', 'abcd-3', 'abcd-4'])).toBe('did you mean "abcd-1"?');
  });
});
