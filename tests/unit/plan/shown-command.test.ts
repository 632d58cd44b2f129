// How run-plan writes a command for the author to read: exactly the words it runs, every character
// a terminal would act on or hide escaped (bash's $'…' quoting), never the character itself.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandKey, escapeHidden, hasHiddenCharacter, shownCommand } from '../../../src/lib/plan/shown-command.ts';

/** The words bash reads from a line. */
const bashWords = (line: string) =>
  spawnSync('bash', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' })
    .stdout.split('\0')
    .slice(0, -1);

describe('shownCommand', () => {
  it('is the plain command line when nothing in it is hidden', () => {
    expect(
      shownCommand(
        ['vllm', 'serve', 'Qwen/Qwen3-8B', '--max-model-len', '8192'],
        [{ name: 'VLLM_USE_V1', value: '1' }],
      ),
    ).toBe('VLLM_USE_V1=1 vllm serve Qwen/Qwen3-8B --max-model-len 8192');
    expect(shownCommand(['vllm', "--x=it's"])).toBe("vllm --x='it'\\''s'");
  });

  it("writes each word holding a control, format or separator character in $'…', and bash reads back the same words", () => {
    const words = ['vllm', 'serve', 'm', 'a\u001b[2Jb', "it's \\ \u202e", 'line\nbreak\ttab', '\u200bzero', '\u2028'];
    const shown = shownCommand(words);
    expect(shown).toBe(
      "vllm serve m $'a\\x1b[2Jb' $'it\\'s \\\\ \\u202e' $'line\\nbreak\\ttab' $'\\u200bzero' $'\\u2028'",
    );
    expect(hasHiddenCharacter(shown)).toBe(false);
    expect(bashWords(shown)).toEqual(words);
  });

  it('escapes an environment value too', () => {
    const shown = shownCommand(['vllm', 'serve'], [{ name: 'CUDA_VISIBLE_DEVICES', value: '0\u001b]0;x\u0007' }]);
    expect(shown).toBe("CUDA_VISIBLE_DEVICES=$'0\\x1b]0;x\\x07' vllm serve");
    expect(hasHiddenCharacter(shown)).toBe(false);
  });
});

describe('escapeHidden', () => {
  it('writes each hidden character as its escape and leaves the rest', () => {
    expect(escapeHidden('starting vllm \u001b[31mred\u009b \u202e ok 中文')).toBe(
      'starting vllm \\x1b[31mred\\x9b \\u202e ok 中文',
    );
  });
});

describe('commandKey', () => {
  it('tells commands apart by their exact words and environment', () => {
    const a = { words: ['vllm', 'serve', 'm'], environment: [] };
    expect(commandKey(a)).toBe(commandKey({ words: ['vllm', 'serve', 'm'], environment: [] }));
    expect(commandKey(a)).not.toBe(commandKey({ words: ['vllm', 'serve', 'm '], environment: [] }));
    expect(commandKey(a)).not.toBe(
      commandKey({ words: ['vllm', 'serve', 'm'], environment: [{ name: 'A', value: '1' }] }),
    );
    expect(commandKey({ words: ['a b'], environment: [] })).not.toBe(
      commandKey({ words: ['a', 'b'], environment: [] }),
    );
  });
});
