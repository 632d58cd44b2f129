import type { DistributionId, ScalarId, Stat, Unit } from '../schema/metric.ts';
import { STATS as NVIDIA_STATS } from './nvidia-stats.ts';

// Where an llm-d Benchmark Report keeps each figure perflab reads, in which units, and under which
// statistic names (llm-d-benchmark-report.ts reads them).

export const AGGREGATE = '/results/request_performance/aggregate';

/**
 * The units each slot may be in, as the schema's validators allow them (schema_v0_2.py,
 * AggregateLatency/AggregateThroughput/AggregateRequests.check_units; base.py, UNITS_TIME,
 * UNITS_GEN_LATENCY, UNITS_GEN_THROUGHPUT, UNITS_REQUEST_THROUGHPUT, UNITS_QUANTITY; v0.2.1 adds
 * `pixels` to the quantities), and how perflab stores a value of each.
 */
export type Reading = { unit: Unit; seconds?: boolean };
const TIME: Record<string, Reading> = { s: { unit: 'ms', seconds: true }, ms: { unit: 'ms' } };
const GEN_LATENCY: Record<string, Reading> = { 's/token': { unit: 'ms', seconds: true }, 'ms/token': { unit: 'ms' } };
const TOKEN_RATE: Record<string, Reading> = { 'tokens/s': { unit: 'tok/s' } };
const QUERY_RATE: Record<string, Reading> = { 'queries/s': { unit: 'req/s' } };
const QUANTITY: Record<string, Reading> = { count: { unit: 'count' }, pixels: { unit: 'count' } };

export const SLOTS: readonly { pointer: string; units: Record<string, Reading>; id?: DistributionId | ScalarId }[] = [
  { pointer: `${AGGREGATE}/latency/time_to_first_token`, units: TIME, id: 'ttft' },
  { pointer: `${AGGREGATE}/latency/time_per_output_token`, units: GEN_LATENCY, id: 'tpot' },
  { pointer: `${AGGREGATE}/latency/request_latency`, units: TIME, id: 'e2e_latency' },
  { pointer: `${AGGREGATE}/latency/normalized_time_per_output_token`, units: GEN_LATENCY },
  { pointer: `${AGGREGATE}/latency/inter_token_latency`, units: GEN_LATENCY },
  { pointer: `${AGGREGATE}/throughput/request_rate`, units: QUERY_RATE, id: 'request_throughput' },
  { pointer: `${AGGREGATE}/throughput/input_token_rate`, units: TOKEN_RATE, id: 'input_token_throughput' },
  { pointer: `${AGGREGATE}/throughput/output_token_rate`, units: TOKEN_RATE, id: 'output_token_throughput' },
  { pointer: `${AGGREGATE}/throughput/total_token_rate`, units: TOKEN_RATE, id: 'total_token_throughput' },
  { pointer: `${AGGREGATE}/requests/input_length`, units: QUANTITY },
  { pointer: `${AGGREGATE}/requests/output_length`, units: QUANTITY },
];

/**
 * The report's statistic names (schema_v0_2.py, Statistics) → perflab's: `min`, `max` and `p1` to
 * `p99` as NVIDIA's blocks name them, and its own `mean`, `stddev`, `p0p1`, `p99p9`; `mode` is not read.
 */
export const STATS: Record<string, Stat> = {
  ...Object.fromEntries(Object.entries(NVIDIA_STATS).filter(([name]) => name !== 'avg' && name !== 'std')),
  mean: 'mean',
  stddev: 'std',
  p0p1: 'p0_1',
  p99p9: 'p99_9',
};

export const RATES: ReadonlySet<string> = new Set([
  'request_throughput',
  'input_token_throughput',
  'output_token_throughput',
  'total_token_throughput',
]);
