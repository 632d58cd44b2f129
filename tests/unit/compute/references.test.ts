// compute/references.ts: how guide.yaml's `result:`, `log:` and ids find what they name, and what
// it says when they name nothing (with the closest name as a hint).
import { describe, expect, it } from 'vitest';
import { checkUnique, lookup, rawPathOf, resolveLog, resolveResult } from '../../../src/lib/compute/references.ts';
import { context, guide, run, tps } from '../../helpers/compute-input.ts';

const vllm = tps('engine/vllm.txt', '1200.00', '40.00');
const short = run('cases/log.txt', { total_token_throughput: '900.00' }, { index: 1, label: 'short' });
const long = run('cases/log.txt', { total_token_throughput: '700.00' }, { index: 0, label: 'long' });
const runs = [vllm, short, long];

describe('rawPathOf', () => {
  it('is the file under the guide’s raw folder, as guide.yaml names it', () => {
    expect(rawPathOf(vllm, 'tiny/h100')).toBe('engine/vllm.txt');
    expect(rawPathOf(vllm, 'other/h100')).toBe('data/raw/tiny/h100/engine/vllm.txt');
  });
});

describe('resolveResult', () => {
  it('finds a file’s only block and marks its run used, remembering where it was first named', () => {
    const { ctx, reported } = context(guide(), runs);
    expect(resolveResult(ctx, 'engine/vllm.txt', ['steps', 0, 'variants', 0, 'result'])).toBe(vllm);
    resolveResult(ctx, { file: 'engine/vllm.txt' }, ['comparison', 'cases', 0, 'baseline', 'result']);
    expect([...ctx.usedRuns.keys()]).toEqual(['engine/vllm']);
    expect(ctx.usedAt.get('engine/vllm')).toEqual(['steps', 0, 'variants', 0, 'result']);
    expect(reported()).toEqual([]);
  });

  it('finds a block of a log by its label or its position (1-based)', () => {
    const { ctx, reported } = context(guide(), runs);
    expect(resolveResult(ctx, { file: 'cases/log.txt', block: 'short' }, ['r'])).toBe(short);
    expect(resolveResult(ctx, { file: 'cases/log.txt', block: 1 }, ['r'])).toBe(long);
    expect(reported()).toEqual([]);
  });

  it('a file that ingest did not parse: an error with the closest file as a hint', () => {
    const { ctx } = context(guide(), runs);
    expect(resolveResult(ctx, 'engine/vlm.txt', ['steps', 0, 'variants', 0, 'result'])).toBeUndefined();
    expect(ctx.diagnostics).toMatchObject([
      {
        code: 'E_REFERENCE',
        message: 'no raw result "engine/vlm.txt" under data/raw/tiny/h100/',
        found: '"engine/vlm.txt"',
        hint: 'did you mean "engine/vllm.txt"?',
      },
    ]);
    expect(ctx.usedRuns.size).toBe(0);
  });

  it('a file with no close name: the files ingest read are listed, and how to add the one named', () => {
    const { ctx } = context(guide(), runs);
    resolveResult(ctx, 'tuning/after.txt', ['r']);
    expect(ctx.diagnostics).toMatchObject([
      {
        expected: 'a file ingest read under data/raw/tiny/h100/: "cases/log.txt", "engine/vllm.txt"',
        hint: "copy the benchmark's output, as the tool printed it, to data/raw/tiny/h100/tuning/after.txt, or name one of the files listed",
      },
    ]);
  });

  it('a guide whose raw folder holds nothing yet: says to put the raw output there first, not to pick from an empty list', () => {
    const { ctx } = context(guide(), []);
    resolveResult(ctx, 'engine/vllm.txt', ['r']);
    expect(ctx.diagnostics).toMatchObject([
      {
        expected: 'a file ingest read under data/raw/tiny/h100/, which holds none yet',
        hint: "data/raw/tiny/h100/ holds no benchmark output yet: copy each benchmark's output there first, as the tool printed it (this one to data/raw/tiny/h100/engine/vllm.txt)",
      },
    ]);
  });

  it('a label that is not in a log whose blocks have none: remove block:, or label the blocks', () => {
    const { ctx } = context(guide(), [vllm]);
    resolveResult(ctx, { file: 'engine/vllm.txt', block: 'short' }, ['r']);
    expect(ctx.diagnostics[0]?.hint).toBe('remove block:, or add a "# label" line above each block in engine/vllm.txt');
  });

  it('a log of several blocks without `block:`, an unknown label, a position beyond the last', () => {
    const { ctx, reported } = context(guide(), runs);
    resolveResult(ctx, 'cases/log.txt', ['a']);
    resolveResult(ctx, { file: 'cases/log.txt', block: 'shrot' }, ['b']);
    resolveResult(ctx, { file: 'cases/log.txt', block: 3 }, ['c']);
    expect(reported()).toEqual([
      'a E_REFERENCE: "cases/log.txt" holds 2 result blocks; say which with `block:`',
      'b E_REFERENCE: "cases/log.txt" has no block labelled "shrot"',
      'c E_REFERENCE: "cases/log.txt" has no block #3',
    ]);
    expect(ctx.diagnostics.map((d) => [d.expected, d.hint])).toEqual([
      ['block: one of "short", "long"', undefined],
      ['one of "short", "long"', 'did you mean "short"?'],
      ['1 to 2', undefined],
    ]);
    expect(ctx.usedRuns.size).toBe(0);
  });

  it('a format that contradicts the one the file was read as', () => {
    const { ctx, reported } = context(guide(), runs);
    expect(resolveResult(ctx, { file: 'engine/vllm.txt', format: 'vllm-json' }, ['r'])).toBe(vllm);
    expect(reported()).toEqual([
      'r E_FORMAT_CONTRADICTS: "engine/vllm.txt" was read as vllm-bench-serve, not vllm-json',
    ]);
  });
});

describe('resolveLog', () => {
  it('is every block of a log in file order, each used', () => {
    const { ctx } = context(guide(), runs);
    expect(resolveLog(ctx, 'cases/log.txt', ['otherCases', 'baseline', 'log'])).toEqual([long, short]);
    expect([...ctx.usedRuns.keys()].sort()).toEqual(['cases/log#long', 'cases/log#short']);
  });

  it('a log that is not there is an error', () => {
    const { ctx, reported } = context(guide(), runs);
    expect(resolveLog(ctx, 'cases/none.txt', ['log'])).toBeUndefined();
    expect(reported()).toEqual(['log E_REFERENCE: no raw result "cases/none.txt" under data/raw/tiny/h100/']);
  });
});

describe('lookup and checkUnique', () => {
  const engines = [
    { id: 'vllm', name: 'vLLM' },
    { id: 'sglang', name: 'SGLang' },
  ];

  it('lookup finds an id, or says which ids there are and which is closest', () => {
    const { ctx, reported } = context(guide(), []);
    expect(lookup(ctx, engines, 'engine', 'sglang', ['e'])).toBe(engines[1]);
    expect(lookup(ctx, engines, 'engine', 'sglan', ['e'])).toBeUndefined();
    expect(lookup(ctx, [], 'profile', 'balanced', ['p'])).toBeUndefined();
    expect(reported()).toEqual(['e E_REFERENCE: unknown engine "sglan"', 'p E_REFERENCE: unknown profile "balanced"']);
    expect(ctx.diagnostics.map((d) => [d.expected, d.hint])).toEqual([
      ['one of vllm, sglang', 'did you mean "sglang"?'],
      [
        'a profile guide.yaml defines (it defines none)',
        "define the profile first, in guide.yaml's profiles: list, with id: balanced",
      ],
    ]);
  });

  it('checkUnique reports each repeat at its own index, naming the first', () => {
    const { ctx, reported } = context(guide(), []);
    expect(checkUnique(ctx, ['a', 'b', 'a', 'a'], (i) => ['steps', i, 'id'], 'step')).toBe(false);
    expect(checkUnique(ctx, ['a', 'b'], (i) => ['x', i], 'step')).toBe(true);
    expect(reported()).toEqual([
      'steps.2.id E_DUPLICATE: duplicate step id "a" (first used at index 0)',
      'steps.3.id E_DUPLICATE: duplicate step id "a" (first used at index 0)',
    ]);
  });
});
