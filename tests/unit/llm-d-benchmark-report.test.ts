// The llm-d Benchmark Report v0.2 / v0.2.1 (llm-d/llm-d-benchmark, schema_v0_2.py): a real report
// of an inference-perf stage read value by value, each value the report's figure in the unit the
// report names; the same report as JSON read the same; and what the schema's definitions and
// inference-perf's (reportgen/base.py, summarize_requests) make exact caught when a file breaks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { parseRawFile } from '../../src/lib/parse/index.ts';
import * as report from '../../src/lib/parse/llm-d-benchmark-report.ts';

const FILE = 'llm-d-benchmark-report/v0.2-inference-perf-wide-ep/input.yaml';
const text = readFileSync(join(import.meta.dirname, '../fixtures', FILE), 'utf8');

const read = (input: string) => parseRawFile(input, { file: FILE });
const codes = (input: string) => read(input).diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('llm-d Benchmark Report', () => {
  it('reads the real report of an inference-perf stage value by value', () => {
    const { runs, diagnostics } = read(text);
    expect(diagnostics).toEqual([]);
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run!.source.format).toBe('llm-d-benchmark-report');
    const m = run!.metrics;
    // requests.total 8192 sent, failures 0
    expect(m.requests_successful?.value).toBe(8192);
    expect(m.requests_failed?.value).toBe(0);
    // throughput: inference-perf's requests_per_sec and tokens/s, copied one for one
    expect(m.request_throughput).toMatchObject({ value: 11.034890199531286, unit: 'req/s' });
    expect(m.output_token_throughput).toMatchObject({ value: 22124.879416240507, unit: 'tok/s' });
    expect(m.total_token_throughput).toMatchObject({ value: 44711.0231697644, unit: 'tok/s' });
    expect(m.input_token_throughput).toBeUndefined();
    // latencies in s and s/token, stored in ms with the printed seconds
    expect(m['ttft.mean']).toMatchObject({ value: 21290.69098684954, printed: '21.29069098684954', printedUnit: 's' });
    expect(m['ttft.p0_1']?.printed).toBe('2.884328710737638');
    expect(m['tpot.p50']).toMatchObject({ printed: '0.07990098050042406', unit: 'ms' });
    expect(m['tpot.p50']?.value).toBeCloseTo(79.90098, 5);
    expect(m['e2e_latency.max']).toMatchObject({ printed: '259.90107879415154', unit: 'ms' });
    expect(m['e2e_latency.max']?.value).toBeCloseTo(259901.0788, 3);
    expect(m['e2e_latency.p99_9']?.printed).toBe('258.52759975225854');
    // inter_token_latency (token gaps, most of them 0 within a chunk) and NTPOT are not read as ITL or TPOT
    expect(Object.keys(m).filter((key) => key.startsWith('itl') || key.startsWith('tpot_incl'))).toEqual([]);
    expect(m['tpot.mean']?.printed).toBe('0.07970394011720383');
    expect(checkRunPlausibility(run!).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('reads the same report written as JSON the same', () => {
    const json = JSON.stringify(parseYaml(text), null, 2);
    const fromJson = read(json);
    expect(fromJson.diagnostics).toEqual([]);
    const values = (r: ReturnType<typeof read>) =>
      Object.fromEntries(Object.entries(r.runs[0]!.metrics).map(([key, v]) => [key, v?.value]));
    expect(values(fromJson)).toEqual(values(read(text)));
  });

  it('is recognised by its version and results, and not taken for its v0.1 or a guidellm report', () => {
    expect(report.detect(text)).toBe(true);
    expect(report.detect(text.replace("version: '0.2'", "version: '0.2.1'"))).toBe(true);
    expect(report.detect(text.replace("version: '0.2'", "version: '0.1'"))).toBe(false);
    expect(report.detect('benchmarks:\n- type_: generative_benchmark\nmetadata:\n  guidellm_version: 0.5.0\n')).toBe(
      false,
    );
  });

  it('refuses a rate whose stage time cannot hold its longest request (successful / request rate)', () => {
    // tripled: 8192 / 33.10 req/s = 247.5 s, shorter than the 259.9 s request
    const tampered = text.replace('mean: 11.034890199531286', 'mean: 33.10467059859386');
    const result = read(tampered);
    expect(result.runs).toEqual([]);
    expect(codes(tampered)).toEqual(['error E_LATENCY_BEYOND_DURATION']);
    expect(result.diagnostics[0]).toMatchObject({ line: 38, expected: 'at most 247.46 s', found: '259.90 s' });
    // doubled, 371 s still holds every request: the relation is the definition's, not a band
    expect(codes(text.replace('mean: 11.034890199531286', 'mean: 22.069780399062572'))).toEqual([]);
  });

  it('refuses a unit the schema does not allow for the slot, at its line', () => {
    const tampered = text.replace('units: queries/s', 'units: tokens/s');
    expect(codes(tampered)).toEqual(['error E_UNIT']);
    expect(read(tampered).diagnostics[0]).toMatchObject({ line: 126, found: '"tokens/s"' });
    expect(codes(text.replace(/units: s\/token/, 'units: s'))).toEqual(['error E_UNIT']);
  });

  it('refuses more failed requests than were sent', () => {
    const tampered = text.replace('failures: 0', 'failures: 9000');
    expect(codes(tampered)).toEqual(['error E_BAD_NUMBER']);
    expect(read(tampered).diagnostics[0]).toMatchObject({ line: 86, found: '9000' });
  });

  it('does not read a report converted from another tool, and says which tool it was', () => {
    const other = text.replace('tool: inference-perf', 'tool: guidellm');
    const result = read(other);
    expect(result.runs).toEqual([]);
    expect(codes(other)).toEqual(['warning W_SOURCE_TOOL_NOT_READ']);
    expect(result.diagnostics[0]).toMatchObject({ line: 159, found: '"guidellm"' });
  });
});
