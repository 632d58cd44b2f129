// format/metric-label.ts: how a metric is named in tables and sentences, and the unit it is shown in.
import { describe, expect, it } from 'vitest';
import {
  displayUnit,
  metricLabel,
  metricShortName,
  nameCarriesUnit,
  toDisplayUnit,
  unitSuffix,
} from '../../../src/lib/format/metric-label.ts';

describe('metric names', () => {
  it('short names as the GPUStack docs write them, with their statistic', () => {
    expect(metricShortName('total_token_throughput')).toBe('Total TPS');
    expect(metricShortName('tpot.mean')).toBe('Mean TPOT');
    expect(metricShortName('tpot_incl_ttft.mean')).toBe('Mean TPOT');
    expect(metricShortName('ttft.p99')).toBe('P99 TTFT');
    expect(metricShortName('itl.p99_9')).toBe('P99.9 ITL');
    // a metric without a short name keeps its id
    expect(metricShortName('duration')).toBe('duration');
  });

  it('a table label carries its unit unless the name says it', () => {
    expect(metricLabel('total_token_throughput')).toBe('Total TPS');
    expect(metricLabel('tpot.mean')).toBe('Mean TPOT(ms)');
    expect(metricLabel('e2e_latency.mean')).toBe('Mean Latency(s)');
    expect(metricLabel('requests_successful')).toBe('Successful requests');
    expect(metricLabel('request_throughput')).toBe('Request throughput(req/s)');
    expect([nameCarriesUnit('output_token_throughput'), nameCarriesUnit('ttft.mean')]).toEqual([true, false]);
  });
});

describe('display units', () => {
  it('request latency in seconds, everything else in its stored unit', () => {
    expect(displayUnit('e2e_latency.mean')).toBe('s');
    expect(displayUnit('ttft.mean')).toBe('ms');
    // 651510 ms is shown as 651.51 s; a TTFT stays in ms
    expect(toDisplayUnit(651510, 'e2e_latency.mean')).toBe(651.51);
    expect(toDisplayUnit(900, 'ttft.mean')).toBe(900);
  });

  it('a count and a fraction print no unit after the number', () => {
    expect(['fraction', 'count', 'ms', 'tok/s'].map(unitSuffix)).toEqual(['', '', 'ms', 'tok/s']);
  });
});
