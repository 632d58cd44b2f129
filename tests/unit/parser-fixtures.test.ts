// Golden-file tests: every tests/fixtures/<parser>/<case>/input.* is parsed by
// src/lib/parse/<parser>.ts and compared with expected.json next to it: the runs, the parser's
// diagnostics and the plausibility diagnostics of each run (what ingest reports for the file).
// UPDATE_GOLDEN=1 rewrites the expectations (review the diff!); UPDATE_GOLDEN=<parser> only that
// parser's, so updating one format cannot silently rewrite another's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../helpers/golden.ts';
import { describe, expect, it } from 'vitest';
import { checkRunPlausibility } from '../../src/lib/ingest/plausibility.ts';
import { metricEntries, type ParserModule } from '../../src/lib/parse/types.ts';
import type { MetricKey } from '../../src/lib/schema/metric.ts';
import { sourceLines } from '../../src/lib/parse/source-lines.ts';
import { stableJson } from '../../src/lib/stable-json.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const parserDirs = readdirSync(fixtures).filter((name) =>
  existsSync(join(import.meta.dirname, `../../src/lib/parse/${name}.ts`)),
);
const modules = Object.fromEntries(
  await Promise.all(
    parserDirs.map(async (name) => [name, (await import(`../../src/lib/parse/${name}.ts`)) as ParserModule] as const),
  ),
);

/**
 * For printed blocks, what the label of a value's line must say for each metric id and statistic:
 * written here independently of the parsers, so a value filed under the wrong id (an ITL row stored
 * as TPOT) fails even when the golden was regenerated with the mistake in it.
 */
const LABEL_OF_ID: Record<string, RegExp> = {
  requests_successful: /^successful requests$/,
  requests_failed: /^failed requests$/,
  max_concurrency: /^max(imum)? (request|reqeuest) concurrency$/, // SGLang 0.4 printed 'reqeuest'
  request_rate_configured: /request rate/,
  peak_concurrent_requests: /^peak concurrent requests$/,
  mean_concurrency: /^concurrency$/,
  duration: /^benchmark duration \(s\)$/,
  input_tokens_total: /^total input tokens$/,
  output_tokens_total: /^total generated tokens$/,
  output_tokens_total_retokenized: /^total generated tokens \(retokenized\)$/,
  request_throughput: /^request throughput/,
  request_goodput: /^request goodput/,
  input_token_throughput: /^input token throughput/,
  output_token_throughput: /^output token throughput/,
  peak_output_token_throughput: /^peak output token throughput/,
  total_token_throughput: /^total (token )?throughput/,
  // GPUStack's block prints guidellm's interval means on vLLM's rate labels
  request_throughput_interval_mean: /^request throughput/,
  output_token_throughput_interval_mean: /^output token throughput/,
  output_token_throughput_interval_max: /^peak output token throughput/,
  total_token_throughput_interval_mean: /^total token throughput/,
  ttft: / ttft \(ms\)$/,
  tpot: / tpot \(ms\)$/,
  tpot_incl_ttft: / tpot \(ms\)$/,
  itl: / itl \(ms\)$/,
  e2e_latency: / (e2el|e2e latency) \(ms\)$| latency\(s\)$/,
  spec_accept_length: /^accept(ance)? length$/,
  spec_acceptance_rate: /^acceptance rate/,
};
const LABEL_OF_STAT: Record<string, RegExp> = {
  mean: /^mean /,
  median: /^median /,
  std: /^std /,
  min: /^min /,
  max: /^max /,
};
/**
 * What each formula of a derived value computes, written here apart from the parsers: the value
 * must be that of its inputs, each itself a printed value, and its lines theirs.
 */
const DERIVED_INPUTS: Record<string, { keys: MetricKey[]; compute: (v: number[]) => number }> = {
  'requests-over-duration': { keys: ['requests_successful', 'duration'], compute: ([n, d]) => n! / d! },
  'input-tokens-over-duration': { keys: ['input_tokens_total', 'duration'], compute: ([n, d]) => n! / d! },
  'output-tokens-over-duration': { keys: ['output_tokens_total', 'duration'], compute: ([n, d]) => n! / d! },
  'all-tokens-over-duration': {
    keys: ['input_tokens_total', 'output_tokens_total', 'duration'],
    compute: ([i, o, d]) => (i! + o!) / d!,
  },
};

const AVERAGE_TIMES_REQUESTS = new Set(['requests-times-mean-input-length', 'requests-times-mean-output-length']);

/** The last number on a line (`Average Input Length (tokens):  411.6000`, `"avg_input_length": 128.0,`). */
function lastNumber(text: string): number | undefined {
  const all = text.match(/\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g);
  return all ? Number(all[all.length - 1]) : undefined;
}

const LABELLED_FORMATS = new Set(['serving-block', 'sglang-bench-serving']);

for (const format of parserDirs) {
  const parse = modules[format]!.parse;
  describe(`${format} fixtures`, () => {
    // Case folders only: a format folder may keep shared files beside them (llm-d's JSON Schema).
    const cases = readdirSync(join(fixtures, format), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const name of cases.map((entry) => entry.name).sort()) {
      const dir = join(fixtures, format, name);
      const inputName = readdirSync(dir).find((f) => f.startsWith('input.'))!;
      const text = readFileSync(join(dir, inputName), 'utf8');
      const result = parse(text, { file: `${format}/${name}/${inputName}` });
      const lines = sourceLines(text);

      it(`${name}: matches expected.json (runs, diagnostics, plausibility)`, () => {
        const plausibility = result.runs.flatMap((run) => checkRunPlausibility(run));
        expectGolden(join(dir, 'expected.json'), stableJson({ ...result, plausibility }), format);
      });

      it(`${name}: every value is the number printed on its line, or computed from such values`, () => {
        for (const run of result.runs) {
          for (const [key, metric] of metricEntries(run.metrics)) {
            if (metric.derived?.formula === 'errored-plus-incomplete') {
              // Counts the run does not keep apart: the number on each of its lines, under its own name.
              const parts = metric.derived.lines.map((n) =>
                /"?(errored|incomplete)"?:\s*(\d+)/.exec(lines[n - 1]!.text),
              );
              expect(parts.map((p) => p?.[1]).sort(), key).toEqual(['errored', 'incomplete']);
              expect(metric.value, key).toBe(parts.reduce((sum, p) => sum + Number(p![2]), 0));
              continue;
            }
            if (metric.derived?.formula === 'sent-minus-failed') {
              // An llm-d report's requests sent and failed, each on its own line: sent − failed.
              const [total, failures] = metric.derived.lines.map((n) =>
                /^\s*"?(total|failures)"?:\s*(\d+)/.exec(lines[n - 1]!.text),
              );
              expect([total?.[1], failures?.[1]], key).toEqual(['total', 'failures']);
              expect(metric.value, key).toBe(Number(total![2]) - Number(failures![2]));
              continue;
            }
            if (metric.derived && AVERAGE_TIMES_REQUESTS.has(metric.derived.formula)) {
              // trtllm-bench prints no token total: requests × the average on the other line.
              const [requests, average] = metric.derived.lines.map((n) => lastNumber(lines[n - 1]!.text));
              expect(metric.value, key).toBeCloseTo(requests! * average!, 0);
              expect(run.metrics.requests_successful?.line, key).toBe(metric.derived.lines[0]);
              continue;
            }
            if (metric.derived?.formula === 'run-end-minus-start') {
              // The scheduler's start and end times (not metrics): end − start, each on its own line (a JSON or YAML key).
              const times = metric.derived.lines.map((n) =>
                /"?(start|end)_time"?:\s*([\d.]+)/.exec(lines[n - 1]!.text),
              );
              expect(
                times.map((t) => t?.[1]),
                key,
              ).toEqual(['start', 'end']);
              expect(metric.value, key).toBeCloseTo(Number(times[1]![2]) - Number(times[0]![2]), 6);
              continue;
            }
            if (metric.derived) {
              const inputs = DERIVED_INPUTS[metric.derived.formula];
              expect(inputs, `no rule for ${metric.derived.formula}`).toBeDefined();
              const values = inputs!.keys.map((k) => run.metrics[k]);
              // An input may itself be computed (a trtllm-bench total), checked as its own key.
              expect(
                values.every((v) => v),
                `${key}: inputs ${inputs!.keys.join(', ')}`,
              ).toBe(true);
              expect(metric.value, key).toBeCloseTo(inputs!.compute(values.map((v) => v!.value)), 6);
              expect([...metric.derived.lines].sort(), key).toEqual(values.map((v) => v!.line).sort());
              continue;
            }
            const line = lines[metric.line - 1]!;
            expect(line.text, `${key} at line ${metric.line}`).toContain(metric.printed);
            const printed = Number(metric.printed.replace(/,/g, ''));
            const factor =
              metric.printedUnit === 's' && metric.unit === 'ms'
                ? 1000
                : metric.printedUnit === 'ms' && metric.unit === 's'
                  ? 0.001
                  : 1;
            expect(metric.value, `${key} at line ${metric.line}`).toBeCloseTo(printed * factor, 6);
          }
        }
      });

      if (LABELLED_FORMATS.has(format))
        it(`${name}: every value's line is labelled with its metric and statistic`, () => {
          for (const run of result.runs) {
            for (const [key, metric] of metricEntries(run.metrics)) {
              // A computed value is held to its inputs' lines (DERIVED_INPUTS), not to a label of its own.
              if (metric.derived) continue;
              const [id = '', stat] = key.split('.');
              const label = lines[metric.line - 1]!.text.trim().replace(/:.*$/, '').replace(/\s+/g, ' ').toLowerCase();
              expect(LABEL_OF_ID[id], `no label rule for ${id}`).toBeDefined();
              expect(label, `${key} at line ${metric.line}`).toMatch(LABEL_OF_ID[id]!);
              if (stat !== undefined) {
                const statLabel = LABEL_OF_STAT[stat] ?? new RegExp(`^p${stat.slice(1).replace('_', '\\.')} `);
                expect(label, `${key} at line ${metric.line}`).toMatch(statLabel);
              }
            }
          }
        });
    }
  });
}
