import { stored } from '../format/number.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Cell, Measured } from '../schema/computed.ts';
import type { ResultRef } from '../schema/guide-yaml.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';
import { resolveResult } from './references.ts';
import { successShare } from '../schema/served.ts';

/** The inputs of a mean request latency a block does not print (vLLM prints no E2EL by default). */
const LATENCY_INPUTS = ['ttft.mean', 'tpot.mean', 'output_tokens_total', 'requests_successful'] as const;

/**
 * Mean request latency from the block's own lines: the first token, then one TPOT for each further
 * output token of the average request (Mean TTFT + Mean TPOT × (output tokens / successful
 * requests − 1)). Only for `e2e_latency.mean`, only when every input is printed.
 */
function derivedLatency(run: Run): Cell | undefined {
  const [ttft, tpot, outputTokens, requests] = LATENCY_INPUTS.map((key) => run.metrics[key]);
  if (!ttft || !tpot || !outputTokens || !requests || requests.value <= 0) return undefined;
  const value = stored(ttft.value + tpot.value * (outputTokens.value / requests.value - 1));
  return {
    value,
    unit: 'ms',
    printed: String(value),
    line: ttft.line,
    runId: run.id,
    derived: {
      formula: 'mean-latency-from-ttft-tpot',
      lines: [ttft.line, tpot.line, outputTokens.line, requests.line],
    },
  };
}

/** One metric of a run, with where it was printed; an error when the run lacks it. */
export function cellOf(ctx: ComputeContext, run: Run, key: MetricKey, path: YamlPath): Cell | undefined {
  const value = run.metrics[key];
  if (value) return { ...value, runId: run.id };
  const derived = key === 'e2e_latency.mean' ? derivedLatency(run) : undefined;
  if (derived) return derived;
  ctx.error(
    path,
    'E_MISSING_REQUIRED',
    `${run.source.file} (lines ${run.source.startLine}-${run.source.endLine}) has no ${key}, which this guide needs`,
    {
      expected: `a value for ${key}${key === 'e2e_latency.mean' ? ` (or ${LATENCY_INPUTS.join(', ')} to derive it)` : ''}`,
      found: `only ${Object.keys(run.metrics).join(', ')}`,
    },
  );
  return undefined;
}

/** The share of requests that succeeded, when some failed (schema/served.ts), at the stored precision. */
function successRate(ctx: ComputeContext, run: Run, profileId: string | undefined): number | undefined {
  const successful = run.metrics.requests_successful;
  if (!successful) return undefined;
  const failed = run.metrics.requests_failed?.value;
  const config = profileId ? ctx.guide.profiles.find((p) => p.id === profileId)?.config.total_requests : undefined;
  const sent = typeof config === 'number' ? config : undefined;
  if ((failed === undefined || failed <= 0) && sent !== undefined && successful.value > sent) {
    ctx.diagnostics.push({
      severity: 'error',
      code: 'E_INCONSISTENT_REQUESTS',
      file: run.source.file,
      line: successful.line,
      message: `${successful.printed} successful requests, but profile "${profileId}" sends only ${sent}`,
      expected: `at most ${sent}`,
      found: successful.printed,
    });
    return undefined;
  }
  const share = successShare({ successful: successful.value, failed, sent });
  return share === undefined ? undefined : stored(share);
}

/**
 * The primary and secondary values of the run a `result:` names. A configuration that uses
 * `gpus` of the machine's accelerators is replicated to fill it: its throughput counts that many times.
 */
export function measure(
  ctx: ComputeContext,
  ref: ResultRef,
  side: { gpus?: number | undefined; profile?: string | undefined },
  path: YamlPath,
): Measured | undefined {
  const run = resolveResult(ctx, ref, [...path, 'result']);
  if (!run) return undefined;
  const primary = cellOf(ctx, run, ctx.primaryKey, [...path, 'result']);
  const secondary = ctx.secondaryKeys.map((key) => cellOf(ctx, run, key, [...path, 'result']));
  const rate = successRate(ctx, run, side.profile);
  if (!primary || secondary.some((c) => c === undefined)) return undefined;
  const { gpus } = side;
  const machineGpus = ctx.guide.hardware.gpus;
  const units = `${ctx.guide.hardware.accelerator.toUpperCase()}s`;
  if (gpus !== undefined && gpus > machineGpus) {
    ctx.error([...path, 'gpus'], 'E_RANGE', `uses ${gpus} ${units}, more than the machine's ${machineGpus}`, {
      expected: `at most ${machineGpus}`,
      found: String(gpus),
    });
  }
  if (gpus !== undefined && machineGpus % gpus !== 0) {
    ctx.error(
      [...path, 'gpus'],
      'E_RANGE',
      `${gpus} ${units} do not divide the machine's ${machineGpus}: replicas would not fill it`,
      { expected: `a divisor of ${machineGpus}`, found: String(gpus) },
    );
  }
  if (gpus !== undefined && !ctx.primaryHigher) {
    ctx.error(
      [...path, 'gpus'],
      'E_SCALE',
      `scaling by accelerator count applies to throughput; the primary metric ${ctx.primaryKey} is a latency`,
      { expected: 'no gpus: on a latency guide', found: String(gpus) },
    );
  }
  const used = gpus ?? machineGpus;
  const scale = machineGpus / used;
  return {
    runId: run.id,
    primary,
    secondary: secondary.filter((c) => c !== undefined),
    gpus: used,
    scale,
    score: stored(primary.value * scale),
    // What one accelerator delivers, to compare machines of different sizes; a latency is per request.
    ...(ctx.primaryHigher ? { perAccelerator: stored(primary.value / used) } : {}),
    ...(rate !== undefined ? { successRate: rate } : {}),
  };
}
