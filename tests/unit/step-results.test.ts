// A step shows its own numbers: every variant's objective and secondary metrics, each with its change
// against the configuration the step started from, and which row later steps build on (the adopted
// winner, or the start, kept: never a "winner" beside "not adopted"); commands one flag a line with
// the changed flags marked.
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

  it('GLM-5.2 max-running: every run against memory fraction 0.85, where the step started, with each metric’s change', () => {
    const results = step(glm52, 'max-running').results!;
    expect(results.headers).toEqual([
      'Configuration',
      'Interval-mean Total TPS (tok/s)',
      'Mean TPOT (ms)',
      'vs start of step',
    ]);
    const cells = results.rows.map((r) => [
      r.label,
      r.primary,
      r.change?.text ?? r.status,
      r.change?.positive,
      r.secondary.map((c) => [c.value, c.delta?.text, c.delta?.positive]),
      r.mark,
    ]);
    expect(cells).toEqual([
      [
        '0.85 (Memory Fraction)',
        '13760.98',
        'start of this step',
        undefined,
        [['266.89', undefined, undefined]],
        undefined,
      ],
      // Mean TPOT 359.30 against 266.89 ms is +34.62%: a latency that rose, so worse (red)
      ['max-running 64', '9959.18', '-27.63%', false, [['359.30', '+34.62%', false]], undefined],
      ['max-running 256', '14451.05', '+5.01%', true, [['255.63', '-4.22%', true]], 'adopted'],
      ['max-running 512', '14251.08', '+3.56%', true, [['259.25', '-2.86%', true]], undefined],
    ]);
    expect(results.chart).toBe(true);
    expect(results.rows.map((r) => r.bar)).toEqual([95.2, 68.9, 100, 98.6]);
    expect(step(glm52, 'max-running').adopted).toBe(
      'Adopted: later steps build on max-running 256 (+5.01% against 0.85, where this step started).',
    );
  });

  it('GLM-5.2 parallel: the table says +8.07% over TP, where it started; the summary keeps the seed’s +10.04% over the worst run, named', () => {
    const parallel = step(glm52, 'parallel');
    const row = (id: string) => parallel.results!.rows.find((r) => r.id === id)!;
    expect([row('tp').change, row('tp').status]).toEqual([undefined, 'start of this step']);
    expect([row('tp-dp-dp-attention').change?.text, row('tp-dp-dp-attention').mark]).toEqual(['+8.07%', 'adopted']);
    expect(parallel.summary?.text).toContain('TP + DP-Attention Total TPS = 6371.59');
    expect(parallel.summary?.text).toContain('(10.04%)');
  });

  it('a step not adopted marks the start as kept and no winner', () => {
    const chunked = step(glm52, 'chunked-prefill');
    expect(chunked.results!.rows.map((r) => [r.label, r.change?.text ?? r.status, r.mark])).toEqual([
      ['default', 'start of this step', 'kept'],
      ['8K', '-0.02%', undefined],
    ]);
    expect(chunked.notAdopted).toMatch(/^Not adopted/);
    expect(chunked.adopted).toBeUndefined();
  });

  it('a two-variant step has no bars; an unsupported engine is a row with its status', () => {
    expect(step(glm52, 'engine').results!.chart).toBe(false);
    const engine = step(glm4, 'engine').results!;
    const trt = engine.rows.find((r) => r.label === 'TensorRT-LLM')!;
    expect([trt.primary, trt.status]).toEqual([undefined, '不支持']);
    expect(engine.rows.find((r) => r.mark)?.label).toBe('SGLang');
    expect(engine.marks).toEqual({ adopted: '采用', kept: '沿用' });
  });
});

describe('commands one flag a line', () => {
  it('a one-line command is printed one flag a line, as text: what is shown is what is copied; flags that changed are marked', () => {
    const command = 'python3 -m sglang.launch_server --model m --tp 4 --host 0.0.0.0 --ep-size 4';
    const view = commandView(
      command,
      new Map([
        ['--tensor-parallel-size', '8'],
        ['--model', 'm'],
      ]),
    );
    expect(view.text).toBe(
      [
        'python3 -m sglang.launch_server \\',
        '    --model m \\',
        '    --tp 4 \\',
        '    --host 0.0.0.0 \\',
        '    --ep-size 4',
      ].join('\n'),
    );
    expect(view.pieces.map((p) => p.text).join('')).toBe(view.text);
    const words = (text: string) => parseShellCommand(text).lines.flatMap((l) => l.words.map((w) => w.value));
    expect(words(view.text)).toEqual(words(command));
    expect(view.pieces.filter((p) => p.flag).map((p) => [p.text, p.changed ?? false])).toEqual([
      ['--model m', false],
      ['--tp 4', true],
      ['--host 0.0.0.0', false],
      ['--ep-size 4', true],
    ]);
  });

  it('a line of several flags is broken before each, at the indent of the line it continues', () => {
    const view = commandView('python3 -m sglang.launch_server \\\n    --model m \\\n    --a 4 --b 4 --c 16');
    expect(view.text).toBe(
      ['python3 -m sglang.launch_server \\', '    --model m \\', '    --a 4 \\', '    --b 4 \\', '    --c 16'].join(
        '\n',
      ),
    );
  });

  it('flag lines an author left unindented sit below the command, as the flags broken off its line do', () => {
    // DeepSeek-V3.2's recommended command: the first flag shares the command's line, the rest do not.
    const view = commandView(
      'python3 -m sglang.launch_server --model m \\\n--chat-template ./t.jinja \\\n--tp-size 8 --dp-size 8 \\\n      --reasoning-parser r',
    );
    expect(view.text).toBe(
      [
        'python3 -m sglang.launch_server \\',
        '    --model m \\',
        '    --chat-template ./t.jinja \\',
        '    --tp-size 8 \\',
        '    --dp-size 8 \\',
        '      --reasoning-parser r',
      ].join('\n'),
    );
    // Lines that do not continue the command keep their place: a second command, a list.
    expect(commandView('a --x 1\n--y 2').text).toBe('a \\\n    --x 1\n--y 2');
  });

  it('a parameter list keeps one item a line', () => {
    const view = argsView(
      ['--tp-size=8', '--dp-size=8', '--enable-dp-attention'],
      new Map([['--tensor-parallel-size', '8']]),
    );
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
        'vllm serve org/m \\',
        '    -tp 8 \\',
        "    --speculative-config '{method:mtp,num_speculative_tokens:1}' \\",
        "    --chat-template './my template.jinja' \\",
        '    --json=\'{"a": [1, 2]}\'',
      ].join('\n'),
    );
    expect(view.pieces.map((p) => p.text).join('')).toBe(view.text);
    const words = (text: string) => parseShellCommand(text).lines.flatMap((l) => l.words.map((w) => w.value));
    expect(words(view.text)).toEqual(words(command));
    expect(parseShellCommand(view.text).problems).toEqual([]);
    expect(view.pieces.filter((p) => p.flag).map((p) => p.text)).toEqual([
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
