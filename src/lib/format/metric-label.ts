import { splitMetricKey, type MetricKey } from '../schema/metric.ts';

/**
 * Short metric names for tables and sentences, as the GPUStack docs write them. Metric names
 * stay English on zh pages (shared/formats.md §5), so one label serves both languages.
 */
const SHORT_NAMES: Record<string, string> = {
  total_token_throughput: 'Total TPS',
  output_token_throughput: 'Output TPS',
  request_throughput: 'Request throughput',
  ttft: 'TTFT',
  tpot: 'TPOT',
  tpot_incl_ttft: 'TPOT',
  itl: 'ITL',
  e2e_latency: 'Latency',
};

const STAT_NAMES: Record<string, string> = { mean: 'Mean', median: 'Median', std: 'Std', min: 'Min', max: 'Max' };

/** "Total TPS", "Mean TPOT", "P99 TTFT". */
export function metricShortName(key: MetricKey): string {
  const { id, stat } = splitMetricKey(key);
  const name = SHORT_NAMES[id] ?? id;
  if (stat === undefined) return name;
  const statName = STAT_NAMES[stat] ?? stat.toUpperCase().replace('_', '.');
  return `${statName} ${name}`;
}

/** The unit as sentences print it after a number. */
export function unitSuffix(unit: string): string {
  return unit === 'fraction' || unit === 'count' ? '' : unit;
}
