// Ingest parses guide.yaml only when it can declare a raw file's format: the shortcut must never
// miss a declaration, however the YAML spells the key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../src/lib/guide-source/yaml-source.ts';
import { Lexer } from 'yaml';
import {
  backslashesOnlyInBlockScalars,
  declaredFormats,
  mayDeclareFormats,
} from '../../src/lib/ingest/ingest-guide.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const formatsOf = (yaml: string) => declaredFormats(parseYamlSource(yaml, 'guide.yaml').data);

describe('mayDeclareFormats', () => {
  it.each([
    ['a plain key', 'result: { file: a.txt, format: vllm-bench-serve }\n'],
    ['a quoted key', "result:\n  file: a.txt\n  'format': vllm-bench-serve\n"],
    ['a key spelled with an escape', 'result:\n  file: a.txt\n  "form\\x61t": vllm-bench-serve\n'],
    ['a key split by an escaped line break', 'result:\n  file: a.txt\n  ? "for\\\n    mat"\n  : vllm-bench-serve\n'],
  ])('sees %s, and the parse finds the declaration', (_, yaml) => {
    expect(formatsOf(yaml).get('a.txt')).toBe('vllm-bench-serve');
    expect(mayDeclareFormats(yaml)).toBe(true);
  });

  it('skips a guide whose only backslashes are in block scalars (serving commands)', () => {
    const yaml = 'command: |\n  python3 -m sglang.launch_server \\\n    --tp-size=8\nlabel: "TP"\n';
    expect(mayDeclareFormats(yaml)).toBe(false);
    expect(formatsOf(yaml).size).toBe(0);
  });

  it.each(['glm-5.2/h200', 'glm-4.x/h200'])('%s: declares no format, and the shortcut says so', (id) => {
    const yaml = readFileSync(join(repoRoot, 'content/guides', id, 'guide.yaml'), 'utf8');
    expect(formatsOf(yaml).size).toBe(0);
    expect(mayDeclareFormats(yaml)).toBe(false);
  });

  it.each([
    ['a key beside an empty block scalar of a sequence entry', '- cmd: |\n  "form\\x61t": x\n'],
    ['a header inside a comment', 'steps:  # see |\n  "form\\x61t": x\n'],
    ['a key after a command', 'command: |\n  python \\\n    --tp 8\n"form\\x61t": x\n'],
    ['a tab-indented line after a header', 'command: |\n\t"form\\x61t": x\n'],
    ['a quoted key with a header-like value', '"a\\x62": |\n  x\n'],
  ])('leaves %s to the tokenizer', (_, yaml) => {
    expect(backslashesOnlyInBlockScalars(yaml)).toBe(false);
  });
});

// The shortcut against the tokenizer, on documents made of the pieces a guide.yaml and an attack
// on the shortcut are made of: where a double-quoted token holds a backslash, the shortcut must
// never say that every backslash is in a block scalar.
describe('backslashesOnlyInBlockScalars', () => {
  const pieces = [
    'command: |',
    'cmd: >-',
    '- |',
    '- key: |',
    '- - |',
    'run: |2',
    'steps:  # see |',
    '# |',
    'key: value |',
    'python3 -m sglang \\',
    '--tp-size=8 \\',
    'label: "TP"',
    '"form\\x61t": x',
    '"a\\"b": c',
    'k: "start',
    'middle\\',
    'end"',
    '? "for\\',
    'mat"',
    ': v',
    '- id: x',
    'text',
    '',
    '{ "\\x66ormat": y }',
    '[a, "b\\n"]',
  ];
  const quotedEscape = (yaml: string) => {
    try {
      for (const token of new Lexer().lex(yaml)) if (token.startsWith('"') && token.includes('\\')) return true;
    } catch {
      return true;
    }
    return false;
  };
  it('never claims a document whose tokens hold an escaped double-quoted scalar (5,000 random documents)', () => {
    let seed = 1;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let claimed = 0;
    for (let doc = 0; doc < 5000; doc++) {
      const lines = Array.from(
        { length: 1 + random(8) },
        () => ' '.repeat(random(4) * 2) + pieces[random(pieces.length)],
      );
      const yaml = `${lines.join('\n')}\n`;
      if (!backslashesOnlyInBlockScalars(yaml)) continue;
      claimed++;
      expect(quotedEscape(yaml), yaml).toBe(false);
    }
    // The shortcut has to answer for a good share of them, or the test shows nothing.
    expect(claimed).toBeGreaterThan(500);
  });
});
