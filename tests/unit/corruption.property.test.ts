// Property: corrupting a valid log the way real logs get corrupted yields either exactly the
// original numbers (some may be missing) or a diagnostic — never a different number in silence.
// Corruptions: line deletion, duplication, swaps and truncation; foreign log lines; inserted or
// deleted non-digit characters; letters for digits; CRLF, BOM, ANSI colour and trailing spaces.
// Edits that turn one valid number into another (a digit changed, a decimal point dropped) cannot
// be told from real data by parsing; the plausibility checks catch some of them, not all.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lib/parse/serving-block.ts';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { RunSchema } from '../../src/lib/schema/run.ts';

const repo = join(import.meta.dirname, '../..');
const samples = {
  'GPUStack block (GLM-5.2 seed)': readFileSync(join(repo, 'data/raw/glm-5.2/h200/engine/vllm.txt'), 'utf8'),
  'vllm bench serve block (GLM-4.x seed)': readFileSync(join(repo, 'data/raw/glm-4.x/h200/engine/sglang.txt'), 'utf8'),
  'current vllm bench serve, all flags': readFileSync(
    join(repo, 'tests/fixtures/serving-block/current-full-flags/input.txt'),
    'utf8',
  ),
};

type Corruption = (lines: string[]) => string[];

const lineIndex = (lines: string[]) => fc.nat({ max: Math.max(0, lines.length - 1) });
const nonDigit = fc.constantFrom(...'abcXYZ :;,-_()[]{}#=|/\\\t!?%$*'.split(''));

/** Applies `edit` to line `i` (wrapped to the current length: earlier corruptions may have removed lines). */
function onLine(i: number, edit: (line: string) => string): Corruption {
  return (ls) => (ls.length === 0 ? ls : ls.map((l, j) => (j === i % ls.length ? edit(l) : l)));
}

/** Index of a character of `line` chosen by `at` among those `wanted` accepts, or undefined. */
function pick(line: string, at: number, wanted: (c: string) => boolean): number | undefined {
  const positions = [...line].flatMap((c, k) => (wanted(c) ? [k] : []));
  return positions.length === 0 ? undefined : positions[at % positions.length];
}

function corruption(lines: string[]): fc.Arbitrary<Corruption> {
  return fc.oneof(
    lineIndex(lines).map(
      (i): Corruption =>
        (ls) =>
          ls.filter((_, j) => j !== i % Math.max(1, ls.length)),
    ),
    lineIndex(lines).map(
      (i): Corruption =>
        (ls) =>
          ls.length === 0 ? ls : ls.flatMap((l, j) => (j === i % ls.length ? [l, l] : [l])),
    ),
    fc.tuple(lineIndex(lines), lineIndex(lines)).map(([a, b]): Corruption => (ls) => {
      if (ls.length === 0) return ls;
      const out = [...ls];
      const [i, j] = [a % out.length, b % out.length];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    }),
    fc.tuple(lineIndex(lines), fc.nat()).map(([i, cut]): Corruption => (ls) => {
      if (ls.length === 0) return ls;
      const k = i % ls.length;
      return [...ls.slice(0, k), ls[k]!.slice(0, cut % (ls[k]!.length + 1))];
    }),
    lineIndex(lines).map((i): Corruption => (ls) => [
      ...ls.slice(0, i),
      '(APIServer pid=7) INFO 12-01 10:04:45 [loggers.py:236] Avg prompt throughput: 15660.2 tokens/s',
      ...ls.slice(i),
    ]),
    fc
      .tuple(lineIndex(lines), fc.nat(), nonDigit)
      .map(([i, at, c]) => onLine(i, (l) => l.slice(0, at % (l.length + 1)) + c + l.slice(at % (l.length + 1)))),
    fc.tuple(lineIndex(lines), fc.nat()).map(([i, at]) =>
      onLine(i, (l) => {
        const k = pick(l, at, (c) => !/[\d.]/.test(c));
        return k === undefined ? l : l.slice(0, k) + l.slice(k + 1);
      }),
    ),
    fc.tuple(lineIndex(lines), fc.nat(), fc.constantFrom('O', 'l', 'S', 'B')).map(([i, at, letter]) =>
      onLine(i, (l) => {
        const k = pick(l, at, (c) => /\d/.test(c));
        return k === undefined ? l : l.slice(0, k) + letter + l.slice(k + 1);
      }),
    ),
    fc.constant<Corruption>((ls) => ls.map((l) => `${l}\r`)),
    fc.constant<Corruption>((ls) => (ls.length === 0 ? ls : [`\ufeff${ls[0]}`, ...ls.slice(1)])),
    lineIndex(lines).map((i) => onLine(i, (l) => `\x1b[32m${l}\x1b[0m`)),
    fc.constant<Corruption>((ls) => ls.map((l) => `${l}   `)),
  );
}

function numbers(text: string) {
  const result = parse(text, { file: 'sample.txt' });
  const diagnostics = [...result.diagnostics];
  for (const parsed of result.runs) diagnostics.push(...checkRunPlausibility(RunSchema.parse({ id: 'x', ...parsed })));
  return {
    runs: result.runs.map((r) => Object.fromEntries(Object.entries(r.metrics).map(([k, v]) => [k, v.value]))),
    diagnostics,
  };
}

describe('random corruption never yields a different number silently', () => {
  for (const [name, text] of Object.entries(samples)) {
    it(name, () => {
      const lines = text.split('\n');
      const original = numbers(text);
      expect(original.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const originalMetrics = original.runs[0]!;
      fc.assert(
        fc.property(fc.array(corruption(lines), { minLength: 1, maxLength: 3 }), (ops) => {
          const corrupted = ops.reduce((ls, op) => op(ls), lines).join('\n');
          const result = numbers(corrupted);
          const newDiagnostics = result.diagnostics.length > original.diagnostics.length;
          if (newDiagnostics) return true;
          for (const run of result.runs) {
            for (const [key, value] of Object.entries(run)) {
              if (originalMetrics[key] !== value)
                throw new Error(`silently changed ${key}: ${originalMetrics[key]} → ${value}\n---\n${corrupted}`);
            }
          }
          return true;
        }),
        { numRuns: 400, seed: 20261202 },
      );
    });
  }
});
