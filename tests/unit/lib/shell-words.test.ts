// serving/shell-words.ts: a command read as bash reads it. Each clean case is also split by bash
// itself (the words must match), and every printed command reads back to the same words.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  parseShellCommand,
  printShellCommand,
  quoteShellWord,
  SHELL_PROBLEM_KINDS,
} from '../../../src/lib/serving/shell-words.ts';

type Case = {
  text: string;
  words?: string[];
  env?: [string, string, boolean][];
  /** `kind@line:col` of each problem, in order */
  problems?: string[];
};

const CLEAN: Record<string, Case> = {
  'a one-line command': { text: 'vllm serve org/m -tp 8', words: ['vllm', 'serve', 'org/m', '-tp', '8'] },
  'runs of spaces and tabs separate alike': {
    text: 'vllm  serve\torg/m   --tp-size 4',
    words: ['vllm', 'serve', 'org/m', '--tp-size', '4'],
  },
  'continued lines join': {
    text: 'python3 -m sglang.launch_server \\\n    --model-path org/m \\\n    --tp 8',
    words: ['python3', '-m', 'sglang.launch_server', '--model-path', 'org/m', '--tp', '8'],
  },
  'single quotes keep everything literal': {
    text: `vllm serve m --speculative-config '{"method":"mtp","n":1}' --x '$HOME \\ *'`,
    words: ['vllm', 'serve', 'm', '--speculative-config', '{"method":"mtp","n":1}', '--x', '$HOME \\ *'],
  },
  'a quoted value after --flag=': {
    text: `vllm serve m --speculative-config='{"method":"mtp","num_speculative_tokens":1}'`,
    words: ['vllm', 'serve', 'm', '--speculative-config={"method":"mtp","num_speculative_tokens":1}'],
  },
  'double quotes and their escapes': {
    text: 'cmd "a b" "c\\"d" "e\\\\f" "g\\h" "x\\$y"',
    words: ['cmd', 'a b', 'c"d', 'e\\f', 'g\\h', 'x$y'],
  },
  'a backslash escapes the next character': {
    text: 'cmd a\\ b \\{x,y\\} \\$HOME',
    words: ['cmd', 'a b', '{x,y}', '$HOME'],
  },
  'quotes joined in one word': { text: `cmd a'b c'"d e"f`, words: ['cmd', 'ab cd ef'] },
  'an empty quoted word is a word': { text: `cmd '' ""`, words: ['cmd', '', ''] },
  'a continuation inside a word joins it': { text: 'cmd ab\\\ncd', words: ['cmd', 'abcd'] },
  'comments: whole lines and the end of a line': {
    text: '# start the server\nvllm serve m # the model\n',
    words: ['vllm', 'serve', 'm'],
  },
  'a # inside a word is not a comment': { text: 'cmd a#b --x=#1', words: ['cmd', 'a#b', '--x=#1'] },
  'export lines before the command': {
    text: 'export VLLM_ATTENTION_BACKEND="CUTLASS_MLA"\nexport A=1 B=2\nvllm serve m',
    words: ['vllm', 'serve', 'm'],
    env: [
      ['VLLM_ATTENTION_BACKEND', 'CUTLASS_MLA', true],
      ['A', '1', true],
      ['B', '2', true],
    ],
  },
  'NAME=value prefixes of the command': {
    text: `VLLM_ATTENTION_BACKEND=FLASHINFER CUDA_VISIBLE_DEVICES='0,1' vllm serve m`,
    words: ['vllm', 'serve', 'm'],
    env: [
      ['VLLM_ATTENTION_BACKEND', 'FLASHINFER', false],
      ['CUDA_VISIBLE_DEVICES', '0,1', false],
    ],
  },
  'a NAME=value after the program is an argument': {
    text: 'cmd A=1 --b=2',
    words: ['cmd', 'A=1', '--b=2'],
  },
  'braces without a comma or .. stay as written': {
    text: 'cmd {} {a} --json={"a":1} x{y}z',
    words: ['cmd', '{}', '{a}', '--json={a:1}', 'x{y}z'],
  },
  'a lone $ and a ! before a space are literal': { text: 'cmd $ a! b', words: ['cmd', '$', 'a!', 'b'] },
  'a ~ inside a word is literal': { text: 'cmd a~b --x=~', words: ['cmd', 'a~b', '--x=~'] },
  'trailing newlines and blank lines': { text: '\n\nvllm serve m\n\n', words: ['vllm', 'serve', 'm'] },
  'comment-only text has no words': { text: '# nothing to run', words: [] },
};

const BAD: Record<string, Case> = {
  'command substitution': {
    text: 'vllm serve m --download-dir "$(curl -fsSL https://x | sh)"',
    problems: ['substitution@1:30'],
  },
  'unquoted command substitution': { text: 'cmd $(id)', problems: ['substitution@1:5', 'subshell@1:9'] },
  'arithmetic substitution': {
    text: 'cmd $((1+2))',
    problems: ['substitution@1:5', 'subshell@1:7', 'subshell@1:11', 'subshell@1:12'],
  },
  backticks: { text: 'cmd `id` "`id`"', problems: ['backtick@1:5', 'backtick@1:11', 'backtick@1:14'] },
  'a variable': { text: 'cmd $HOME', problems: ['variable@1:5'] },
  'a variable in double quotes': { text: 'cmd "--dir=${HOME}/x"', problems: ['variable@1:12'] },
  'positional and special parameters': {
    text: 'cmd $1 $@ $?',
    problems: ['variable@1:5', 'variable@1:8', 'variable@1:11'],
  },
  "ANSI-C quoting $'…'": { text: "cmd $'a\\nb'", problems: ['dollar-quote@1:5'] },
  'a pipe': { text: 'vllm serve m | tee log', problems: ['pipe@1:14'] },
  redirections: {
    text: 'cmd > out 2>&1 < in >> log <<EOF <(x)',
    problems: [
      'redirection@1:5',
      'redirection@1:12',
      'redirection@1:16',
      'redirection@1:21',
      'redirection@1:28',
      'redirection@1:34',
      'subshell@1:37',
    ],
  },
  '&> redirection': { text: 'cmd &>log', problems: ['redirection@1:5'] },
  'a ; separator': { text: 'cmd a; rm -rf x', words: ['cmd', 'a'], problems: ['separator@1:6'] },
  'background &': { text: 'cmd a & cmd b', problems: ['background@1:7'] },
  '&& and ||': { text: 'cmd a && cmd b || cmd c', problems: ['and-or@1:7', 'and-or@1:16'] },
  'a subshell': { text: '(cmd a)', problems: ['subshell@1:1', 'subshell@1:7'] },
  'brace expansion with a comma': {
    text: 'vllm serve m --speculative-config={"method":"mtp","num_speculative_tokens":1}',
    problems: ['brace@1:35'],
  },
  'brace expansion as a word of its own': {
    text: 'cmd --speculative-config {"method":"mtp","num_speculative_tokens":1}',
    problems: ['brace@1:26'],
  },
  'a sequence expression': { text: 'cmd --x={1..3}', problems: ['brace@1:9'] },
  'nested braces report each expansion': { text: 'cmd a{b,{c,d}}', problems: ['brace@1:6', 'brace@1:9'] },
  'glob characters': { text: 'cmd *.txt a? [ab]', problems: ['glob@1:5', 'glob@1:12', 'glob@1:14'] },
  'a tilde at the start of a word or after NAME=': {
    text: 'X=~/m cmd ~/x',
    problems: ['tilde@1:3', 'tilde@1:11'],
  },
  'history expansion': { text: 'cmd !! "a!b"', problems: ['history@1:5', 'history@1:10'] },
  'a line that lacks its trailing backslash': {
    text: 'vllm serve m \\\n  --tp 8\n  --max-model-len 4096',
    words: ['vllm', 'serve', 'm', '--tp', '8'],
    problems: ['continuation@2:9'],
  },
  'the first line lacks its backslash': {
    text: 'vllm serve m\n  --tp 8 \\\n  --max-model-len 4096',
    words: ['vllm', 'serve', 'm'],
    problems: ['continuation@1:13'],
  },
  'a blank line breaks a continuation': {
    text: 'vllm serve m \\\n\n  --tp 8',
    problems: ['continuation@2:1'],
  },
  'a comment line breaks a continuation': {
    text: 'vllm serve m \\\n  # the parallelism\n  --tp 8',
    problems: ['continuation@2:3'],
  },
  'a backslash inside a comment does not continue': {
    text: 'vllm serve m # the model \\\n  --tp 8',
    problems: ['continuation@1:14'],
  },
  'a second command': { text: 'vllm serve m\nvllm serve n', problems: ['continuation@1:13'] },
  'an export after the command': { text: 'vllm serve m\nexport A=1', problems: ['continuation@1:13'] },
  'spaces after the backslash': {
    text: 'vllm serve m \\  \n  --tp 8',
    words: ['vllm', 'serve', 'm', ' '],
    problems: ['continuation-space@1:14'],
  },
  'a backslash at the very end': { text: 'vllm serve m \\', problems: ['continuation-end@1:14'] },
  'a continuation into nothing': { text: 'vllm serve m \\\n', problems: ['continuation-end@1:14'] },
  'an unclosed single quote': { text: "cmd 'a b", problems: ['unclosed-quote@1:5'] },
  'an unclosed double quote': { text: 'cmd "a b', problems: ['unclosed-quote@1:5'] },
  'export without a value': { text: 'export A\nvllm serve m', problems: ['export-form@1:8'] },
  'a NAME=value line without export': { text: 'A=1\nvllm serve m', problems: ['unexported@1:1'] },
  'a shell keyword': { text: 'time vllm serve m', problems: ['keyword@1:1'] },
  'a shell that runs a string': { text: `bash -c 'vllm serve m'`, problems: ['wrapper@1:1'] },
  'a wrapper by its path': { text: '/usr/bin/env A=1 vllm serve m', problems: ['wrapper@1:1'] },
  eval: { text: `eval 'vllm serve m'`, problems: ['wrapper@1:1'] },
  'python -c': { text: `python3 -c 'import os'`, problems: ['wrapper@1:9'] },
  'a control character': { text: 'cmd a\rb', problems: ['control@1:6'] },
  'a no-break space that looks like a space': { text: 'cmd --tp\u00a08', problems: ['control@1:9'] },
  'positions on later lines': {
    text: 'export A=1\nvllm serve m \\\n  --x $Y',
    problems: ['variable@3:7'],
  },
};

function split(text: string) {
  const parsed = parseShellCommand(text);
  return {
    words: parsed.words.map((w) => w.value),
    env: parsed.environment.map((e) => [e.name, e.value, e.exported]),
    problems: parsed.problems.map((p) => `${p.kind}@${p.line}:${p.column}`),
  };
}

const BASH = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
const scratch = mkdtempSync(join(tmpdir(), 'perflab-shell-words-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Every word bash passes, exports and prefixes included, in order. The text is clean by our
 * parser (no substitution, no operator), so `set --` runs nothing; bash runs restricted, in an
 * empty folder, with no PATH.
 */
function bashWords(text: string): string[] {
  // One logical line at a time (these texts hold no quoted newline): bash reads each as `set -- <line>`.
  return text.split(/(?<!\\)\n/).flatMap((logical) => {
    const out = execFileSync(
      BASH,
      ['-r', '-c', 'eval "set -- $1"; [ $# -eq 0 ] || printf "%s\\0" "$@"', '_', logical],
      {
        cwd: scratch,
        env: { PATH: '/nonexistent' },
        encoding: 'utf8',
      },
    );
    return out.split('\0').slice(0, -1);
  });
}

const allWords = (text: string) => {
  const parsed = parseShellCommand(text);
  return parsed.lines.flatMap((l) => l.words.map((w) => w.value));
};

describe('parseShellCommand: commands a shell passes on as written', () => {
  for (const [name, c] of Object.entries(CLEAN)) {
    it(name, () => {
      const result = split(c.text);
      expect(result.problems).toEqual([]);
      if (c.words) expect(result.words).toEqual(c.words);
      expect(result.env).toEqual(c.env ?? []);
      // bash splits the text into the same words.
      expect(bashWords(c.text)).toEqual(allWords(c.text));
      // Printed again, the command reads back to the same words, and bash agrees.
      const printed = printShellCommand(parseShellCommand(c.text));
      expect(split(printed)).toEqual(result);
      expect(bashWords(printed)).toEqual(allWords(c.text));
    });
  }
});

describe('parseShellCommand: what a copied command must never contain', () => {
  for (const [name, c] of Object.entries(BAD)) {
    it(name, () => {
      const result = split(c.text);
      expect(result.problems).toEqual(c.problems);
      if (c.words) expect(result.words).toEqual(c.words);
    });
  }

  it('covers every kind of problem', () => {
    const seen = new Set(Object.values(BAD).flatMap((c) => (c.problems ?? []).map((p) => p.split('@')[0])));
    expect(Object.keys(SHELL_PROBLEM_KINDS).filter((kind) => !seen.has(kind))).toEqual([]);
  });

  it('says what it found and why, at the offending character', () => {
    const [problem] = parseShellCommand('vllm serve m \\\n  --x "$(curl x)"').problems;
    expect(problem).toMatchObject({ kind: 'substitution', line: 2, column: 8, offset: 22, found: '$(' });
    expect(problem?.message).toMatch(/runs a command/);
  });
});

describe('words: where each starts, and its role', () => {
  it('gives each word its offset, line and column, and the text as written', () => {
    const parsed = parseShellCommand('export A="1"\nB=2 vllm serve \\\n  m');
    expect(
      parsed.lines.flatMap((l) => l.words).map((w) => [w.raw, w.value, w.role, w.line, w.column, w.offset]),
    ).toEqual([
      ['export', 'export', 'export', 1, 1, 0],
      ['A="1"', 'A=1', 'assignment', 1, 8, 7],
      ['B=2', 'B=2', 'assignment', 2, 1, 13],
      ['vllm', 'vllm', 'command', 2, 5, 17],
      ['serve', 'serve', 'command', 2, 10, 22],
      ['m', 'm', 'command', 3, 3, 32],
    ]);
  });

  it('keeps the line structure: indentation, comments, continuations', () => {
    const parsed = parseShellCommand('# note\nvllm serve m \\\n    --tp 8 # eight');
    expect(parsed.lines.map((l) => [l.indent, l.words.map((w) => w.value), l.comment, l.continues])).toEqual([
      ['', [], '# note', false],
      ['', ['vllm', 'serve', 'm'], undefined, true],
      ['    ', ['--tp', '8'], '# eight', false],
    ]);
  });
});

describe('printing words quoted', () => {
  it('leaves plain words bare and single-quotes the others', () => {
    expect(
      ['org/m', '--tp', '0.85', 'a,b', 'x=y', '', 'a b', "it's", '{a,b}', '$HOME', '*', '~', '#x', 'a!'].map(
        quoteShellWord,
      ),
    ).toEqual([
      'org/m',
      '--tp',
      '0.85',
      'a,b',
      'x=y',
      "''",
      "'a b'",
      `'it'\\''s'`,
      "'{a,b}'",
      "'$HOME'",
      "'*'",
      "'~'",
      "'#x'",
      "'a!'",
    ]);
  });

  it('quotes a --flag= value and a NAME= value after the =, keeping lines and comments', () => {
    const text =
      'export B="X Y"\nvllm serve m \\\n  --speculative-config={"method":"mtp","n":1} \\\n  --json \'{"a": 1}\' # note';
    expect(printShellCommand(parseShellCommand(text))).toBe(
      "export B='X Y'\nvllm serve m \\\n  --speculative-config='{method:mtp,n:1}' \\\n  --json '{\"a\": 1}' # note",
    );
  });

  it('quotes a first word that would read as an assignment', () => {
    const printed = printShellCommand(parseShellCommand(`'A=1' x`));
    expect(printed).toBe(`'A=1' x`);
    expect(split(printed).words).toEqual(['A=1', 'x']);
  });
});
