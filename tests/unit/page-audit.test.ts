// The audit's building blocks on their own: how a printed number stands against a computed one,
// how many accelerators a serving command occupies, which step a summary-table row names, and
// hostile lines read in linear time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPage } from '../../src/lib/import/audit.ts';
import { acceleratorsOf, configOf } from '../../src/lib/import/audit/measure.ts';
import { agreement, checkClaim, type AuditFinding } from '../../src/lib/import/audit/numbers.ts';
import { rowRuns } from '../../src/lib/import/audit/summary-rows.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import type { Measured } from '../../src/lib/import/audit/measure.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

describe('a printed number against the computed one', () => {
  it('is the same at the printed precision, one unit off, coarser than the guide, or different', () => {
    expect(agreement('18.34', 18.3448)).toEqual({ kind: 'same', computed: '18.34' });
    expect(agreement('1005.62', 1005.63)).toEqual({ kind: 'rounding', computed: '1005.63' });
    expect(agreement('+21.1', 21.043)).toEqual({ kind: 'rounding', computed: '21.0' });
    expect(agreement('2.4', 2.3794, 2)).toEqual({ kind: 'coarser', computed: '2.38' });
    // Trailing zeros are the same number: 19.0 is 19.00.
    expect(agreement('19.0', 19.0026, 2)).toEqual({ kind: 'same', computed: '19.00' });
    expect(agreement('47.1', 46.873)).toEqual({ kind: 'differs', computed: '46.9' });
  });

  it('says why a number within one unit differs, and nothing when it agrees', () => {
    const findings: AuditFinding[] = [];
    const claim = { line: 7, what: 'gap', unit: ' tok/s', why: 'winner − worst' };
    expect(checkClaim(findings, { ...claim, printed: '200.00', computed: 200 })).toBe(true);
    expect(checkClaim(findings, { ...claim, printed: '4000.01', computed: 4000 })).toBe(false);
    expect(findings).toEqual([
      {
        line: 7,
        message:
          'printed gap 4000.01 tok/s, computed 4000.00 tok/s (winner − worst; within one unit of the last printed place: the page rounds from unrounded values)',
      },
    ]);
  });
});

describe('accelerators a configuration occupies', () => {
  const count = (command: string, label?: string) =>
    acceleratorsOf(configOf({ command: { value: command, line: 1 } }, label));

  it('reads every spelling of TP, and PP and DP on top', () => {
    expect(count('vllm serve m')).toBe(1);
    expect(count('vllm serve m -tp 4')).toBe(4);
    expect(count('python3 -m sglang.launch_server --model-path m --tp-size=8')).toBe(8);
    expect(count('trtllm-serve m --tp_size 8 --ep_size 8 --pp_size 1')).toBe(8);
    expect(count('vllm serve m -tp 2 -pp 2')).toBe(4);
    expect(count('vllm serve m -tp 1 -dp 8')).toBe(8);
  });

  it('counts SGLang DP attention inside the TP group, and a block label’s flags over the script’s', () => {
    expect(count('python3 -m sglang.launch_server --tp-size 8 --dp-size 8 --enable-dp-attention')).toBe(8);
    expect(count('vllm serve m -tp 8', '--tensor-parallel-size 4')).toBe(4);
  });
});

describe('the step a summary-table row speaks of', () => {
  const run = (label: string) => ({ label }) as Measured;
  const steps = [
    { title: 'Choosing the Inference Engine', runs: [run('vLLM'), run('SGLang')] },
    { title: 'Maximum batch size for cuda graph in SGLang', runs: [run('graph')] },
    { title: 'Quantization', runs: [run('FP8')] },
    { title: 'Optimizing SGLang', runs: [run('Parallelism: TP+DP Attention'), run('MTP')] },
  ];

  it('by its title, else by the words it shares with one title', () => {
    expect(rowRuns('Quantization', steps)).toBe(steps[2]?.runs);
    expect(rowRuns('Engine Selection', steps)).toBe(steps[0]?.runs);
    expect(rowRuns('Max CUDA graph batch size', steps)).toBe(steps[1]?.runs);
  });

  it('else by the runs it names, and not at all when nothing matches', () => {
    expect(rowRuns('Parallelism', steps)?.map((m) => m.label)).toEqual(['Parallelism: TP+DP Attention']);
    expect(rowRuns('Attention Backend', steps)).toBeUndefined();
  });
  it('a dot between words separates them; one inside a number does not', () => {
    const spelled = [
      ...steps,
      { title: 'Torch.compile in SGLang', runs: [run('compiled')] },
      { title: 'Memory fraction 0.85', runs: [run('0.85')] },
      { title: 'Memory fraction 0.9', runs: [run('0.9')] },
    ];
    expect(rowRuns('Torch Compile', spelled)).toBe(spelled[4]?.runs);
    expect(rowRuns('torch-compile', spelled)).toBe(spelled[4]?.runs);
    expect(rowRuns('Mem fraction 0.85', spelled)).toBe(spelled[5]?.runs);
  });
});

describe('hostile claim lines', () => {
  it('are audited in linear time: long runs of digits, `<` and backticks in rankings, summaries and cells', () => {
    const n = 200_000;
    const block = [
      '??? info "Benchmark result"',
      '    ```',
      '    ============ Serving Benchmark Result ============',
      '    Successful requests:                     10',
      '    Benchmark duration (s):                  1.00',
      '    Total input tokens:                      60',
      '    Total generated tokens:                  40',
      '    Total Token throughput (tok/s):          100.00',
      '    ==================================================',
      '    ```',
    ].join('\n');
    const digits = '1'.repeat(n);
    const angles = '<'.repeat(n);
    const markdown = [
      '# Tiny Throughput',
      '## Conclusion',
      '| Case | baseline | Optimized |',
      '|---|---|---|',
      `| **${angles}** | Total TPS: ${digits} | ${angles} (${digits} |`,
      '## Experiment Results',
      '### 1. Engine',
      'vLLM',
      block,
      `Result: ${digits} ${'a'.repeat(n)} from ${digits}`,
      `- Summary: ${'`'.repeat(n)} ${digits}% higher`,
      '### Summary of Optimization Options',
      '| Optimization Option | Throughput Improvement |',
      '|---|---|',
      `| ${angles} | ${digits} |`,
    ].join('\n\n');
    const { page } = readPerformanceLabPage(markdown);
    const start = performance.now();
    const findings = auditPage(page!, 'hostile.md');
    expect(performance.now() - start).toBeLessThan(2000);
    expect(findings.every((f) => Number.isInteger(f.line))).toBe(true);
  });
});

describe('text a reader sees the same, stored otherwise', () => {
  const file = 'tests/fixtures/performance-lab-page/generator-throughput/page.md';
  const original = readFileSync(join(repoRoot, file), 'utf8');
  const edit = (text: string, line: number, from: string, to: string) => {
    const lines = text.split('\n');
    expect(lines[line - 1]).toContain(from);
    lines[line - 1] = lines[line - 1]!.replace(from, to);
    return lines.join('\n');
  };
  const audit = (text: string) => auditPage(readPerformanceLabPage(text).page!, file);

  it('a claim with a zero-width space or fullwidth digits inside is still audited, and the line is listed', () => {
    let text = edit(original, 273, '+3.30%', '+3.\u200b30%');
    text = edit(text, 144, '4000.01', '\uff14000.01');
    const findings = audit(text);
    // The planted differences of the page are all still found…
    for (const finding of audit(original)) expect(findings).toContainEqual(finding);
    // …and the lines read otherwise than stored are named.
    expect(findings.filter((f) => f.message.startsWith('read '))).toEqual([
      {
        line: 144,
        message: 'read with U+FF14 as "4": the line looks the same to a reader, and its claims are audited as it looks',
      },
      {
        line: 273,
        message:
          'read without the invisible U+200B: the line looks the same to a reader, and its claims are audited as it looks',
      },
    ]);
  });

  it('a result block whose numbers contradict each other is named, not left out in silence', () => {
    // The speculative run's mean latency, below what its median allows (an exact relation; a latency
    // past guidellm's measured window alone is a warning, as it may have begun in a warm-up).
    const text = edit(original, 167, ' 9.50', ' 3.00');
    expect(audit(text).filter((f) => f.message.startsWith('could not read'))).toEqual([
      {
        line: 167,
        message:
          'could not read the result block (E_IMPOSSIBLE_MEAN: e2e_latency mean 3.00 is below what its median 9.03 allows: at least 300 of 600 samples are at or above the median and none is negative): its numbers are not audited',
      },
    ]);
  });
});
