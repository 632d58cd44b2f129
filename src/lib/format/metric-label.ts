import { metricUnit, splitMetricKey, type MetricKey, type Unit } from '../schema/metric.ts';

/**
 * Short metric names for tables and sentences, as the GPUStack docs write them. Metric names
 * stay English on zh pages, as in the seeds, so one label serves both languages.
 */
const SHORT_NAMES: Record<string, string> = {
  total_token_throughput: 'Total TPS',
  output_token_throughput: 'Output TPS',
  request_throughput: 'Request throughput',
  // guidellm's interval means, as GPUStack's block labels them: the page names them apart
  // (view/metric-heading.ts) and says what they are (metricNotes).
  total_token_throughput_interval_mean: 'Total TPS',
  output_token_throughput_interval_mean: 'Output TPS',
  request_throughput_interval_mean: 'Request throughput',
  output_token_throughput_interval_max: 'Peak output TPS',
  ttft: 'TTFT',
  tpot: 'TPOT',
  tpot_incl_ttft: 'TPOT',
  itl: 'ITL',
  e2e_latency: 'Latency',
  requests_successful: 'Successful requests',
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

/**
 * The unit a page shows a metric in: request latency in seconds, as the tools print it and
 * readers think of it ("Mean Latency(s): 2.09"); everything else in its stored unit.
 */
export function displayUnit(key: MetricKey): Unit {
  return splitMetricKey(key).id === 'e2e_latency' ? 's' : metricUnit(key);
}

/** A stored value (canonical unit) in the unit the page shows it in. */
export function toDisplayUnit(value: number, key: MetricKey): number {
  return metricUnit(key) === 'ms' && displayUnit(key) === 's' ? value / 1000 : value;
}

/** Whether a metric's short name already says its unit ("Total TPS" is tokens per second). */
export function nameCarriesUnit(key: MetricKey): boolean {
  return SHORT_NAMES[splitMetricKey(key).id]?.endsWith('TPS') ?? false;
}

/** "Total TPS", "Mean TPOT(ms)", "Mean Latency(s)": a table cell's label, with the unit unless the name says it. */
export function metricLabel(key: MetricKey): string {
  const unit = unitSuffix(displayUnit(key));
  return nameCarriesUnit(key) || unit === '' ? metricShortName(key) : `${metricShortName(key)}(${unit})`;
}
