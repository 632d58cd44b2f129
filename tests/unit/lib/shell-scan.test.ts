// serving/shell/scan.ts on its own: one word or operator at a time, and what it reports besides the
// word's value (shell-words.test.ts holds whole commands against bash itself).
import { describe, expect, it } from 'vitest';
import { CONTINUES_INTO_NOTHING, operatorAt, scanWord } from '../../../src/lib/serving/shell/scan.ts';
import type { ShellProblemKind } from '../../../src/lib/serving/shell/types.ts';

type Reported = { kind: ShellProblemKind; offset: number; found: string };

function scan(text: string, start = 0) {
  const reported: Reported[] = [];
  const word = scanWord(text, start, (kind, offset, found) => reported.push({ kind, offset, found }));
  return { ...word, reported };
}

/** Every word of `text` in turn, as the command reader calls scanWord, with all that was reported. */
function scanAll(text: string) {
  const reported: Reported[] = [];
  const values: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    const word = scanWord(text, i, (kind, offset, found) => reported.push({ kind, offset, found }));
    values.push(word.value);
    i = word.end;
  }
  return { values, reported };
}

describe('operatorAt', () => {
  it.each([
    ['a && b', 2, 'and-or', '&&'],
    ['a || b', 2, 'and-or', '||'],
    ['a | b', 2, 'pipe', '|'],
    ['a & b', 2, 'background', '&'],
    ['a ; b', 2, 'separator', ';'],
    ['a >> f', 2, 'redirection', '>>'],
    ['a <<< f', 2, 'redirection', '<<<'],
    ['a <<-EOF', 2, 'redirection', '<<-'],
    ['a 2>&1', 3, 'redirection', '>&'],
    ['a &> f', 2, 'redirection', '&>'],
    ['diff <(a) b', 5, 'redirection', '<('],
    ['(a)', 0, 'subshell', '('],
  ] as const)('%j at %i is %s %j', (text, at, kind, found) => {
    expect(operatorAt(text, at)).toMatchObject({ kind, text: found });
  });

  it('finds nothing where a word goes on', () => {
    expect(operatorAt('vllm serve', 0)).toBeUndefined();
    expect(operatorAt('a=b', 1)).toBeUndefined();
  });
});

describe('scanWord', () => {
  it('ends a word at a blank or an operator and joins its quoted parts', () => {
    expect(scan(`--x='a b'"c"d rest`)).toMatchObject({ value: '--x=a bcd', end: 13, reported: [] });
    expect(scan('a|b')).toMatchObject({ value: 'a', end: 1 });
    expect(scan('x vllm', 2)).toMatchObject({ value: 'vllm', end: 6 });
  });

  it('tells an assignment NAME=value from a word that only holds `=`', () => {
    expect(scan('CUDA_VISIBLE_DEVICES=0,1').assignable).toBe(true);
    expect(scan('--tp=8').assignable).toBe(false);
    expect(scan('1A=b').assignable).toBe(false);
  });

  it('keeps a backslash-escaped character and drops a backslash-newline', () => {
    expect(scan('a\\ b').value).toBe('a b');
    expect(scan('a\\\nb').value).toBe('ab');
    expect(scan('"a\\$b\\x"').value).toBe('a$b\\x');
  });

  it('reports a backslash that continues into nothing, and one followed by spaces to the line end', () => {
    expect(scan('a\\').reported).toEqual([{ kind: 'continuation-end', offset: 1, found: '\\' }]);
    expect(CONTINUES_INTO_NOTHING).toMatch(/continues it into nothing/);
    expect(scan('a\\  \nb').reported).toEqual([{ kind: 'continuation-space', offset: 1, found: '\\  ' }]);
  });

  it('reports what the shell would expand, run or translate, where it starts', () => {
    expect(scan('$HOME').reported).toEqual([{ kind: 'variable', offset: 0, found: '$H' }]);
    expect(scan('a${HOME}b').reported).toEqual([{ kind: 'variable', offset: 1, found: '${HOME}' }]);
    expect(scan('"$(id)"').reported).toEqual([{ kind: 'substitution', offset: 1, found: '$(' }]);
    expect(scan("$'x'").reported).toEqual([{ kind: 'dollar-quote', offset: 0, found: "$'" }]);
    expect(scan('a`id`b')).toMatchObject({ value: 'a`id`b', reported: [{ kind: 'backtick', offset: 1 }] });
    expect(scan('*.json').reported).toEqual([{ kind: 'glob', offset: 0, found: '*' }]);
    expect(scan('!x').reported).toEqual([{ kind: 'history', offset: 0, found: '!x' }]);
    expect(scan('~/m').reported).toEqual([{ kind: 'tilde', offset: 0, found: '~' }]);
    expect(scan('D=~/m').reported).toEqual([{ kind: 'tilde', offset: 2, found: '~' }]);
    expect(scan('{a,b}').reported).toEqual([{ kind: 'brace', offset: 0, found: '{a,b}' }]);
    expect(scan('{1..3}').reported).toEqual([{ kind: 'brace', offset: 0, found: '{1..3}' }]);
  });

  it('leaves literal what the shell leaves literal', () => {
    for (const text of ["'$HOME *'", '"{a,b}"', 'a!', '{"k":1}', 'x~y', "'!x'"])
      expect(scan(text).reported, text).toEqual([]);
  });

  it('reports control characters and characters that look like a space', () => {
    expect(scan('a\u0007b').reported).toEqual([{ kind: 'control', offset: 1, found: '\u0007' }]);
    expect(scan('a\u00a0b')).toMatchObject({ value: 'a\u00a0b', reported: [{ kind: 'control', offset: 1 }] });
  });

  it('reports an unclosed quote and takes the rest of the text into the word', () => {
    expect(scan("'a b")).toMatchObject({ value: 'a b', end: 4, reported: [{ kind: 'unclosed-quote', offset: 0 }] });
    expect(scan('"a b')).toMatchObject({ end: 4, reported: [{ kind: 'unclosed-quote', offset: 0 }] });
  });

  it('finds the `}` of each `${` in a command of many, closed or not', () => {
    // Each `${` names the text up to the first `}` after it, or only `${` when none follows.
    expect(scanAll('${A} ${B ${C} ${D').reported).toEqual([
      { kind: 'variable', offset: 0, found: '${A}' },
      { kind: 'variable', offset: 5, found: '${B ${C}' },
      { kind: 'variable', offset: 9, found: '${C}' },
      { kind: 'variable', offset: 14, found: '${' },
    ]);
    // A second command is read afresh, not with the first one's answer.
    expect(scanAll('${X ${Y}').reported.map((r) => r.found)).toEqual(['${X ${Y}', '${Y}']);
    expect(scanAll('${X ${Y').reported.map((r) => r.found)).toEqual(['${', '${']);
  });
});
