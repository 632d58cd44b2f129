import { distributionKey, type DistributionId, type MetricKey, type ScalarId, type Unit } from '../schema/metric.ts';
import { statKey } from './result-block.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import type { FormatId } from '../schema/run.ts';

/**
 * The labels of the printed "Serving Benchmark Result" block and the metric each one is stored
 * as: `vllm bench serve` (and the legacy benchmark_serving.py), and the variant GPUStack's docs
 * generator renders from guidellm data (docs/formats.md: vllm-bench-serve, gpustack-block).
 */

export type ServingFormat = Extract<FormatId, 'vllm-bench-serve' | 'gpustack-block'>;

type ScalarLabel = { id: ScalarId; unit: Unit };

// Keys are lower-case with single spaces: labels drift in case across versions
// ("Total Token throughput" before vLLM PR #30403, "Total token throughput" after).
export const SCALAR_LABELS: Readonly<Record<string, ScalarLabel>> = {
  'successful requests': { id: 'requests_successful', unit: 'count' },
  'failed requests': { id: 'requests_failed', unit: 'count' },
  'maximum request concurrency': { id: 'max_concurrency', unit: 'count' },
  'request rate configured (rps)': { id: 'request_rate_configured', unit: 'req/s' },
  'benchmark duration (s)': { id: 'duration', unit: 's' },
  'total input tokens': { id: 'input_tokens_total', unit: 'tok' },
  'total generated tokens': { id: 'output_tokens_total', unit: 'tok' },
  'request throughput (req/s)': { id: 'request_throughput', unit: 'req/s' },
  'request goodput (req/s)': { id: 'request_goodput', unit: 'req/s' },
  'output token throughput (tok/s)': { id: 'output_token_throughput', unit: 'tok/s' },
  'peak output token throughput (tok/s)': { id: 'peak_output_token_throughput', unit: 'tok/s' },
  'peak concurrent requests': { id: 'peak_concurrent_requests', unit: 'count' },
  'total token throughput (tok/s)': { id: 'total_token_throughput', unit: 'tok/s' },
  'acceptance rate (%)': { id: 'spec_acceptance_rate', unit: 'percent' },
  'acceptance length': { id: 'spec_accept_length', unit: 'tok' },
};

/**
 * The rate lines of GPUStack's block are guidellm's, not vLLM's: its renderer (gpustack/gpustack,
 * hack/perf/perf_doc_common.py, render_benchmark_result_block) prints `requests_per_second`'s mean
 * as "Request throughput", `output_tokens_per_second`'s mean (or the export's flat
 * `output_tokens_per_second_mean`) as "Output token throughput", its max as "Peak output token
 * throughput" and `tokens_per_second`'s mean (or `tokens_per_second_mean`) as "Total Token
 * throughput". guidellm's means are of rates between consecutive events, not totals / duration
 * (schema/metric.ts): stored under ids of their own, the same label naming another metric here.
 * The block's totals / duration are stored as well, computed (serving-block.ts).
 */
const GPUSTACK_RATE_LABELS: Readonly<Record<string, ScalarLabel>> = {
  'request throughput (req/s)': { id: 'request_throughput_interval_mean', unit: 'req/s' },
  'output token throughput (tok/s)': { id: 'output_token_throughput_interval_mean', unit: 'tok/s' },
  'peak output token throughput (tok/s)': { id: 'output_token_throughput_interval_max', unit: 'tok/s' },
  'total token throughput (tok/s)': { id: 'total_token_throughput_interval_mean', unit: 'tok/s' },
};

// Printed by `vllm bench serve` before its block, unpadded ("Maximum request concurrency: None").
export const PREAMBLE_LABELS: ReadonlySet<string> = new Set([
  'maximum request concurrency',
  'traffic request rate',
  'burstiness factor',
]);

// Lines the tool prints that have no canonical metric yet: accepted, not stored.
const KNOWN_UNMAPPED = new Set([
  'input throughput (inputs/s)',
  'rtfx (inverse real-time factor)',
  'drafts',
  'draft tokens',
  'accepted tokens',
  'probe requests completed',
  'probe requests failed',
  'median probe e2el (ms)',
  'p99 probe e2el (ms)',
  'max probe e2el (ms)',
  'committed throughput (tok/s)',
  'denoising steps per canvas',
  'committed per denoising step',
  'committed tokens',
  'denoising steps',
  'canvas positions evaluated',
]);
// Per-position speculative acceptance ("  Position 0:") and queue-inclusive latency: not stored.
const KNOWN_UNMAPPED_PATTERN = /^(position \d+|(mean|median|p[\d.]+) e2el incl\. client queue \(ms\))$/;

/** `Mean TTFT (ms)`, `P99.9 ITL (ms)`, `Median Latency(s)` → statistic, percentile, family name, unit. */
export const DISTRIBUTION_LABEL = /^(mean|median|std|max|min|p(\d+(?:\.\d+)?)) (.+?) ?\((ms|s)\)$/;

type Family = { id: DistributionId; printedIn: 'ms' | 's' };

/**
 * Family name → canonical id, and the unit the tool prints it in (a label in another unit is
 * corrupt, not converted). In the GPUStack-rendered block "TPOT" is guidellm's
 * time_per_output_token, which includes the first token (docs/formats.md, "Traps that hold for every tool", 2): same label as
 * vLLM's, other metric, so it is stored as tpot_incl_ttft. Its "ITL" rows are stored as `itl`,
 * the id their own label names: a page that prints a stored value beside a label must print the
 * number the block printed on that label's line.
 */
const FAMILIES: Record<ServingFormat, Readonly<Record<string, Family>>> = {
  'vllm-bench-serve': {
    ttft: { id: 'ttft', printedIn: 'ms' },
    tpot: { id: 'tpot', printedIn: 'ms' },
    itl: { id: 'itl', printedIn: 'ms' },
    e2el: { id: 'e2e_latency', printedIn: 'ms' },
    'client queue time': { id: 'client_queue_time', printedIn: 'ms' },
  },
  'gpustack-block': {
    ttft: { id: 'ttft', printedIn: 'ms' },
    tpot: { id: 'tpot_incl_ttft', printedIn: 'ms' },
    itl: { id: 'itl', printedIn: 'ms' },
    latency: { id: 'e2e_latency', printedIn: 's' },
  },
};

/** What a label of a block stands for. */
export type LabelMeaning = Readonly<
  | { kind: 'metric'; key: MetricKey; unit: Unit; printedUnit?: 's' }
  | { kind: 'not-stored' }
  | { kind: 'unknown' }
  | { kind: 'unknown-family'; family: string; known: readonly string[] }
  | { kind: 'wrong-unit'; printed: string; expected: string }
>;

// A site's blocks print the same few dozen labels again and again: each is looked up once a format
// (one memo per format, so the label itself is the key and no key string is built per line).
const meanings: Record<ServingFormat, BoundedMemo<LabelMeaning>> = {
  'vllm-bench-serve': new BoundedMemo(1024),
  'gpustack-block': new BoundedMemo(1024),
};

export function labelMeaning(label: string, format: ServingFormat): LabelMeaning {
  return meanings[format].get(label, () => findMeaning(label, format));
}

function findMeaning(label: string, format: ServingFormat): LabelMeaning {
  // GPUStack fills "Maximum request concurrency" with the configured cap or, when there was
  // none, the observed peak: which one is not recorded, so it is not stored as either.
  if (format === 'gpustack-block' && label === 'maximum request concurrency') return { kind: 'not-stored' };
  const scalar = (format === 'gpustack-block' ? GPUSTACK_RATE_LABELS[label] : undefined) ?? SCALAR_LABELS[label];
  if (scalar) return { kind: 'metric', key: scalar.id, unit: scalar.unit };
  const distribution = DISTRIBUTION_LABEL.exec(label);
  if (distribution) {
    const [, , , name = '', printedIn = ''] = distribution;
    const families = FAMILIES[format];
    const family = families[name];
    if (!family) return { kind: 'unknown-family', family: name, known: Object.keys(families) };
    if (printedIn !== family.printedIn) return { kind: 'wrong-unit', printed: printedIn, expected: family.printedIn };
    const key = distributionKey(family.id, statKey(distribution));
    if (key === undefined) return { kind: 'unknown' };
    return printedIn === 's'
      ? { kind: 'metric', key, unit: 'ms', printedUnit: 's' }
      : { kind: 'metric', key, unit: 'ms' };
  }
  if (KNOWN_UNMAPPED.has(label) || KNOWN_UNMAPPED_PATTERN.test(label)) return { kind: 'not-stored' };
  return { kind: 'unknown' };
}
