// parse/result-block.ts: what vLLM's and SGLang's printed blocks share, on its own (the format
// parsers' fixture tests read whole files through it).
import { describe, expect, it } from 'vitest';
import { DiagnosticList } from '../../../src/lib/diagnostics/diagnostics.ts';
import {
  findBlocks,
  normalizeLabel,
  readValue,
  resultLine,
  sectionRuleTitle,
  statKey,
  warnHeaderless,
  warnUnknownLine,
} from '../../../src/lib/parse/result-block.ts';
import { sourceLines } from '../../../src/lib/parse/source-lines.ts';

const HEADER = '============ Serving Benchmark Result ============';
const RULE = '==================================================';

function blocksOf(...lines: string[]) {
  return findBlocks(sourceLines(lines.join('\n') + '\n'));
}

describe('sectionRuleTitle', () => {
  it("reads the title between a section rule's dashes", () => {
    expect(sectionRuleTitle('---------------Time to First Token----------------')).toBe('Time to First Token');
    expect(sectionRuleTitle('--- Speculative Decoding ---')).toBe('Speculative Decoding');
  });

  it('is undefined for a line of dashes, too few dashes or any other line', () => {
    for (const text of ['-'.repeat(50), '--x--', 'Mean TTFT (ms): 1', '--- ---- ---', ''])
      expect(sectionRuleTitle(text), text).toBeUndefined();
  });
});

describe('labels', () => {
  it('normalizeLabel lower-cases and joins runs of space', () => {
    expect(normalizeLabel('  Mean   TTFT (ms) ')).toBe('mean ttft (ms)');
    expect(normalizeLabel('Request throughput (req/s)')).toBe('request throughput (req/s)');
  });

  it('statKey names the statistic, a percentile with its decimal point as `_`', () => {
    const pattern = /^(mean|median|p(\d+(?:\.\d+)?)) /;
    expect(statKey(pattern.exec('mean ttft') as RegExpExecArray)).toBe('mean');
    expect(statKey(pattern.exec('p99 ttft') as RegExpExecArray)).toBe('p99');
    expect(statKey(pattern.exec('p99.9 ttft') as RegExpExecArray)).toBe('p99_9');
  });
});

describe('findBlocks', () => {
  it('finds each block, its closing rule and the `# label` above it', () => {
    const blocks = blocksOf(
      '# baseline',
      'INFO starting',
      HEADER,
      'Successful requests:                     10',
      RULE,
      '# tuned',
      HEADER,
      'Successful requests:                     10',
      RULE,
    );
    expect(blocks).toEqual([
      { header: 2, bodyStart: 3, close: 4, label: 'baseline' },
      { header: 6, bodyStart: 7, close: 8, label: 'tuned' },
    ]);
  });

  it('never gives a block the label of the block before it', () => {
    const blocks = blocksOf('# first', HEADER, 'Successful requests: 1', RULE, HEADER, 'Successful requests: 2', RULE);
    expect(blocks.map((b) => b.label)).toEqual(['first', null]);
  });

  it('leaves a block cut off by the next header without a closing rule', () => {
    const blocks = blocksOf(HEADER, 'Successful requests: 1', HEADER, 'Successful requests: 2', RULE);
    expect(blocks).toEqual([
      { header: 0, bodyStart: 1, close: undefined, label: null },
      { header: 2, bodyStart: 3, close: 4, label: null },
    ]);
  });

  it('reads a block printed without its header from its first result line, and not one whose top was cut', () => {
    const whole = blocksOf(
      '# copied',
      'Successful requests:                     10',
      '---------------Time to First Token----------------',
      'Mean TTFT (ms):                          12.5',
      RULE,
    );
    expect(whole).toEqual([{ header: 1, bodyStart: 1, close: 4, label: 'copied', headerless: true }]);
    expect(blocksOf('Mean TTFT (ms): 12.5', RULE)).toEqual([]);
    expect(blocksOf('Backend: sglang', 'Mean TTFT (ms): 12.5', RULE)[0]).toMatchObject({ header: 0, headerless: true });
  });

  it('warns about a headerless block with the lines it was read from', () => {
    const lines = sourceLines(['Successful requests: 10', 'Mean TTFT (ms): 1', RULE].join('\n'));
    const diagnostics = new DiagnosticList('raw.txt');
    const [block] = findBlocks(lines);
    if (!block) throw new Error('expected a block');
    warnHeaderless(block, 0, lines, diagnostics);
    expect(diagnostics.items).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'W_MISSING_HEADER',
        file: 'raw.txt',
        line: 1,
        message: expect.stringContaining('(1-2) and its closing rule (line 3)'),
      }),
    ]);
  });
});

describe('result lines and values', () => {
  it('splits a padded `label: value` line and gives the value its column in the raw line', () => {
    const [line] = sourceLines('Mean TTFT (ms):\t\t 1234.56');
    const diagnostics = new DiagnosticList('raw.txt');
    if (!line) throw new Error('expected a line');
    expect(resultLine(line, diagnostics)).toEqual({
      rawLabel: 'Mean TTFT (ms)',
      label: 'mean ttft (ms)',
      valueText: '1234.56',
      column: 19,
    });
    expect(line.raw.slice(18)).toBe('1234.56');
    expect(diagnostics.items).toEqual([]);
  });

  it('skips a server log line inside a block with a warning at its line', () => {
    const [, line] = sourceLines('x\n(APIServer pid=7) INFO 05-01 12:00:00: took 3 s');
    const diagnostics = new DiagnosticList('raw.txt');
    if (!line) throw new Error('expected a line');
    expect(resultLine(line, diagnostics)).toBeUndefined();
    expect(diagnostics.items).toEqual([expect.objectContaining({ code: 'W_FOREIGN_LINE', line: 2 })]);
    warnUnknownLine(line, 'Odd label', diagnostics);
    expect(diagnostics.items[1]).toMatchObject({
      code: 'W_UNKNOWN_LINE',
      line: 2,
      message: 'unknown result line "Odd label:"; skipped',
    });
  });

  it('reads a number ≥ 0, and names the label, unit and place of anything else', () => {
    const diagnostics = new DiagnosticList('raw.txt');
    const at = { line: 7, column: 42 };
    expect(readValue('5481.90', 'Total token throughput (tok/s)', 'tok/s', at, diagnostics)).toBe(5481.9);
    expect(readValue('fast', 'Mean TTFT (ms)', 'ms', at, diagnostics)).toBeUndefined();
    expect(readValue('-1', 'Mean TTFT (ms)', 'ms', at, diagnostics)).toBeUndefined();
    expect(diagnostics.items).toEqual([
      expect.objectContaining({
        code: 'E_BAD_NUMBER',
        line: 7,
        column: 42,
        expected: 'a decimal number in ms',
        found: '"fast"',
      }),
      expect.objectContaining({ code: 'E_BAD_NUMBER', expected: 'a number ≥ 0', found: '"-1"' }),
    ]);
  });
});
