import { z } from 'zod';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import { BoundedMemo } from '../bounded-memo.ts';

/**
 * Canonical metric vocabulary (docs/formats.md, "How a file is read"). Every parser maps its labels onto these ids,
 * converting values to the canonical unit, so runs from different tools compare like for like.
 */
export const metricIds = [
  'requests_successful',
  'requests_failed',
  'max_concurrency',
  'request_rate_configured',
  'peak_concurrent_requests',
  'mean_concurrency',
  'duration',
  'run_duration',
  'input_tokens_total',
  'output_tokens_total',
  'output_tokens_total_retokenized',
  'request_throughput',
  'request_goodput',
  'input_token_throughput',
  'output_token_throughput',
  'peak_output_token_throughput',
  'total_token_throughput',
  'request_throughput_interval_mean',
  'output_token_throughput_interval_mean',
  'total_token_throughput_interval_mean',
  'output_token_throughput_interval_max',
  'ttft',
  'tpot',
  'tpot_incl_ttft',
  'itl',
  'e2e_latency',
  'client_queue_time',
  'spec_accept_length',
  'spec_acceptance_rate',
  'gsm8k_accuracy',
  'gsm8k_invalid_rate',
  'gsm8k_stderr',
  'gsm8k_n',
  'eval_duration',
  'eval_output_throughput',
] as const;

export const MetricIdSchema = z.enum(metricIds);
export type MetricId = z.infer<typeof MetricIdSchema>;

export const UnitSchema = z.enum(['count', 's', 'ms', 'tok', 'req/s', 'tok/s', 'fraction', 'percent']);
export type Unit = z.infer<typeof UnitSchema>;

export const DirectionSchema = z.enum(['higher', 'lower', 'none']);
export type Direction = z.infer<typeof DirectionSchema>;

type MetricInfo = { unit: Unit; direction: Direction; distribution: boolean };

export const metricInfo = {
  requests_successful: { unit: 'count', direction: 'none', distribution: false },
  requests_failed: { unit: 'count', direction: 'lower', distribution: false },
  max_concurrency: { unit: 'count', direction: 'none', distribution: false },
  request_rate_configured: { unit: 'req/s', direction: 'none', distribution: false },
  peak_concurrent_requests: { unit: 'count', direction: 'none', distribution: false },
  mean_concurrency: { unit: 'count', direction: 'none', distribution: false },
  duration: { unit: 's', direction: 'none', distribution: false },
  // The time every request lies in, where the tool's `duration` is less (guidellm's window):
  // guidellm's scheduler run, start to end, warm-up and cool-down included.
  run_duration: { unit: 's', direction: 'none', distribution: false },
  input_tokens_total: { unit: 'tok', direction: 'none', distribution: false },
  output_tokens_total: { unit: 'tok', direction: 'none', distribution: false },
  output_tokens_total_retokenized: { unit: 'tok', direction: 'none', distribution: false },
  request_throughput: { unit: 'req/s', direction: 'higher', distribution: false },
  request_goodput: { unit: 'req/s', direction: 'higher', distribution: false },
  input_token_throughput: { unit: 'tok/s', direction: 'higher', distribution: false },
  output_token_throughput: { unit: 'tok/s', direction: 'higher', distribution: false },
  peak_output_token_throughput: { unit: 'tok/s', direction: 'higher', distribution: false },
  total_token_throughput: { unit: 'tok/s', direction: 'higher', distribution: false },
  // guidellm's own rates, as GPUStack's block prints them (gpustack/gpustack,
  // hack/perf/perf_doc_common.py, render_benchmark_result_block: `requests_per_second`,
  // `output_tokens_per_second` and `tokens_per_second`, status `successful`, statistic `mean`, and
  // `output_tokens_per_second`'s `max`). guidellm builds each as a distribution of rates between
  // consecutive events (vllm-project/guidellm, src/guidellm/schemas/statistics.py,
  // DistributionSummary.rate_distribution_from_timings: each event's weight over the time around
  // it, weighted by that time), from request ends within the measured window for requests and from
  // token events for tokens (src/guidellm/benchmark/schemas/generative/metrics.py,
  // GenerativeMetrics.compile). Its mean is therefore the events' total over the span from the
  // first to the last event, not the totals over the benchmark duration, and its max one short
  // interval's rate: another figure than the rates above (which vLLM, SGLang, AIPerf and
  // trtllm-bench define as totals / duration), so each has an id of its own and none is ever set
  // beside those.
  request_throughput_interval_mean: { unit: 'req/s', direction: 'higher', distribution: false },
  output_token_throughput_interval_mean: { unit: 'tok/s', direction: 'higher', distribution: false },
  total_token_throughput_interval_mean: { unit: 'tok/s', direction: 'higher', distribution: false },
  output_token_throughput_interval_max: { unit: 'tok/s', direction: 'higher', distribution: false },
  ttft: { unit: 'ms', direction: 'lower', distribution: true },
  tpot: { unit: 'ms', direction: 'lower', distribution: true },
  tpot_incl_ttft: { unit: 'ms', direction: 'lower', distribution: true },
  itl: { unit: 'ms', direction: 'lower', distribution: true },
  e2e_latency: { unit: 'ms', direction: 'lower', distribution: true },
  client_queue_time: { unit: 'ms', direction: 'lower', distribution: true },
  spec_accept_length: { unit: 'tok', direction: 'higher', distribution: false },
  spec_acceptance_rate: { unit: 'percent', direction: 'higher', distribution: false },
  gsm8k_accuracy: { unit: 'fraction', direction: 'higher', distribution: false },
  gsm8k_invalid_rate: { unit: 'fraction', direction: 'lower', distribution: false },
  gsm8k_stderr: { unit: 'fraction', direction: 'none', distribution: false },
  gsm8k_n: { unit: 'count', direction: 'none', distribution: false },
  eval_duration: { unit: 's', direction: 'none', distribution: false },
  eval_output_throughput: { unit: 'tok/s', direction: 'higher', distribution: false },
} as const satisfies Record<MetricId, MetricInfo>;

/** Metrics with one value per run (`total_token_throughput`). */
export type ScalarId = { [K in MetricId]: (typeof metricInfo)[K]['distribution'] extends false ? K : never }[MetricId];
/** Metrics with a distribution per run, each statistic its own key (`ttft.p99`). */
export type DistributionId = Exclude<MetricId, ScalarId>;

/** Statistics of a distribution metric; percentiles are `p<N>` with `_` for a decimal point (`p99_9`). */
export type Stat = 'mean' | 'median' | 'std' | 'min' | 'max' | `p${number}` | `p${number}_${number}`;
const STAT = /^(mean|median|std|min|max|p\d+(_\d+)?)$/;
export const StatSchema = z.string().regex(STAT);

/**
 * A metric key names one value in a run: `total_token_throughput` for a scalar, `ttft.p99` for one
 * statistic of a distribution. A key that is neither is a type error in code, and a schema error
 * (with a "did you mean") in guide.yaml.
 */
export type MetricKey = ScalarId | `${DistributionId}.${Stat}`;

export function isMetricKey(key: string): key is MetricKey {
  // Ingest asks for every value of every run, about the same hundred keys: each is checked once.
  return checkedKeys.get(key, () => metricKeyProblem(key) === undefined);
}
const checkedKeys = new BoundedMemo<boolean>(4096);

export const MetricKeySchema = z.string().refine(isMetricKey, {
  error: (issue) => metricKeyProblem(String(issue.input)) ?? 'not a metric key',
});

// Plain lookups rather than zod: ingest asks these for every value of every run.
const METRIC_IDS: ReadonlySet<string> = new Set(metricIds);

export function isStat(text: string): text is Stat {
  return STAT.test(text);
}

export function isDistribution(id: MetricId): id is DistributionId {
  return metricInfo[id].distribution;
}

/** The key of one statistic of a distribution metric. */
export function statKeyOf(id: DistributionId, stat: Stat): MetricKey {
  return `${id}.${stat}`;
}

/**
 * `ttft` + `p99` → `ttft.p99`, from names a parser read: undefined when `id` is not a distribution
 * metric or `stat` not a statistic.
 */
export function distributionKey(id: string, stat: string): MetricKey | undefined {
  return isMetricId(id) && isDistribution(id) && isStat(stat) ? statKeyOf(id, stat) : undefined;
}

/** The distribution a statistic's key belongs to (`ttft.p99` → `ttft`); undefined for a scalar's key. */
export function distributionOf(key: MetricKey): DistributionId | undefined {
  return familyOfKey.get(key, () => {
    const { id } = splitMetricKey(key);
    return isDistribution(id) ? id : undefined;
  });
}
const familyOfKey = new BoundedMemo<DistributionId | undefined>(4096);

export function splitMetricKey(key: MetricKey): { id: MetricId; stat?: Stat } {
  const [id = '', stat] = key.split('.');
  // A MetricKey is an id and maybe a statistic by its type; the checks tell the compiler which.
  if (!isMetricId(id) || (stat !== undefined && !isStat(stat))) throw new Error(`not a metric key: ${key}`);
  return stat === undefined ? { id } : { id, stat };
}

export function isMetricId(text: string): text is MetricId {
  return METRIC_IDS.has(text);
}

function suggest(word: string, candidates: readonly string[]): string {
  const hint = didYouMean(word, candidates);
  return hint ? `; ${hint}` : '';
}

/** Why `key` is not a valid metric key, or undefined when it is. */
export function metricKeyProblem(key: string): string | undefined {
  const [id, stat, ...rest] = key.split('.');
  if (rest.length > 0 || !id) return `expected "<metric>" or "<metric>.<stat>", found "${key}"`;
  if (!isMetricId(id)) return `unknown metric "${id}"${suggest(id, metricIds)}`;
  const info: MetricInfo = metricInfo[id];
  if (info.distribution && stat === undefined) return `"${id}" is a distribution: name a statistic, e.g. "${id}.mean"`;
  if (!info.distribution && stat !== undefined) return `"${id}" is a single value: drop ".${stat}"`;
  if (stat !== undefined && !isStat(stat))
    return `unknown statistic "${stat}" (expected mean, median, std, min, max or pNN)${suggest(stat, ['mean', 'median', 'std', 'min', 'max', 'p50', 'p90', 'p95', 'p99'])}`;
  return undefined;
}

export function metricDirection(key: MetricKey): Direction {
  return metricInfo[splitMetricKey(key).id].direction;
}

export function metricUnit(key: MetricKey): Unit {
  return metricInfo[splitMetricKey(key).id].unit;
}
