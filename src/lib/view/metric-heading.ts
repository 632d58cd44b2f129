import { displayUnit, metricShortName, unitSuffix } from '../format/metric-label.ts';
import type { MessageKey, Translate } from '../i18n.ts';
import { splitMetricKey, type MetricId, type MetricKey } from '../schema/metric.ts';

// A metric as a column head, a chart axis or a legend names it, in the page's language: "Mean TPOT
// (ms)" on an English page, "平均 TPOT（ms）" and "总吞吐量（tok/s）" on a Chinese one. Table cells
// and the seeds' sentences keep the tools' English tokens ("Total TPS: 5481.90").

const NAMES: Partial<Record<MetricId, MessageKey>> = {
  total_token_throughput: 'metricName.totalTps',
  output_token_throughput: 'metricName.outputTps',
  request_throughput: 'metricName.requestThroughput',
  total_token_throughput_interval_mean: 'metricName.totalTpsIntervalMean',
  output_token_throughput_interval_mean: 'metricName.outputTpsIntervalMean',
  request_throughput_interval_mean: 'metricName.requestThroughputIntervalMean',
  e2e_latency: 'metricName.latency',
};
const STATS: Partial<Record<string, MessageKey>> = { mean: 'metricStat.mean', median: 'metricStat.median' };

/** "Mean TPOT", "总吞吐量", "平均延迟": the metric's name in the page's language. */
export function metricName(key: MetricKey, tr: Translate): string {
  const { id, stat } = splitMetricKey(key);
  const nameKey = NAMES[id];
  const statKey = stat === undefined ? undefined : STATS[stat];
  // Names without a translation (TTFT, TPOT, P99 …) are the tools' own tokens, in both languages.
  if (!nameKey && !statKey) return metricShortName(key);
  // The tools' name is "<stat> <name>" ("Mean TPOT", "P99 TTFT"), or just the name.
  const short = metricShortName(key);
  const cut = stat === undefined ? -1 : short.indexOf(' ');
  const name = nameKey ? tr(nameKey) : short.slice(cut + 1);
  if (stat === undefined) return name;
  const statName = statKey ? tr(statKey) : short.slice(0, cut);
  // Chinese sets two Chinese words together ("平均延迟"), a word and a token apart ("平均 TPOT").
  const apart = !(/[\u4e00-\u9fff]$/u.test(statName) && /^[\u4e00-\u9fff]/u.test(name));
  return apart ? `${statName} ${name}` : `${statName}${name}`;
}

/** "Mean TPOT (ms)", "平均 TPOT（ms）": a column head, with the unit the column's values are in. */
export function metricHeading(key: MetricKey, tr: Translate, per?: string): string {
  const unit = unitSuffix(displayUnit(key));
  const name = per === undefined ? metricName(key, tr) : `${metricName(key, tr)} / ${per}`;
  return unit ? tr('metricName.withUnit', { name, unit }) : name;
}

/**
 * Metrics whose meaning is one tool's own, not what the same name means elsewhere: the page says
 * what each is wherever it shows one (schema/metric.ts gives the definitions and their sources).
 */
const NOTES: Partial<Record<MetricId, MessageKey>> = {
  total_token_throughput_interval_mean: 'metricNote.intervalMean',
  output_token_throughput_interval_mean: 'metricNote.intervalMean',
  request_throughput_interval_mean: 'metricNote.intervalMean',
  tpot_incl_ttft: 'metricNote.tpotInclTtft',
};

/** One sentence per such metric among `keys`, in the page's language: what the figure is. */
export function metricNotes(keys: readonly MetricKey[], tr: Translate): string[] {
  return keys.flatMap((key) => {
    const note = NOTES[splitMetricKey(key).id];
    return note ? [tr(note, { metric: metricName(key, tr) })] : [];
  });
}
