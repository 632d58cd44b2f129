// What the GPU box runs: an allow-list, never a deny-list. A serving or benchmark command of
// guide.yaml (or the one an author gives record after `--`) runs only when its program is one of
// the engines' and benchmark tools' own entry points below, named as a bare program that perflab
// finds on the author's PATH (src/pipeline/programs.ts: no folder of the repository, no relative
// folder). Everything after the program is data for that program, and so is the environment:
//
// - Environment. A name that changes which program or which code runs (PATH, HOME, ENV, BASH_ENV,
//   NODE_OPTIONS, LD_*, DYLD_*, PYTHON*, *_PRELOAD, and the like) is refused; so is a value that
//   is a path (a `/` not of an http(s) URL, or a leading `~`): a path in the environment names a
//   file or folder the program reads code or settings from, or writes to. Other names and values
//   (CUDA_VISIBLE_DEVICES=0,1, VLLM_USE_DEEP_GEMM=0, NCCL_IB_HCA=mlx5_0:1) pass as written.
//   Settings of the author's own machine (HF_HOME, a cache folder) come from the author's own
//   environment, which perflab passes on.
// - Paths in arguments. The program runs in a working folder of its own outside the repository
//   (src/pipeline/programs.ts), so a relative path (`data/raw/…/x.py`, `Qwen/Qwen3-8B`) names
//   nothing of the repository. A path that climbs (`..`) is refused, as is an absolute path inside
//   the repository (checked where the command runs, against that checkout: `repoRoots`). Other
//   absolute paths (a local model, `/v1/chat/completions`) pass: a pull request cannot put a file there.
// - Flags that run code or write files. Each program's flags that load a file or module as code,
//   read more flags from a file, or write where they say (REFUSED_FLAGS) are refused: perflab
//   keeps a result only where it says (data/raw, through record), and the tool's output is what it
//   prints, or the one file perflab names for it (guidellm's --output-path). A refused flag is
//   refused however the tool's argparse reads it: a prefix, `_` for `-`, a short flag with its
//   value joined (./refused-flags.ts, refusedFlagOf).
// Everything else (model names, sizes, rates, parsers by name, JSON settings) passes: it is data
// the engine or tool interprets as its own documentation says, and a page shows it as measured.
import { ENTRY_POINTS } from '../serving/entry-points.ts';
import type { EnvironmentEntry } from './command-words.ts';
import { REFUSED_FLAGS, refusedFlagOf } from './refused-flags.ts';

export type CommandRole = 'serving' | 'benchmark';

/**
 * A refused part of a command: a word (by its index in the words) or an environment entry (by its
 * index). `unknownProgram`: the program is a bare name perflab does not run (an engine it does not
 * know, awk), as opposed to a path, a script or a refused setting.
 */
export type Refusal = { at: { word: number } | { environment: number }; message: string; unknownProgram?: true };

type AllowedProgram = {
  /** the program as found on PATH; `python` stands for python, python3, python3.12 */
  program: string;
  /** the words that must follow it */
  args: readonly string[];
  /** what perflab calls it in messages and in REFUSED_FLAGS */
  tool: string;
};

const PYTHON = /^python(\d+(\.\d+)*)?$/;

/** The serving programs: each engine's documented server command (src/lib/serving/entry-points.ts). */
const SERVING: readonly AllowedProgram[] = ENTRY_POINTS.map((e) => ({
  program: e.program,
  args: e.args,
  tool: e.family,
}));

/** The benchmark programs: the clients whose output perflab reads (docs/formats.md). */
const BENCHMARKS: readonly AllowedProgram[] = [
  { program: 'vllm', args: ['bench', 'serve'], tool: 'vllm-bench-serve' },
  { program: 'python', args: ['-m', 'sglang.bench_serving'], tool: 'sglang-bench-serving' },
  { program: 'python', args: ['-m', 'sglang.test.few_shot_gsm8k'], tool: 'gsm8k-sglang' },
  { program: 'guidellm', args: ['benchmark'], tool: 'guidellm' },
  { program: 'lm_eval', args: [], tool: 'lm-eval' },
  { program: 'lm-eval', args: [], tool: 'lm-eval' },
  { program: 'python', args: ['-m', 'lm_eval'], tool: 'lm-eval' },
  { program: 'aiperf', args: ['profile'], tool: 'aiperf' },
  { program: 'genai-perf', args: ['profile'], tool: 'genai-perf' },
];

const ALLOWED: Readonly<Record<CommandRole, readonly AllowedProgram[]>> = { serving: SERVING, benchmark: BENCHMARKS };

/** The allowed programs of a role as one writes them: "vllm serve, python3 -m sglang.launch_server, …". */
export function allowedText(role: CommandRole): string {
  return ALLOWED[role].map((p) => [p.program === 'python' ? 'python3' : p.program, ...p.args].join(' ')).join(', ');
}

/** Environment names that change which program, or which code, runs. */
const REFUSED_NAMES = new Set([
  'PATH',
  'HOME',
  'ENV',
  'BASH_ENV',
  'SHELL',
  'SHELLOPTS',
  'BASHOPTS',
  'PS4',
  'PROMPT_COMMAND',
  'IFS',
  'CDPATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'GCONV_PATH',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'TMPDIR',
]);
const REFUSED_NAME = /^(LD_|DYLD_|PYTHON)|_PRELOAD$/;

export function refusedEnvironmentName(name: string): boolean {
  return REFUSED_NAMES.has(name) || REFUSED_NAME.test(name);
}

const URL = /^https?:\/\//i;

/** Whether an environment value names a file or folder. */
function isPathValue(value: string): boolean {
  return value.startsWith('~') || (value.includes('/') && !URL.test(value));
}

/** The parts of a word that may be paths: the word, and what follows each `=` or `,` (`--flag=/x`, `a=/x,b=../y`). */
function pathParts(word: string): string[] {
  return word.split(/[=,]/);
}

const CLIMBS = /(^|\/)\.\.(\/|$)/;

function within(path: string, root: string): boolean {
  const base = root.endsWith('/') ? root : `${root}/`;
  return path === root || path.startsWith(base);
}

/** The absolute path `part` names with `.` and duplicate `/` removed (it has no `..`). */
function normalized(part: string): string {
  return `/${part
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')}`;
}

/** Which allowed program the words start, or why none is. */
export function allowedProgram(
  words: readonly string[],
  role: CommandRole,
): { tool: string; length: number } | { refusal: string; unknown?: true } {
  const [first] = words;
  if (first === undefined || first === '') return { refusal: 'is empty' };
  if (first.includes('/'))
    return {
      refusal: `runs \`${first}\`, a program named by a path: perflab runs only programs it finds on your PATH, by name (${allowedText(role)})`,
    };
  const rest = words.slice(1);
  const found = ALLOWED[role]
    .filter(
      (p) =>
        (p.program === 'python' ? PYTHON.test(first) : p.program === first) && p.args.every((a, k) => rest[k] === a),
    )
    .sort((a, b) => b.args.length - a.args.length)[0];
  if (found) return { tool: found.tool, length: 1 + found.args.length };
  const script = PYTHON.test(first) && rest[0] !== undefined && rest[0] !== '-m';
  const what = script
    ? `\`${first} ${rest[0] ?? ''}\`, which runs a script or code rather than a module perflab knows`
    : PYTHON.test(first)
      ? `\`${[first, ...rest.slice(0, 2)].join(' ')}\`, a module perflab does not run`
      : `\`${first}\`, a program perflab does not run`;
  return {
    refusal: `runs ${what}: a ${role} command runs one of ${allowedText(role)}`,
    ...(script || PYTHON.test(first) ? {} : { unknown: true as const }),
  };
}

export type RefusalOptions = {
  /** the repository's folders where the command will run (its checkout, realpath'd): no argument may name a path inside them */
  repoRoots?: readonly string[] | undefined;
};

/** Everything in a command perflab will not run, each at its word or environment entry; none when it may run. */
export function commandRefusals(
  command: { words: readonly string[]; environment: readonly EnvironmentEntry[] },
  role: CommandRole,
  options: RefusalOptions = {},
): Refusal[] {
  const refusals: Refusal[] = [];
  command.environment.forEach(({ name, value }, index) => {
    if (refusedEnvironmentName(name))
      refusals.push({
        at: { environment: index },
        message: `sets ${name}, which changes which program or code runs: perflab runs the program from your own PATH with your own environment`,
      });
    else if (isPathValue(value))
      refusals.push({
        at: { environment: index },
        message: `sets ${name} to a path (${value}): a path in the environment names files the program reads or writes; set it in your own shell instead`,
      });
  });
  const program = allowedProgram(command.words, role);
  if ('refusal' in program) {
    refusals.push({ at: { word: 0 }, message: program.refusal, ...(program.unknown ? { unknownProgram: true } : {}) });
    return refusals;
  }
  const refused = REFUSED_FLAGS[program.tool] ?? {};
  command.words.forEach((word, index) => {
    if (index < program.length) return;
    const found = refusedFlagOf(refused, word);
    if (found !== undefined) {
      const as =
        found.written === undefined ? '' : ` (written ${found.written}, which the tool reads as ${found.flag})`;
      refusals.push({ at: { word: index }, message: `gives ${found.flag}${as}, which ${found.why}` });
      return;
    }
    for (const part of pathParts(word)) {
      if (CLIMBS.test(part)) {
        refusals.push({
          at: { word: index },
          message: `names ${part}, a path that climbs out of the working folder (..)`,
        });
        return;
      }
      if (part.startsWith('/')) {
        const path = normalized(part);
        const root = (options.repoRoots ?? []).find((r) => within(path, r));
        if (root !== undefined) {
          refusals.push({ at: { word: index }, message: `names ${part}, a path inside the repository` });
          return;
        }
      }
    }
  });
  return refusals;
}

/** A refusal as one sentence, for plan's problems and record's refusal. */
export function refusalText(role: CommandRole, refusal: Refusal): string {
  return `the ${role} command ${refusal.message}`;
}
