import type { Cell, Reproduce, Stated } from '../schema/computed.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import type { FormatId, Run } from '../schema/run.ts';
import { stored } from '../format/number.ts';

/**
 * What reproduces a workload's benchmark: the tool, dataset, lengths, seed, request rate,
 * concurrency and request count, each from guide.yaml's profile or the run that printed it, and
 * the exact benchmark command where a record or guide.yaml holds one ("not recorded" otherwise).
 */

/** The tool that writes each result format. */
const TOOL_OF_FORMAT: Record<FormatId, string> = {
  'vllm-bench-serve': 'vllm bench serve',
  'vllm-json': 'vllm bench serve',
  'gpustack-block': 'guidellm',
  'guidellm-json': 'guidellm',
  'guidellm-yaml': 'guidellm',
  'gpustack-runner-json': 'guidellm',
  'sglang-bench-serving': 'sglang.bench_serving',
  'sglang-jsonl': 'sglang.bench_serving',
  'gsm8k-sglang': 'sglang benchmark/gsm8k',
  'gsm8k-sglang-jsonl': 'sglang benchmark/gsm8k',
  'lm-eval-json': 'lm-evaluation-harness',
  'lm-eval-table': 'lm-evaluation-harness',
  'aiperf-json': 'aiperf profile',
  'aiperf-csv': 'aiperf profile',
  'genai-perf-json': 'genai-perf profile',
  'genai-perf-csv': 'genai-perf profile',
  'trtllm-bench': 'trtllm-bench throughput',
  'trtllm-bench-json': 'trtllm-bench throughput',
  'vllm-bench-sweep': 'vllm bench sweep serve',
  // perflab reads only the reports llm-d converted from inference-perf (parse/llm-d-benchmark-report.ts)
  'llm-d-benchmark-report': 'inference-perf',
};

const TOOL_NAMES: Record<NonNullable<Guide['benchmarkTool']>, string> = {
  'vllm-bench-serve': 'vllm bench serve',
  'sglang-bench-serving': 'sglang.bench_serving',
  guidellm: 'guidellm',
};

type Profile = Guide['profiles'][number];

function fromProfile(profile: Profile | undefined, ...keys: string[]): Stated | undefined {
  for (const key of keys) {
    const value = profile?.config[key];
    if (value !== undefined) return { value, from: 'profile' };
  }
  return undefined;
}

function fromRun(
  run: Run,
  key: 'max_concurrency' | 'request_rate_configured' | 'peak_concurrent_requests',
): Stated | undefined {
  const value = run.metrics[key];
  return value ? { value: value.value, from: 'run', cells: [{ ...value, runId: run.id }] } : undefined;
}

/** A total over the run's successful requests: the mean per request, from two printed values. */
function perRequest(run: Run, key: 'input_tokens_total' | 'output_tokens_total'): Stated | undefined {
  const total = run.metrics[key];
  const requests = run.metrics.requests_successful;
  if (!total || !requests || requests.value <= 0) return undefined;
  const cells: Cell[] = [
    { ...total, runId: run.id },
    { ...requests, runId: run.id },
  ];
  return { value: stored(total.value / requests.value), from: 'run-mean', cells };
}

function requestsOf(run: Run): Stated | undefined {
  const successful = run.metrics.requests_successful;
  if (!successful) return undefined;
  const failed = run.metrics.requests_failed;
  const cells: Cell[] = [{ ...successful, runId: run.id }, ...(failed ? [{ ...failed, runId: run.id }] : [])];
  return { value: successful.value + (failed?.value ?? 0), from: 'run', cells };
}

export function reproduceOf(
  guide: Guide,
  run: Run,
  profile: Profile | undefined,
  /** the benchmark command guide.yaml gives the step or case, when it does */
  stated: string | undefined,
): Reproduce {
  const recorded = run.recorded?.benchmark.command;
  const only = <T>(entries: [string, T | undefined][]) =>
    Object.fromEntries(entries.filter((e): e is [string, T] => e[1] !== undefined));
  const maxConcurrency = fromRun(run, 'max_concurrency');
  return {
    tool: guide.benchmarkTool ? TOOL_NAMES[guide.benchmarkTool] : TOOL_OF_FORMAT[run.source.format],
    ...only<Stated>([
      ['dataset', fromProfile(profile, 'dataset_name')],
      [
        'inputTokens',
        fromProfile(profile, 'dataset_input_tokens', 'input_tokens') ?? perRequest(run, 'input_tokens_total'),
      ],
      [
        'outputTokens',
        fromProfile(profile, 'dataset_output_tokens', 'output_tokens') ?? perRequest(run, 'output_tokens_total'),
      ],
      ['seed', fromProfile(profile, 'dataset_seed', 'seed')],
      ['requestRate', fromProfile(profile, 'request_rate') ?? fromRun(run, 'request_rate_configured')],
      ['maxConcurrency', maxConcurrency],
      ['peakConcurrency', maxConcurrency ? undefined : fromRun(run, 'peak_concurrent_requests')],
      ['requests', fromProfile(profile, 'total_requests') ?? requestsOf(run)],
    ]),
    ...(recorded
      ? { command: recorded, commandFrom: 'record' as const }
      : stated
        ? { command: stated.replace(/\n+$/, ''), commandFrom: 'guide' as const }
        : { commandFrom: 'not-recorded' as const }),
  };
}
