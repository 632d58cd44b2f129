import { stored } from '../format/number.ts';
import type { Cell, Cost, Measured, Yield } from '../schema/computed.ts';
import type { Price } from '../schema/defaults.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';

/**
 * What one measured run yields, per accelerator it ran on and per user, and what a million
 * tokens cost at a price per accelerator-hour. Every figure is one value of the run (printed, or
 * its totals over its duration, with their lines) divided by a count or a constant: nothing is
 * interpolated between runs.
 */

/** The mean time per output token a run printed: decode-only TPOT first, else guidellm's (first token included). */
const TPOT_KEYS: readonly MetricKey[] = ['tpot.mean', 'tpot_incl_ttft.mean'];
const SECONDS_PER_HOUR = 3600;
const MILLION = 1_000_000;

/**
 * USD per million tokens: what `gpus` accelerators cost for the hour, over the tokens they serve
 * in it at `tokensPerSecond`. The methodology page gives the same formula.
 */
export function costPerMillion(usdPerGpuHour: number, gpus: number, tokensPerSecond: number): number {
  return stored((usdPerGpuHour * gpus * MILLION) / (tokensPerSecond * SECONDS_PER_HOUR));
}

function cell(run: Run, key: MetricKey): Cell | undefined {
  const value = run.metrics[key];
  return value ? { ...value, runId: run.id } : undefined;
}

/** The run's yield on the accelerators `measured` says it ran on; undefined when it printed no total throughput. */
export function yieldOf(run: Run, measured: Pick<Measured, 'gpus'>, price: Price | undefined): Yield | undefined {
  const total = cell(run, 'total_token_throughput');
  if (!total || total.value <= 0) return undefined;
  const output = cell(run, 'output_token_throughput');
  const { gpus } = measured;
  const tpotKey = TPOT_KEYS.find((key) => (run.metrics[key]?.value ?? 0) > 0);
  const tpot = tpotKey ? cell(run, tpotKey) : undefined;
  const ttft = cell(run, 'ttft.mean');
  const cost: Cost | undefined = price
    ? {
        total: costPerMillion(price.usdPerGpuHour, gpus, total.value),
        ...(output && output.value > 0 ? { output: costPerMillion(price.usdPerGpuHour, gpus, output.value) } : {}),
      }
    : undefined;
  return {
    runId: run.id,
    gpus,
    total,
    ...(output ? { output } : {}),
    totalPerGpu: stored(total.value / gpus),
    ...(output ? { outputPerGpu: stored(output.value / gpus) } : {}),
    ...(tpotKey && tpot ? { tpot: { key: tpotKey, cell: tpot }, perUser: stored(1000 / tpot.value) } : {}),
    ...(ttft ? { ttft } : {}),
    ...(cost ? { cost } : {}),
  };
}
