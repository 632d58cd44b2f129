import type { DiagnosticList } from '../diagnostics/diagnostics.ts';
import { stored } from '../format/number.ts';
import type { ScalarId } from '../schema/metric.ts';
import type { DerivedFormula, MetricValue } from '../schema/run.ts';
import type { RunMetrics } from './types.ts';

/**
 * A run's rates as its totals over its duration: requests / s, input, output and all tokens / s.
 * This is how vLLM and SGLang define the rates they print; a file that holds the totals but not
 * the rates (a vLLM result without its rate keys), or whose rates mean something else (guidellm's
 * means of per-interval rates), gets them from here, each marked with its formula and input lines.
 */
export type Rate =
  'request_throughput' | 'input_token_throughput' | 'output_token_throughput' | 'total_token_throughput';

const RATES: Record<Rate, { formula: DerivedFormula; inputs: readonly ScalarId[] }> = {
  request_throughput: { formula: 'requests-over-duration', inputs: ['requests_successful'] },
  input_token_throughput: { formula: 'input-tokens-over-duration', inputs: ['input_tokens_total'] },
  output_token_throughput: { formula: 'output-tokens-over-duration', inputs: ['output_tokens_total'] },
  total_token_throughput: {
    formula: 'all-tokens-over-duration',
    inputs: ['input_tokens_total', 'output_tokens_total'],
  },
};

export const RATE_IDS = Object.keys(RATES) as Rate[];

/** What a rate is computed from, for messages: "output_tokens_total / duration". */
export function rateInputs(rate: Rate): string {
  const { inputs } = RATES[rate];
  return `${inputs.length > 1 ? `(${inputs.join(' + ')})` : inputs.join('')} / duration`;
}

/** `rate` from the run's totals and duration; undefined when one of them is missing or the duration is not above 0. */
export function rateFromTotals(metrics: RunMetrics, rate: Rate): MetricValue | undefined {
  const duration = metrics.duration;
  const { formula, inputs } = RATES[rate];
  const values = inputs.map((id) => metrics[id]);
  if (!duration || !(duration.value > 0) || values.some((v) => v === undefined)) return undefined;
  const present = values.filter((v) => v !== undefined);
  const value = stored(present.reduce((sum, v) => sum + v.value, 0) / duration.value);
  const lines = [...present.map((v) => v.line), duration.line];
  return {
    value,
    unit: rate === 'request_throughput' ? 'req/s' : 'tok/s',
    printed: String(value),
    line: Math.min(...lines),
    derived: { formula, lines },
  };
}

/**
 * Rates a result file lacks (`missing`: the key its tool writes, and the rate it is) computed from
 * the file's totals over its duration, which is how the tool defines them; one warning names every
 * key lacking and what became of it: computed, or absent with what it would need.
 */
export function computeMissingRates(
  metrics: RunMetrics,
  missing: readonly (readonly [string, Rate])[],
  at: { tool: string; line: number; diagnostics: DiagnosticList; written: readonly (readonly [string, Rate])[] },
): void {
  if (missing.length === 0) return;
  const computed: string[] = [];
  const absent: string[] = [];
  for (const [, rate] of missing) {
    const value = rateFromTotals(metrics, rate);
    if (value) {
      metrics[rate] = value;
      computed.push(`${rate} = ${rateInputs(rate)}`);
    } else absent.push(`${rate} (it needs ${rateInputs(rate)})`);
  }
  const keys = missing.map(([key]) => `"${key}"`).join(', ');
  const outcome = [
    computed.length > 0 ? `computed ${computed.join(', ')}` : '',
    absent.length > 0 ? `absent: ${absent.join(', ')}` : '',
  ].filter(Boolean);
  at.diagnostics.warning('W_MISSING_RATE', `this ${at.tool} result has no ${keys}: ${outcome.join('; ')}`, {
    line: at.line,
    expected: at.written.map(([key]) => `"${key}"`).join(', '),
    found: `no ${keys}`,
  });
}
