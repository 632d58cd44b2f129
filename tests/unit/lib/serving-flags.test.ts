// serving/flags.ts: the settings of a serving configuration, read alike from backend parameters
// and from a command, so configurations compare by what they set, not how they spell it.
import { describe, expect, it } from 'vitest';
import {
  argsWords,
  canonicalFlag,
  commandFlags,
  commandModel,
  commandWords,
  configFlags,
  configKey,
  conflictingFlags,
} from '../../../src/lib/serving/flags.ts';

describe('commandFlags', () => {
  it('reads --flag value, --flag=value, -tp 2 and bare switches, in order', () => {
    expect([...commandFlags('vllm serve org/m --max-num-seqs=256 -tp 2 --enforce-eager --port 8000')]).toEqual([
      ['--max-num-seqs', '256'],
      ['-tp', '2'],
      ['--enforce-eager', ''],
      ['--port', '8000'],
    ]);
  });

  it('reads the words as a shell does: continued lines joined, comments skipped, quotes removed, "=" kept inside a value', () => {
    const command =
      '# a comment --tp 9\nexport A=1\npython3 -m sglang.launch_server \\\n  --model-path "org/m" \\\n  --json-model-override-args=\'{"a":1}\' # --tp 9';
    expect([...commandFlags(command)]).toEqual([
      ['-m', 'sglang.launch_server'],
      ['--model-path', 'org/m'],
      ['--json-model-override-args', '{"a":1}'],
    ]);
  });

  it('a flag given twice keeps its last value, as the engine reads it; conflictingFlags names each use', () => {
    const command = 'vllm serve m --tp-size 8 --tensor-parallel-size 4 --tp-size 8 --enforce-eager --enforce-eager';
    expect(commandFlags(command).get('--tp-size')).toBe('8');
    expect(configFlags({ command }).get('--tensor-parallel-size')).toBe('8');
    expect(conflictingFlags(commandWords(command))).toEqual([
      {
        flag: '--tensor-parallel-size',
        uses: [
          { name: '--tp-size', value: '8', word: 3 },
          { name: '--tensor-parallel-size', value: '4', word: 5 },
          { name: '--tp-size', value: '8', word: 7 },
        ],
      },
    ]);
  });

  it('backend parameters are words as written: a space parts a flag from its value, quotes stay', () => {
    expect(argsWords(['-tp 8', '--speculative-config={"method":"mtp"}', '  --enforce-eager '])).toEqual([
      '-tp',
      '8',
      '--speculative-config={"method":"mtp"}',
      '--enforce-eager',
    ]);
  });

  it('a negative number is not a flag but a value', () => {
    // "-1" does not start with a letter after the dash
    expect([...commandFlags('--seed -1')]).toEqual([['--seed', '-1']]);
  });
});

describe('configFlags and configKey', () => {
  it('the same configuration spelt two ways has one key', () => {
    const args = configFlags({ args: ['--tp-size=8', '--enable-dp-attention'] });
    const command = configFlags({
      command: 'python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --enable-dp-attention --tp 8',
    });
    expect([...args]).toEqual([
      ['--tensor-parallel-size', '8'],
      ['--enable-dp-attention', ''],
    ]);
    // the launcher module and where it listens are left out
    expect([...command]).toEqual([
      ['--enable-dp-attention', ''],
      ['--tensor-parallel-size', '8'],
    ]);
    expect(configKey('sglang', args)).toBe('sglang --enable-dp-attention= --tensor-parallel-size=8');
    expect(configKey('sglang', command)).toBe(configKey('sglang', args));
    expect(configKey('vllm', args)).not.toBe(configKey('sglang', args));
  });

  it('`vllm serve <model>` makes the model part of the configuration', () => {
    expect([...configFlags({ command: 'vllm serve org/m -tp 2' })]).toEqual([
      ['--tensor-parallel-size', '2'],
      ['--model', 'org/m'],
    ]);
    expect([...configFlags({ command: 'python3 -m sglang.launch_server --model-path org/m' })]).toEqual([
      ['--model', 'org/m'],
    ]);
  });

  it('canonicalFlag maps each alias and leaves other names alone', () => {
    expect(
      ['-tp', '--tp', '--tp-size', '-dp', '--ep-size', '--model-path', '--max-num-seqs'].map(canonicalFlag),
    ).toEqual([
      '--tensor-parallel-size',
      '--tensor-parallel-size',
      '--tensor-parallel-size',
      '--data-parallel-size',
      '--expert-parallel-size',
      '--model',
      '--max-num-seqs',
    ]);
  });
});

describe('commandModel', () => {
  it('is --model, --model-path or the argument of vllm serve', () => {
    expect(commandModel('python3 -m vllm.entrypoints.openai.api_server --model org/a')).toBe('org/a');
    expect(commandModel('python3 -m sglang.launch_server --model-path org/b --tp 8')).toBe('org/b');
    expect(commandModel('vllm serve org/c \\\n  --tensor-parallel-size 8')).toBe('org/c');
    expect(commandModel('vllm serve --tensor-parallel-size 8')).toBeUndefined();
    expect(commandModel('python3 -m sglang.launch_server --tp 8')).toBeUndefined();
  });

  it('is the argument of trtllm-serve, read after quotes, and never a word of an entry point perflab does not know', () => {
    expect(commandModel("trtllm-serve 'org/d' --tp_size 8")).toBe('org/d');
    expect(commandModel('VLLM_X=1 /usr/local/bin/vllm serve "org/e"')).toBe('org/e');
    expect(commandModel('mindie serve org/f')).toBeUndefined();
    expect(commandModel('my-server org/g --model-path org/h')).toBe('org/h');
  });
});
