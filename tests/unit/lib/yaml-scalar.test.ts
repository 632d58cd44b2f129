// guide-source/yaml-scalar.ts through parseYamlSource().locateIn: a character of a string value
// is found at its own line and column of the YAML source, whatever style the string is written in.
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../../src/lib/guide-source/yaml-source.ts';

const SOURCE = `literal: |-
  export X="1"
  vllm serve m \\
    --x $(id)
kept: |
  keep

  $U
plain: vllm serve m --c {"a":1,"b":2} $P
plainLines: plain multi
  line $V
single: 'it''s $S'
double: "vllm \\"m\\" \\u00e9 \\
  next $D"
folded: >
  folded one
  two

  three $W
nested:
  - command: x $N
`;

/** The source character at a line and column. */
function charAt(line: number, column: number): string | undefined {
  return SOURCE.split('\n')[line - 1]?.[column - 1];
}

describe('locateIn: a character of a string value in the YAML source', () => {
  const yaml = parseYamlSource(SOURCE, 'guide.yaml');
  const data = yaml.data as Record<string, unknown>;
  const cases: [string, (string | number)[]][] = [
    ['a block literal', ['literal']],
    ['a block literal that keeps its empty lines', ['kept']],
    ['a plain scalar', ['plain']],
    ['a plain scalar over two lines', ['plainLines']],
    ["a single-quoted scalar with ''", ['single']],
    ['a double-quoted scalar with escapes and an escaped line break', ['double']],
    ['a folded block', ['folded']],
    ['a value in a list', ['nested', 0, 'command']],
  ];
  for (const [name, path] of cases)
    it(name, () => {
      const value = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], data) as string;
      const index = value.indexOf('$');
      expect(index).toBeGreaterThan(-1);
      const at = yaml.locateIn(path, index);
      expect(charAt(at.line, at.column)).toBe('$');
      expect(SOURCE.split('\n')[at.line - 1]?.slice(at.column - 1, at.column + 1)).toBe(value.slice(index, index + 2));
    });

  it('points at the key where the path leads to no string', () => {
    expect(yaml.locateIn(['nested', 0], 3)).toEqual(yaml.locate(['nested', 0]));
    expect(yaml.locateIn(['missing'], 0)).toEqual({ line: 1, column: 1 });
  });
});
