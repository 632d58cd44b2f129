// Property: corrupting a valid log the way real logs get corrupted yields either exactly the
// original numbers (some may be missing) or a diagnostic of the codes that kind of corruption
// causes — never a different number in silence, and never a diagnostic that names another cause.
// Corruptions: line deletion, duplication, swaps and truncation; foreign log lines; inserted or
// deleted non-digit characters; letters for digits; CRLF, BOM, ANSI colour and trailing spaces.
// Edits that turn one valid number into another (a digit changed, a decimal point dropped) cannot
// be told from real data by parsing; the plausibility checks catch some of them, not all.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lib/parse/serving-block.ts';
import { metricEntries } from '../../src/lib/parse/types.ts';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import type { DiagnosticCode } from '../../src/lib/diagnostics/codes.ts';

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

type Code = DiagnosticCode;

/** What a line missing from its place causes; a line moved elsewhere causes more (see the swap). */
const LINE_GONE: Code[] = [
  'E_NO_RESULT',
  'E_TRUNCATED_BLOCK',
  'W_TRUNCATED_BLOCK',
  'W_MISSING_HEADER',
  'E_MISSING_LINE',
  'W_MEAN_ABOVE_PERCENTILE',
];

/**
 * Each way real logs get corrupted, and the diagnostics it may cause: every new diagnostic must
 * have one of these codes, and a number that differs from the original must come with one of them.
 */
function corruptionClasses(lines: string[]): { name: string; corrupt: fc.Arbitrary<Corruption>; codes: Code[] }[] {
  return [
    {
      name: 'a line deleted',
      corrupt: lineIndex(lines).map(
        (i): Corruption =>
          (ls) =>
            ls.filter((_, j) => j !== i % Math.max(1, ls.length)),
      ),
      // the header (the block is read without it), the closing rule or the duration gone; a
      // percentile gone exposes a mean above the next one
      codes: LINE_GONE,
    },
    {
      name: 'a line duplicated',
      corrupt: lineIndex(lines).map(
        (i): Corruption =>
          (ls) =>
            ls.length === 0 ? ls : ls.flatMap((l, j) => (j === i % ls.length ? [l, l] : [l])),
      ),
      codes: ['E_DUPLICATE', 'E_TRUNCATED_BLOCK', 'W_TRUNCATED_BLOCK'],
    },
    {
      name: 'two lines swapped',
      corrupt: fc.tuple(lineIndex(lines), lineIndex(lines)).map(([a, b]): Corruption => (ls) => {
        if (ls.length === 0) return ls;
        const out = [...ls];
        const [i, j] = [a % out.length, b % out.length];
        [out[i], out[j]] = [out[j]!, out[i]!];
        return out;
      }),
      // lines moved out of the block are orphans, lines moved into it (a preamble) foreign, unknown or repeated
      codes: [...LINE_GONE, 'W_ORPHAN_LINE', 'W_FOREIGN_LINE', 'W_UNKNOWN_LINE', 'E_DUPLICATE'],
    },
    {
      name: 'the log cut off inside a line',
      corrupt: fc.tuple(lineIndex(lines), fc.nat()).map(([i, cut]): Corruption => (ls) => {
        if (ls.length === 0) return ls;
        const k = i % ls.length;
        return [...ls.slice(0, k), ls[k]!.slice(0, cut % (ls[k]!.length + 1))];
      }),
      codes: ['E_NO_RESULT', 'E_TRUNCATED_BLOCK', 'W_TRUNCATED_BLOCK'],
    },
    {
      name: 'a server log line inside the output',
      corrupt: lineIndex(lines).map((i): Corruption => (ls) => [
        ...ls.slice(0, i),
        '(APIServer pid=7) INFO 12-01 10:04:45 [loggers.py:236] Avg prompt throughput: 15660.2 tokens/s',
        ...ls.slice(i),
      ]),
      codes: ['W_FOREIGN_LINE'],
    },
    {
      name: 'a non-digit character inserted',
      corrupt: fc
        .tuple(lineIndex(lines), fc.nat(), nonDigit)
        .map(([i, at, c]) => onLine(i, (l) => l.slice(0, at % (l.length + 1)) + c + l.slice(at % (l.length + 1)))),
      codes: EDITED_LINE,
    },
    {
      name: 'a non-digit character deleted',
      corrupt: fc.tuple(lineIndex(lines), fc.nat()).map(([i, at]) =>
        onLine(i, (l) => {
          const k = pick(l, at, (c) => !/[\d.]/.test(c));
          return k === undefined ? l : l.slice(0, k) + l.slice(k + 1);
        }),
      ),
      codes: EDITED_LINE,
    },
    {
      name: 'a digit read as a letter',
      corrupt: fc.tuple(lineIndex(lines), fc.nat(), fc.constantFrom('O', 'l', 'S', 'B')).map(([i, at, letter]) =>
        onLine(i, (l) => {
          const k = pick(l, at, (c) => /\d/.test(c));
          return k === undefined ? l : l.slice(0, k) + letter + l.slice(k + 1);
        }),
      ),
      codes: EDITED_LINE,
    },
    // What terminals and editors add is undone: no diagnostic, the same numbers.
    { name: 'CRLF line ends', corrupt: fc.constant<Corruption>((ls) => ls.map((l) => `${l}\r`)), codes: [] },
    {
      name: 'a byte-order mark',
      corrupt: fc.constant<Corruption>((ls) => (ls.length === 0 ? ls : [`\ufeff${ls[0]}`, ...ls.slice(1)])),
      codes: [],
    },
    {
      name: 'ANSI colour codes',
      corrupt: lineIndex(lines).map((i) => onLine(i, (l) => `\x1b[32m${l}\x1b[0m`)),
      codes: [],
    },
    { name: 'trailing spaces', corrupt: fc.constant<Corruption>((ls) => ls.map((l) => `${l}   `)), codes: [] },
  ];
}

/**
 * An edited character: in a value, a refused number; in a label, a line no longer known (its value
 * dropped, the duration's loss named); in the header or a rule, a block that no longer starts or ends.
 * A value that still reads as a number (a decimal point dropped) may disagree with the block's other
 * lines: its totals, its duration, its concurrency or its median.
 */
const EDITED_LINE: Code[] = [
  'E_BAD_NUMBER',
  'W_UNKNOWN_LINE',
  'W_FOREIGN_LINE',
  'E_NO_RESULT',
  'E_TRUNCATED_BLOCK',
  'W_TRUNCATED_BLOCK',
  'W_MISSING_HEADER',
  'W_ORPHAN_LINE',
  'E_MISSING_LINE',
  'E_UNIT',
  'E_DUPLICATE',
  'W_MEAN_ABOVE_PERCENTILE',
  'E_INCONSISTENT_THROUGHPUT',
  'E_LATENCY_BEYOND_DURATION',
  'E_INCONSISTENT_CONCURRENCY',
  'E_IMPOSSIBLE_MEAN',
];

function numbers(text: string) {
  const result = parse(text, { file: 'sample.txt' });
  const diagnostics = [...result.diagnostics];
  for (const parsed of result.runs) diagnostics.push(...checkRunPlausibility(parsed));
  return {
    runs: result.runs.map((r) => Object.fromEntries(metricEntries(r.metrics).map(([k, v]) => [k, v.value]))),
    diagnostics,
  };
}

describe('each kind of corruption yields its own diagnostics, never a different number in silence', () => {
  for (const [sample, text] of Object.entries(samples)) {
    const lines = text.split('\n');
    const original = numbers(text);
    const originalMetrics = original.runs[0]!;
    const originalCodes = new Set(original.diagnostics.map((d) => `${d.code}@${d.line}`));
    it(`${sample} parses without an error`, () => {
      expect(original.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    });
    for (const { name, corrupt, codes } of corruptionClasses(lines)) {
      it(`${sample}: ${name}`, () => {
        let reported = 0;
        fc.assert(
          fc.property(corrupt, (op) => {
            const corrupted = op(lines).join('\n');
            const result = numbers(corrupted);
            const added = result.diagnostics.filter((d) => !originalCodes.has(`${d.code}@${d.line}`));
            const unexpected = added.filter((d) => !codes.includes(d.code));
            if (unexpected.length > 0)
              throw new Error(
                `${name} gave ${unexpected.map((d) => `${d.code} (${d.message})`).join('; ')}\n---\n${corrupted}`,
              );
            const changed = result.runs.flatMap((run) =>
              Object.entries(run).filter(([key, value]) => originalMetrics[key] !== value),
            );
            if (added.length > 0) reported++;
            if (changed.length > 0 && added.length === 0)
              throw new Error(
                `${name} silently changed ${changed.map(([k, v]) => `${k} ${originalMetrics[k]} → ${v}`).join(', ')}\n---\n${corrupted}`,
              );
            return true;
          }),
          { numRuns: 200, seed: 20261202 },
        );
        // A kind of corruption that causes diagnostics must have caused some in 200 tries.
        if (codes.length > 0) expect(reported).toBeGreaterThan(0);
      });
    }
  }
});
