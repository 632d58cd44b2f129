// The JSON parsers against their samples (tests/fixtures/samples/, composed; docs/formats.md): specific values read back from the
// source, detection across every sample, and — where a printed block and a JSON file describe the
// same benchmark — that both normalize to the same values for the metrics they share.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as guidellm from '../../src/lib/parse/guidellm-json.ts';
import { PARSERS } from '../../src/lib/parse/index.ts';
import { parse as parseBlock } from '../../src/lib/parse/serving-block.ts';
import { metricEntries, type ParsedRun } from '../../src/lib/parse/types.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';
import * as vllm from '../../src/lib/parse/vllm-json.ts';
import type { MetricValue } from '../../src/lib/schema/run.ts';

const shared = join(import.meta.dirname, '../fixtures/samples');
const sample = (path: string) => readFileSync(join(shared, path), 'utf8');

function only(module: typeof vllm | typeof guidellm, text: string, file = 'x.json'): ParsedRun[] {
  const result = module.parse(text, { file });
  expect(result.diagnostics).toEqual([]);
  return result.runs;
}

/** A vLLM record written short, without the rate keys every vLLM result has: it warns of them alone. */
function short(text: string): ParsedRun[] {
  const result = vllm.parse(text, { file: 'x.json' });
  expect(result.diagnostics.map((d) => d.code)).toEqual(result.runs.map(() => 'W_MISSING_RATE'));
  return result.runs;
}

const value = (run: ParsedRun, key: MetricKey) => run.metrics[key]?.value;

describe('vllm-json: --save-result', () => {
  const [run] = only(vllm, sample('vllm-bench-serve/save-result.json'));

  it('reads the summaries under canonical ids, in ms and s as written', () => {
    expect(value(run!, 'ttft.mean')).toBe(612.4);
    expect(value(run!, 'ttft.p99')).toBe(1630.88);
    expect(value(run!, 'tpot.p95')).toBe(114.6);
    expect(value(run!, 'itl.median')).toBe(84.1);
    expect(value(run!, 'e2e_latency.p90')).toBe(14611.8);
    expect(value(run!, 'duration')).toBe(118.4312);
    expect(value(run!, 'total_token_throughput')).toBe(4862.502448679064);
    expect(run!.metrics.total_token_throughput!.printed).toBe('4862.502448679064');
    expect(value(run!, 'peak_output_token_throughput')).toBe(1472);
    expect(run!.metrics.peak_output_token_throughput!.printed).toBe('1472.0');
    expect(value(run!, 'requests_successful')).toBe(500);
    expect(value(run!, 'max_concurrency')).toBe(64);
    expect(value(run!, 'request_rate_configured')).toBe(16);
    expect(value(run!, 'spec_accept_length')).toBe(3.1405);
    expect(run!.source).toMatchObject({
      format: 'vllm-json',
      blockIndex: 0,
      blockLabel: null,
      startLine: 1,
      endLine: 1,
    });
  });

  it('ignores the per-request arrays (seconds) and keys without a canonical id', () => {
    expect(
      Object.keys(run!.metrics)
        .filter((k) => !/^(ttft|tpot|itl|e2e_latency)\./.test(k))
        .sort(),
    ).toEqual(
      [
        'duration',
        'input_tokens_total',
        'max_concurrency',
        'output_token_throughput',
        'output_tokens_total',
        'peak_concurrent_requests',
        'peak_output_token_throughput',
        'request_goodput',
        'request_rate_configured',
        'request_throughput',
        'requests_failed',
        'requests_successful',
        'spec_accept_length',
        'spec_acceptance_rate',
        'total_token_throughput',
      ].sort(),
    );
  });

  it('maps dotted percentiles and reads "inf" as no configured rate', () => {
    const [r] = short(
      '{"num_prompts": 10, "request_rate": "inf", "total_token_throughput": 1.5, "p99.9_itl_ms": 250.17, "p0.1_ttft_ms": 3.2}',
    );
    expect(value(r!, 'itl.p99_9')).toBe(250.17);
    expect(value(r!, 'ttft.p0_1')).toBe(3.2);
    expect(r!.metrics.request_rate_configured).toBeUndefined();
  });

  it('ignores --metadata strings, but a string under a result key is an error naming its pointer', () => {
    expect(
      Object.keys(short('{"num_prompts": 10, "gpu": "H200", "tp": "8", "total_token_throughput": 1.5}')[0]!.metrics),
    ).toEqual(['total_token_throughput']);
    const bad = vllm.parse('{"num_prompts": 10, "total_token_throughput": "1.5"}', { file: 'x.json' });
    expect(bad.runs).toEqual([]);
    expect(bad.diagnostics).toMatchObject([
      { code: 'E_BAD_NUMBER', line: 1, column: 47, message: expect.stringContaining('/total_token_throughput') },
    ]);
  });

  it('null is an absent metric, not an error', () => {
    const [r] = short(
      '{"num_prompts": 10, "max_concurrency": null, "request_goodput": null, "total_token_throughput": 1.5}',
    );
    expect(Object.keys(r!.metrics)).toEqual(['total_token_throughput']);
  });

  it('pretty-printed, appended documents keep their own line ranges', () => {
    const text =
      '{\n  "num_prompts": 1,\n  "total_token_throughput": 2.0\n}\n{\n  "num_prompts": 1,\n  "label": "b",\n  "total_token_throughput": 3.0\n}\n';
    const runs = short(text);
    expect(runs.map((r) => [r.source.startLine, r.source.endLine, r.metrics.total_token_throughput!.line])).toEqual([
      [1, 4, 3],
      [5, 9, 8],
    ]);
    expect(runs[1]!.raw).toBe('{\n  "num_prompts": 1,\n  "label": "b",\n  "total_token_throughput": 3.0\n}');
  });
});

describe('vllm-json: --append-result', () => {
  const runs = only(vllm, sample('vllm-bench-serve/append-result.json'));

  it('gives one run per newline-separated object, labelled by --label', () => {
    expect(runs.map((r) => [r.source.blockIndex, r.source.blockLabel, r.source.startLine])).toEqual([
      [0, 'tp8', 1],
      [1, 'tp8-chunked', 2],
    ]);
    expect(value(runs[0]!, 'requests_failed')).toBe(2);
    expect(value(runs[0]!, 'request_rate_configured')).toBeUndefined(); // "inf"
    expect(value(runs[1]!, 'request_rate_configured')).toBe(8);
    expect(value(runs[1]!, 'total_token_throughput')).toBe(20727.5);
  });

  it('a repeated --label stays distinct', () => {
    const doc = '{"num_prompts": 1, "label": "tp8", "total_token_throughput": 1.0}';
    expect(short(`${doc}\n${doc}\n${doc}`).map((r) => r.source.blockLabel)).toEqual(['tp8', 'tp8 #2', 'tp8 #3']);
  });
});

describe('vllm-json: refusals', () => {
  it('skips the .pytorch.json sibling with a warning naming the file to use', () => {
    const text = readFileSync(join(import.meta.dirname, '../fixtures/vllm-json/pytorch-json/input.json'), 'utf8');
    expect(vllm.detect(text)).toBe(true);
    const result = vllm.parse(text, {
      file: 'raw/openai-chat-16.0qps-concurrency64-Example-30B-A3B-20261201-101500.pytorch.json',
    });
    expect(result.runs).toEqual([]);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'W_SKIPPED_FILE',
        severity: 'warning',
        hint: expect.stringContaining('openai-chat-16.0qps-concurrency64-Example-30B-A3B-20261201-101500.json'),
      },
    ]);
  });

  it('reports a cut-off file with line and column, and still routes it here', () => {
    const text = sample('vllm-bench-serve/save-result.json').slice(0, 700);
    expect(vllm.detect(text)).toBe(true);
    expect(vllm.parse(text, { file: 'x.json' }).diagnostics).toMatchObject([
      { code: 'E_JSON', line: 1, column: 701, found: 'end of file' },
    ]);
  });
});

describe('guidellm-json', () => {
  const [run] = only(guidellm, sample('guidellm/benchmarks.json'));

  it('reads the successful status; guidellm TPOT includes TTFT, its ITL is the decode TPOT', () => {
    expect(value(run!, 'tpot_incl_ttft.mean')).toBe(540.43);
    expect(value(run!, 'tpot.mean')).toBe(53.7);
    expect(value(run!, 'tpot.p99')).toBe(640.77);
    expect(Object.keys(run!.metrics).some((k) => k.startsWith('itl.'))).toBe(false);
    // formats.md §0.2: mean latency / output tokens = guidellm's TPOT; (latency − TTFT)/(n − 1) = decode TPOT.
    expect(((value(run!, 'e2e_latency.mean')! / 1024) as number).toFixed(2)).toBe('540.43');
    expect(((value(run!, 'e2e_latency.mean')! - value(run!, 'ttft.mean')!) / 1023).toFixed(2)).toBe('53.70');
  });

  it('converts request_latency from seconds and maps p001/p999 to p0_1/p99_9', () => {
    expect(run!.metrics['e2e_latency.p95']).toEqual({
      value: 742880,
      unit: 'ms',
      printed: '742.88',
      printedUnit: 's',
      line: 334,
    });
    expect(value(run!, 'e2e_latency.p99_9')).toBe(768900);
    expect(value(run!, 'ttft.p0_1')).toBe(1204.1);
    expect(value(run!, 'ttft.p1')).toBe(3110.4);
  });

  it('reads totals, throughputs and concurrency', () => {
    expect(value(run!, 'requests_successful')).toBe(1000);
    expect(value(run!, 'requests_failed')).toBe(0);
    expect(value(run!, 'duration')).toBe(1490.22);
    expect(value(run!, 'input_tokens_total')).toBe(8204000);
    expect(value(run!, 'output_tokens_total')).toBe(1024000);
    // The rates are the run's totals over its duration, not guidellm's means of interval rates.
    expect(value(run!, 'total_token_throughput')).toBeCloseTo((8204000 + 1024000) / 1490.22, 8);
    expect(run!.metrics.total_token_throughput!.derived).toEqual({
      formula: 'all-tokens-over-duration',
      lines: [528, 630, 1648],
    });
    expect(value(run!, 'output_token_throughput')).toBeCloseTo(1024000 / 1490.22, 8);
    expect(value(run!, 'input_token_throughput')).toBeCloseTo(8204000 / 1490.22, 8);
    expect(value(run!, 'request_throughput')).toBeCloseTo(1000 / 1490.22, 8);
    // output_tokens_per_second.max is an instantaneous rate, not a peak over a second: not read.
    expect(value(run!, 'peak_output_token_throughput')).toBeUndefined();
    expect(value(run!, 'mean_concurrency')).toBe(371.4);
    expect(value(run!, 'peak_concurrent_requests')).toBe(512);
    expect(run!.source).toMatchObject({
      format: 'guidellm-json',
      blockIndex: 0,
      blockLabel: null,
      startLine: 28,
      endLine: 1657,
    });
    expect(run!.raw.length).toBeLessThan(8000);
    expect(JSON.parse(run!.raw).metrics.tokens_per_second).toBeUndefined();
    expect(JSON.parse(run!.raw).metrics.prompt_token_count.successful.total_sum).toBe(8204000);
  });

  it('the runner dual_json summary and the GPUStack export read as the guidellm report does', () => {
    const strip = (r: ParsedRun) =>
      Object.fromEntries(
        Object.entries(r.metrics).map(([k, m]) => [
          k,
          { ...m, line: 0, ...(m?.derived && { derived: m.derived.formula }) },
        ]),
      );
    const [dual] = only(guidellm, sample('gpustack-benchmark-runner/42.json'));
    const [exported] = only(guidellm, sample('gpustack-benchmark-runner/gpustack-export-benchmark-42.json'));
    expect(dual!.source.format).toBe('guidellm-json');
    expect(exported!.source.format).toBe('gpustack-runner-json');
    expect(exported!.source.startLine).toBe(123);
    expect(strip(dual!)).toEqual(strip(run!));
    expect(strip(exported!)).toEqual(strip(run!));
  });

  it("the export's flat columns agree with its raw_metrics report", () => {
    const flat = JSON.parse(sample('gpustack-benchmark-runner/gpustack-export-benchmark-42.json')) as Record<
      string,
      number
    >;
    const [exported] = only(guidellm, sample('gpustack-benchmark-runner/gpustack-export-benchmark-42.json'));
    // guidellm's mean rates, which the flat columns repeat, are totals / duration in this sample
    // only to the precision they were written with (per-request-rates is a run where they are not).
    const rates: [string, MetricKey][] = [
      ['tokens_per_second_mean', 'total_token_throughput'],
      ['output_tokens_per_second_mean', 'output_token_throughput'],
      ['input_tokens_per_second_mean', 'input_token_throughput'],
      ['requests_per_second_mean', 'request_throughput'],
    ];
    for (const [column, key] of rates)
      expect(Math.abs(value(exported!, key)! / flat[column]! - 1), column).toBeLessThan(0.0001);
    const pairs: [string, MetricKey, number][] = [
      ['time_per_output_token_mean', 'tpot_incl_ttft.mean', 1],
      ['inter_token_latency_mean', 'tpot.mean', 1],
      ['inter_token_latency_p95', 'tpot.p95', 1],
      ['time_to_first_token_p99', 'ttft.p99', 1],
      ['request_latency_p95', 'e2e_latency.p95', 1000],
      ['request_concurrency_max', 'peak_concurrent_requests', 1],
      ['request_successful', 'requests_successful', 1],
    ];
    for (const [column, key, factor] of pairs) expect(value(exported!, key), column).toBe(flat[column]! * factor);
  });

  it('labels each benchmark of a sweep by its strategy', () => {
    const runs = only(
      guidellm,
      readFileSync(join(import.meta.dirname, '../fixtures/guidellm-json/sweep-3-strategies/input.json'), 'utf8'),
    );
    expect(runs.map((r) => r.source.blockLabel)).toEqual(['synchronous', 'constant@4.00', 'throughput']);
    expect(runs.map((r) => value(r, 'requests_failed'))).toEqual([0, 2, 3]);
    expect(value(runs[1]!, 'request_rate_configured')).toBe(4);
    expect(value(runs[2]!, 'max_concurrency')).toBe(128);
  });

  it('requests_failed adds errored and incomplete', () => {
    const text = sample('guidellm/benchmarks.json').replace(
      /("request_totals": \{\s*"successful": 1000,\s*"errored": )0(,\s*"incomplete": )0/,
      (_, head: string, middle: string) => `${head}3${middle}2`,
    );
    const [r] = only(guidellm, text);
    expect(r!.metrics.requests_failed).toEqual({
      value: 5,
      unit: 'count',
      printed: '5',
      line: 106,
      derived: { formula: 'errored-plus-incomplete', lines: [106, 107] },
    });
  });

  it('a status without requests gives no latency, not 0 ms', () => {
    const report = {
      metadata: { guidellm_version: '0.5.3' },
      benchmarks: [
        {
          metrics: {
            request_totals: { successful: 0, errored: 4, incomplete: 0 },
            time_to_first_token_ms: { successful: { mean: 0.0, count: 0 } },
          },
        },
      ],
    };
    const [r] = only(guidellm, JSON.stringify(report));
    expect(r!.metrics).toMatchObject({ requests_successful: { value: 0 }, requests_failed: { value: 4 } });
    expect(r!.metrics['ttft.mean']).toBeUndefined();
  });

  it('refuses a GPUStack export whose raw_metrics was never filled', () => {
    const text = sample('gpustack-benchmark-runner/gpustack-export-benchmark-42.json').replace(
      /"raw_metrics": \{[\s\S]*\n {2}\},\n/,
      '"raw_metrics": null,\n',
    );
    const result = guidellm.parse(text, { file: 'x.json' });
    expect(result.runs).toEqual([]);
    expect(result.diagnostics).toMatchObject([{ code: 'E_NO_RESULT' }]);
  });
});

describe('detection', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
    );
  const claims: Record<string, string[]> = {
    'vllm-json': ['vllm-bench-serve/save-result.json', 'vllm-bench-serve/append-result.json'],
    'guidellm-json': [
      'guidellm/benchmarks.json',
      'gpustack-benchmark-runner/42.json',
      'gpustack-benchmark-runner/gpustack-export-benchmark-42.json',
    ],
  };

  it('each JSON parser claims its samples and no other sample in tests/fixtures/samples', () => {
    for (const [name, module] of [
      ['vllm-json', vllm],
      ['guidellm-json', guidellm],
    ] as const) {
      const claimed = files(shared)
        .filter((f) => module.detect(readFileSync(f, 'utf8')))
        .map((f) => f.slice(shared.length + 1));
      expect(claimed.sort(), name).toEqual([...claims[name]!].sort());
    }
  });

  it('no registered parser claims these samples', () => {
    for (const path of Object.values(claims).flat()) {
      const text = sample(path);
      for (const [name, parser] of Object.entries(PARSERS))
        if (name !== 'vllm-json' && name !== 'guidellm-json')
          expect(parser.detect(text), `${name} on ${path}`).toBe(false);
    }
  });
});

/**
 * `json` and `block` describe one benchmark: every metric both have is equal once the JSON value
 * is rounded the way the block printed it. Returns the keys that differ.
 */
function differences(json: ParsedRun, block: ParsedRun): string[] {
  const shared = metricEntries(block.metrics)
    .map(([key]) => key)
    .filter((k) => k in json.metrics);
  expect(shared.length).toBeGreaterThan(10);
  const asPrinted = (m: MetricValue, v: number) => {
    const scale = m.printedUnit === 's' ? 1000 : 1;
    return (v / scale).toFixed(m.printed.split('.')[1]?.length ?? 0);
  };
  return shared.filter(
    (k) =>
      asPrinted(block.metrics[k]!, json.metrics[k]!.value) !== asPrinted(block.metrics[k]!, block.metrics[k]!.value),
  );
}

describe('printed blocks and JSON files of the same benchmark agree', () => {
  it('save-result.json = current-full-flags.txt, except the block’s Total token throughput', () => {
    const [json] = only(vllm, sample('vllm-bench-serve/save-result.json'));
    const [block] = parseBlock(sample('vllm-bench-serve/current-full-flags.txt'), { file: 'b.txt' }).runs;
    // The block prints 4862.55; the JSON (and (511872 + 64000) / 118.4312 = 4862.50) say 4862.50.
    expect(differences(json!, block!)).toEqual(['total_token_throughput']);
    expect(block!.metrics.total_token_throughput!.value).toBe(4862.55);
    expect(((511872 + 64000) / 118.4312).toFixed(2)).toBe('4862.50');
  });

  it('append-result.json document 1 = block "# random 4K input" of mixed-log-3-blocks-truncated.log', () => {
    const [json] = only(vllm, sample('vllm-bench-serve/append-result.json'));
    const block = parseBlock(sample('vllm-bench-serve/mixed-log-3-blocks-truncated.log'), { file: 'b.log' }).runs.find(
      (r) => r.source.blockLabel === 'random 4K input',
    );
    expect(differences(json!, block!)).toEqual([]);
  });

  for (const path of [
    'gpustack-benchmark-runner/42.json',
    'gpustack-benchmark-runner/gpustack-export-benchmark-42.json',
    'guidellm/benchmarks.json',
  ]) {
    it(`${path} = docs-block-with-latency-section.txt (GPUStack-rendered block)`, () => {
      const [json] = only(guidellm, sample(path));
      const [block] = parseBlock(sample('gpustack-benchmark-runner/docs-block-with-latency-section.txt'), {
        file: 'b.txt',
      }).runs;
      expect(block!.source.format).toBe('gpustack-block');
      expect(differences(json!, block!)).toEqual([]);
      // The block's "TPOT" rows are guidellm's TPOT incl. TTFT; its "ITL" rows, stored under the id
      // their label names, print guidellm's inter_token_latency_ms (which guidellm-json files as tpot).
      expect(block!.metrics['tpot_incl_ttft.mean']!.value).toBe(540.43);
      expect(block!.metrics['itl.p99']!.value).toBe(value(json!, 'tpot.p99'));
      expect(block!.metrics['tpot.p99']).toBeUndefined();
    });
  }
});
