// A step shows its own numbers: every variant's objective and secondary metric, its change against
// the step's reference, the winner marked; commands one flag a line with the changed flags marked.
import { describe, expect, it } from 'vitest';
import { argsView, commandView } from '../../src/lib/view/command-view.ts';
import { parseShellCommand } from '../../src/lib/serving/shell-words.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const noProse = { title: '', description: '', slots: {} };
const glm52 = guideView(buildFromDisk('glm-5.2/h200').guide!, noProse, 'en');
const glm4 = guideView(buildFromDisk('glm-4.x/h200').guide!, noProse, 'zh');

describe('step results', () => {
  const step = (view: typeof glm52, id: string) => view.results.steps.find((s) => s.id === id)!;

  it('every step has a table with one row per variant', () => {
    for (const view of [glm52, glm4])
      for (const s of view.results.steps) expect(s.results?.rows.length).toBeGreaterThanOrEqual(s.variants.length);
  });

  it('GLM-5.2 max-running: the variant the summary leaves out is in the table, against the reference', () => {
    const results = step(glm52, 'max-running').results!;
    expect(results.headers).toEqual(['Configuration', 'Total TPS (tok/s)', 'Mean TPOT (ms)', 'vs max-running 64']);
    expect(results.rows.map((r) => [r.label, r.primary, r.change?.text, r.winner ?? false])).toEqual([
      ['max-running 64', '9959.18', 'reference', false],
      ['max-running 256', '14451.05', '+45.10%', true],
      ['max-running 512', '14251.08', '+43.09%', false],
    ]);
    expect(results.chart).toBe(true);
    expect(results.rows.map((r) => r.bar)).toEqual([68.9, 100, 98.6]);
  });

  it('a two-variant step has no bars; an unsupported engine is a row with its status', () => {
    expect(step(glm52, 'engine').results!.chart).toBe(false);
    const engine = step(glm4, 'engine').results!;
    const trt = engine.rows.find((r) => r.label === 'TensorRT-LLM')!;
    expect([trt.primary, trt.status]).toEqual([undefined, '不支持']);
    expect(engine.rows.find((r) => r.winner)?.label).toBe('SGLang');
  });
});

describe('commands one flag a line', () => {
  it('a one-line command keeps its text; each flag is a piece; flags that changed are marked', () => {
    const command = 'python3 -m sglang.launch_server --model m --tp 4 --host 0.0.0.0 --ep-size 4';
    const view = commandView(
      command,
      new Map([
        ['--tensor-parallel-size', '8'],
        ['--model', 'm'],
      ]),
    );
    expect(view.pieces.map((p) => p.text).join('')).toBe(command);
    expect(view.multiline).toBe(false);
    expect(view.pieces.filter((p) => p.flag).map((p) => [p.text.trim(), p.changed ?? false])).toEqual([
      ['--model m', false],
      ['--tp 4', true],
      ['--host 0.0.0.0', false],
      ['--ep-size 4', true],
    ]);
  });

  it('a parameter list keeps one item a line', () => {
    const view = argsView(
      ['--tp-size=8', '--dp-size=8', '--enable-dp-attention'],
      new Map([['--tensor-parallel-size', '8']]),
    );
    expect(view.multiline).toBe(true);
    expect(view.text).toBe('--tp-size=8\n--dp-size=8\n--enable-dp-attention');
    expect(view.pieces.map((p) => p.text).join('')).toBe(view.text);
    expect(view.pieces.filter((p) => p.changed).map((p) => p.text)).toEqual(['--dp-size=8', '--enable-dp-attention']);
  });

  it('prints the words re-quoted: what a shell splits the printed text into is what was measured', () => {
    const command = [
      '# the recommended server',
      'export VLLM_ATTENTION_BACKEND="CUTLASS_MLA"',
      'vllm serve org/m   -tp 8 \\',
      '    --speculative-config {"method":"mtp","num_speculative_tokens":1} \\',
      '    --chat-template "./my template.jinja" --json=\'{"a": [1, 2]}\'',
    ].join('\n');
    const view = commandView(command);
    expect(view.text).toBe(
      [
        '# the recommended server',
        'export VLLM_ATTENTION_BACKEND=CUTLASS_MLA',
        'vllm serve org/m -tp 8 \\',
        "    --speculative-config '{method:mtp,num_speculative_tokens:1}' \\",
        "    --chat-template './my template.jinja' --json='{\"a\": [1, 2]}'",
      ].join('\n'),
    );
    expect(view.pieces.map((p) => p.text).join('')).toBe(view.text);
    const words = (text: string) => parseShellCommand(text).lines.flatMap((l) => l.words.map((w) => w.value));
    expect(words(view.text)).toEqual(words(command));
    expect(parseShellCommand(view.text).problems).toEqual([]);
    expect(view.pieces.filter((p) => p.flag).map((p) => p.text.trim())).toEqual([
      '-tp 8',
      "--speculative-config '{method:mtp,num_speculative_tokens:1}'",
      "--chat-template './my template.jinja'",
      '--json=\'{"a": [1, 2]}\'',
    ]);
  });

  it('backend parameters that need quotes are printed quoted', () => {
    const view = argsView(['--speculative-config={"method":"mtp"}', '-tp 8']);
    expect(view.text).toBe('--speculative-config=\'{"method":"mtp"}\'\n-tp 8');
  });

  it('GLM-5.2: a step’s first variant is compared with the winner of the step before', () => {
    const memory = glm52.results.steps.find((s) => s.id === 'mem-fraction')!;
    const changed = (i: number) =>
      memory.variants[i]!.argsView!.pieces.filter((p) => p.changed).map((p) => p.text.trim());
    expect(changed(0)).toEqual([]);
    expect(changed(1)).toEqual(['--mem-fraction-static=0.8']);
    expect(changed(2)).toEqual(['--mem-fraction-static=0.85']);
    expect(glm52.results.changedFlags).toContain('highlighted');
  });
});
