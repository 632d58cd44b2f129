// The benchmark command of a measurement: the exact command guide.yaml gives, pointed at the
// measurement's server, or one written from a profile's workload for the guide's benchmark tool,
// or the GSM8K run of an accuracy check.
import { allowedProgram } from './allow-list.ts';
import type { BenchmarkTool } from '../schema/vocabulary.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { fromShellText, hasFlag, planned, withFlag, type PlannedCommand } from './command-words.ts';
import type { PlannedServer } from './serving.ts';

/** The tools plan knows by their command; `other` is run as written. */
export type ToolId = BenchmarkTool | 'gsm8k-sglang' | 'lm-eval' | 'other';

export type PlannedBenchmark = PlannedCommand & {
  tool: ToolId;
  /**
   * Where the result is: what the command prints (`stdout`, with its errors, as a terminal shows
   * both), or a file the tool writes, whose path record gives it with this flag.
   */
  output: { kind: 'stdout' } | { kind: 'file'; flag: string };
};

const KNOWN_TOOLS = new Set<string>([
  'vllm-bench-serve',
  'sglang-bench-serving',
  'guidellm',
  'gsm8k-sglang',
  'lm-eval',
] satisfies ToolId[]);

/**
 * Which tool some words run, from their program and its first arguments, as the allow-list knows
 * it (./allow-list.ts): a script (`python3 benchmark_serving.py`) or a program named by a path is
 * no tool perflab runs, whatever its name.
 */
export function toolOf(words: readonly string[]): ToolId {
  const allowed = allowedProgram(words, 'benchmark');
  return 'tool' in allowed && KNOWN_TOOLS.has(allowed.tool) ? (allowed.tool as ToolId) : 'other';
}

export const url = (server: PlannedServer) => `http://${server.host}:${server.port}`;

/** The words with the server's address, unless they name one already (and with an operator's port, always). */
function pointed(words: readonly string[], tool: ToolId, server: PlannedServer, forcePort: boolean): string[] {
  if (tool === 'guidellm')
    return hasFlag(words, ['--target']) && !forcePort ? [...words] : withFlag(words, ['--target'], url(server));
  if (tool === 'vllm-bench-serve' || tool === 'sglang-bench-serving' || tool === 'gsm8k-sglang') {
    if (hasFlag(words, ['--base-url']) && !forcePort) return [...words];
    if (hasFlag(words, ['--port']) && !forcePort) return [...words];
    return withFlag(words, ['--port'], String(server.port));
  }
  return [...words];
}

function outputOf(tool: ToolId): PlannedBenchmark['output'] {
  return tool === 'guidellm' ? { kind: 'file', flag: '--output-path' } : { kind: 'stdout' };
}

/** An exact benchmark command of guide.yaml, pointed at `server`. */
export function explicitBenchmark(
  text: string,
  server: PlannedServer,
  forcePort: boolean,
): { benchmark: PlannedBenchmark } | { problem: string } {
  const read = fromShellText(text);
  if (read.problems.length > 0)
    return { problem: `the benchmark command is not one plain command: ${read.problems[0]}` };
  if (read.words.length === 0) return { problem: 'the benchmark command is empty' };
  const tool = toolOf(read.words);
  const words = pointed(read.words, tool, server, forcePort);
  return { benchmark: { ...planned(words, read.environment), tool, output: outputOf(tool) } };
}

/**
 * The benchmark commands in a `benchmarkCommands` block (a script of several lines: downloads,
 * comments, one command per line): each line that runs a benchmark tool plan knows.
 */
export function benchmarkLines(script: string): string[] {
  const joined = script.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .filter((line) => {
      const { words, problems } = fromShellText(line);
      return problems.length === 0 && toolOf(words) !== 'other' && toolOf(words) !== 'lm-eval';
    });
}

type Profile = Guide['profiles'][number];

/** The config keys plan passes to every tool; any other key is a problem, never left out silently. */
const KNOWN_KEYS = new Set([
  'dataset_name',
  'dataset_input_tokens',
  'dataset_output_tokens',
  'dataset_seed',
  'request_rate',
  'total_requests',
  'max_concurrency',
]);

/** The ShareGPT file vLLM's documentation downloads; the guides' benchmark commands name it too. */
export const SHAREGPT_FILE = 'ShareGPT_V3_unfiltered_cleaned_split.json';

const isUnbounded = (value: string | number) => typeof value === 'string' && /^(inf|infinity|unlimited)$/i.test(value);

/** A profile's workload as a command of `tool` against `server`. */
export function profileBenchmark(
  profile: Profile,
  tool: BenchmarkTool,
  server: PlannedServer,
): { benchmark: PlannedBenchmark } | { problem: string } {
  const config = profile.config;
  const unknown = Object.keys(config).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0)
    return {
      problem: `profile ${profile.id} sets ${unknown.join(', ')}, which plan does not know how to pass to ${tool}: give the step its exact benchmark command (benchmark:)`,
    };
  const get = (key: string) => config[key];
  const dataset = String(get('dataset_name') ?? '').toLowerCase();
  const input = get('dataset_input_tokens');
  const output = get('dataset_output_tokens');
  if (dataset !== 'random' && dataset !== 'sharegpt')
    return {
      problem: `profile ${profile.id}: plan knows the Random and ShareGPT datasets, not "${String(get('dataset_name') ?? '')}": give the step its exact benchmark command (benchmark:)`,
    };
  if (dataset === 'random' && (input === undefined || output === undefined))
    return {
      problem: `profile ${profile.id}: a Random dataset needs dataset_input_tokens and dataset_output_tokens`,
    };
  const rate = get('request_rate');
  const total = get('total_requests');
  const seed = get('dataset_seed');
  const concurrency = get('max_concurrency');
  const opt = (flag: string, value: string | number | undefined) => (value === undefined ? [] : [flag, String(value)]);

  if (tool === 'guidellm') {
    if (dataset !== 'random')
      return {
        problem: `profile ${profile.id}: plan writes guidellm commands for Random datasets only: give the step its exact benchmark command (benchmark:)`,
      };
    const words = [
      'guidellm',
      'benchmark',
      '--target',
      url(server),
      '--model',
      server.model,
      '--processor',
      server.modelPath,
      '--data',
      `prompt_tokens=${String(input)},output_tokens=${String(output)}`,
      ...opt('--random-seed', seed),
      ...(rate === undefined || isUnbounded(rate)
        ? ['--rate-type', 'throughput']
        : ['--rate-type', 'constant', '--rate', String(rate)]),
      ...opt('--max-requests', total),
      ...opt('--max-concurrency', concurrency),
    ];
    return { benchmark: { ...planned(words), tool, output: outputOf(tool) } };
  }
  const datasetWords =
    dataset === 'random'
      ? [
          '--dataset-name',
          'random',
          '--random-input-len',
          String(input),
          '--random-output-len',
          String(output),
          // SGLang draws each length from [ratio × len, len]: 1 keeps them all at the profile's.
          ...(tool === 'sglang-bench-serving' ? ['--random-range-ratio', '1'] : ['--ignore-eos']),
        ]
      : ['--dataset-name', 'sharegpt', '--dataset-path', SHAREGPT_FILE];
  const common = [
    ...datasetWords,
    ...opt('--seed', seed),
    ...opt('--request-rate', rate),
    ...opt('--num-prompts', total),
    ...opt('--max-concurrency', concurrency),
    '--port',
    String(server.port),
  ];
  const served = server.model !== server.modelPath ? ['--served-model-name', server.model] : [];
  const words =
    tool === 'vllm-bench-serve'
      ? ['vllm', 'bench', 'serve', '--model', server.modelPath, ...served, ...common]
      : [
          'python3',
          '-m',
          'sglang.bench_serving',
          '--backend',
          server.family === 'sglang' ? 'sglang' : server.family === 'vllm' ? 'vllm' : 'sglang-oai',
          '--model',
          server.modelPath,
          ...common,
        ];
  return { benchmark: { ...planned(words), tool, output: outputOf(tool) } };
}
