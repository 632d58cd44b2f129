import { programName } from './shell-words.ts';

/**
 * The programs that start each engine family's server, so a command can be checked against the
 * engine guide.yaml says it runs (`engine: vllm` with `python3 -m sglang.launch_server` is wrong),
 * and the model read where the entry point takes it without a flag (`vllm serve <model>`).
 */

export type EngineFamily = 'vllm' | 'sglang' | 'trtllm' | 'mindie';

export const FAMILY_NAMES: Readonly<Record<EngineFamily, string>> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  trtllm: 'TensorRT-LLM',
  mindie: 'MindIE',
};

type EntryPoint = {
  family: EngineFamily;
  /** the program, by its name without a folder; `python` stands for python, python3, python3.12 */
  program: string;
  /** the words that follow it */
  args: readonly string[];
  /** the model is the first word after the entry point that is not a flag */
  positionalModel?: true;
};

/** The known entry points: each engine's documented server command. */
export const ENTRY_POINTS: readonly EntryPoint[] = [
  { family: 'vllm', program: 'vllm', args: ['serve'], positionalModel: true },
  { family: 'vllm', program: 'python', args: ['-m', 'vllm.entrypoints.openai.api_server'] },
  { family: 'vllm', program: 'python', args: ['-m', 'vllm.entrypoints.api_server'] },
  { family: 'sglang', program: 'python', args: ['-m', 'sglang.launch_server'] },
  { family: 'sglang', program: 'sglang', args: ['serve'] },
  { family: 'trtllm', program: 'trtllm-serve', args: [], positionalModel: true },
  // MindIE's service reads its configuration from a JSON file; the daemon takes no model.
  { family: 'mindie', program: 'mindieservice_daemon', args: [] },
];

const PYTHON = /^python(\d+(\.\d+)*)?$/;

/** The known entry point a command's words start with, and how many words it takes. */
export function entryPointOf(words: readonly string[]): (EntryPoint & { length: number }) | undefined {
  const [first, ...rest] = words;
  if (first === undefined) return undefined;
  const program = programName(first);
  const found = ENTRY_POINTS.filter(
    (e) =>
      (e.program === 'python' ? PYTHON.test(program) : e.program === program) &&
      e.args.every((arg, k) => rest[k] === arg),
  ).sort((a, b) => b.args.length - a.args.length)[0];
  return found ? { ...found, length: 1 + found.args.length } : undefined;
}

/** The entry points of a family as one writes them: "vllm serve, python -m vllm.entrypoints.openai.api_server". */
export function entryPointNames(family: EngineFamily): string {
  return ENTRY_POINTS.filter((e) => e.family === family)
    .map((e) => [e.program, ...e.args].join(' '))
    .join(', ');
}

/** An engine of guide.yaml's `engines:` into its family, by its id or name (vLLM-Ascend runs vLLM's `vllm serve`). */
export function engineFamily(engine: { id: string; name: string }): EngineFamily | undefined {
  const key = `${engine.id} ${engine.name}`.toLowerCase().replace(/[^a-z0-9 ]/g, '');
  if (key.includes('sglang')) return 'sglang';
  if (key.includes('trtllm') || key.includes('tensorrtllm')) return 'trtllm';
  if (key.includes('mindie')) return 'mindie';
  if (key.includes('vllm')) return 'vllm';
  return undefined;
}
