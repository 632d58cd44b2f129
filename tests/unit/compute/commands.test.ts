// Every serving command and parameter list of guide.yaml: one command that starts the guide's
// engine on the guide's model, nothing a shell would run or expand, no setting given twice.
import { describe, expect, it } from 'vitest';
import { commandSites, placedWords } from '../../../src/lib/compute/command-sites.ts';
import { checkCommands } from '../../../src/lib/compute/commands.ts';
import { context, guide, step, tps } from '../../helpers/compute-input.ts';

const runs = [tps('engine/vllm.txt', '1200', '40'), tps('engine/sglang.txt', '1500', '32')];
const check = (keys: Record<string, unknown>) => {
  const { ctx, reported } = context(guide(keys), runs);
  checkCommands(ctx);
  return reported().map((line) => /^\S+ E_[A-Z_]+/.exec(line)?.[0] ?? line);
};
const recommended = (command: string) => ({ recommended: { engine: 'sglang', command } });

describe('serving commands', () => {
  it('lists every command and parameter list, in file order, with its words where guide.yaml writes them', () => {
    const sites = commandSites(guide());
    expect(sites.map((s) => s.path.join('.'))).toEqual(['steps.0.variants.0', 'steps.0.variants.1', 'recommended']);
    expect(placedWords(sites[2]!).map((w) => [w.value, w.offset])).toEqual([
      ['python3', 0],
      ['-m', 8],
      ['sglang.launch_server', 11],
      ['--tp-size', 32],
      ['8', 42],
    ]);
    expect(placedWords(sites[1]!).map((w) => [w.value, w.path.join('.'), w.offset])).toEqual([
      ['--tp-size', 'steps.0.variants.1.args.0', 0],
      ['8', 'steps.0.variants.1.args.0', 10],
    ]);
  });

  it('finds nothing in plain commands, continuations and exports included', () => {
    expect(check({})).toEqual([]);
    expect(
      check(
        recommended('export SGLANG_X=1\npython3 -m sglang.launch_server \\\n  --model-path org/tiny-model --tp-size 8'),
      ),
    ).toEqual([]);
  });

  it('reports what a shell would run or expand, at the command', () => {
    expect(check(recommended('python3 -m sglang.launch_server --tp-size 8; rm -rf /'))).toEqual([
      'recommended.command E_COMMAND_SHELL',
    ]);
    expect(check(recommended('python3 -m sglang.launch_server --tp-size $GPUS'))).toEqual([
      'recommended.command E_COMMAND_EXPANSION',
    ]);
    expect(check(recommended('python3 -m sglang.launch_server \\ \n --tp-size 8'))).toEqual([
      'recommended.command E_COMMAND_CONTINUATION',
    ]);
  });

  it('reports a setting given twice with different values, another model, another engine', () => {
    expect(
      check({
        steps: [step('engine', [['vllm', 'vllm', 'engine/vllm.txt', { args: ['-tp 8', '--tensor-parallel-size 4'] }]])],
      }),
    ).toEqual(['steps.0.variants.0.args.1 E_COMMAND_FLAG_TWICE']);
    expect(check(recommended('python3 -m sglang.launch_server --model-path org/other-model --tp-size 8'))).toEqual([
      'recommended.command E_COMMAND_MODEL',
    ]);
    // The guide's model, in any case, and a build it declares, are the guide's.
    expect(check(recommended('python3 -m sglang.launch_server --model-path ORG/Tiny-Model --tp-size 8'))).toEqual([]);
    expect(check(recommended('vllm serve org/tiny-model -tp 8'))).toEqual(['recommended.command E_COMMAND_ENGINE']);
  });
});
