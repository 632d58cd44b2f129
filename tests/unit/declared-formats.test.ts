// Ingest parses guide.yaml only when it can declare a raw file's format: the shortcut must never
// miss a declaration, however the YAML spells the key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../src/lib/guide-source/yaml-source.ts';
import { declaredFormats, mayDeclareFormats } from '../../src/lib/ingest/ingest-guide.ts';
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
});
