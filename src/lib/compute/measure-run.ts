import { stored } from '../format/number.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Cell, Measured } from '../schema/computed.ts';
import type { ResultRef } from '../schema/guide-yaml.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';
import { percentChange } from './percent-change.ts';
import { repeatsOf, resolveResult } from './references.ts';
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
 * A result that is several runs of one configuration (a sweep's repeats) is measured by its
 * median run, with every run's score and their spread beside it (repeatsMeasured).
 */
export function measure(
  ctx: ComputeContext,
  ref: ResultRef,
  side: { gpus?: number | undefined; profile?: string | undefined },
  path: YamlPath,
): Measured | undefined {
  const named = resolveResult(ctx, ref, [...path, 'result']);
  if (!named) return undefined;
  const scale = scaleOf(ctx, side.gpus);
  const repeats = repeatsMeasured(ctx, repeatsOf(ctx, named, [...path, 'result']), scale.scale, [...path, 'result']);
  if (repeats === null) return undefined;
  const run = repeats?.median ?? named;
  const primary = cellOf(ctx, run, ctx.primaryKey, [...path, 'result']);
  const secondary = ctx.secondaryKeys.map((key) => cellOf(ctx, run, key, [...path, 'result']));
  const rate = successRate(ctx, run, side.profile);
  if (!primary || secondary.some((c) => c === undefined)) return undefined;
  checkGpus(ctx, side.gpus, path);
  return {
    runId: run.id,
    primary,
    secondary: secondary.filter((c) => c !== undefined),
    gpus: scale.used,
    scale: scale.scale,
    score: stored(primary.value * scale.scale),
    // What one accelerator delivers, to compare machines of different sizes; a latency is per request.
    ...(ctx.primaryHigher ? { perAccelerator: stored(primary.value / scale.used) } : {}),
    ...(rate !== undefined ? { successRate: rate } : {}),
    ...(repeats ? { repeats: repeats.measured } : {}),
  };
}

/** The accelerators a configuration uses, and how many times it is replicated to fill the machine. */
function scaleOf(ctx: ComputeContext, gpus: number | undefined): { used: number; scale: number } {
  const used = gpus ?? ctx.guide.hardware.gpus;
  return { used, scale: ctx.guide.hardware.gpus / used };
}

/** An accelerator count the machine cannot be filled with, or on a latency guide: an error at `gpus`. */
function checkGpus(ctx: ComputeContext, gpus: number | undefined, path: YamlPath): void {
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
}

/**
 * The repeated runs of one configuration as one measurement: each run's score, the widest spread
 * (highest against lowest), and the median run, which the variant shows. For an even count the
 * median is the worse of the two middle runs (the lower throughput, the higher latency): a run
 * that was measured, never a mean no run printed, and never the better of two. Undefined for a
 * single run; null when a run lacks the primary metric (reported).
 */
function repeatsMeasured(
  ctx: ComputeContext,
  runs: readonly Run[],
  scale: number,
  path: YamlPath,
): { median: Run; measured: NonNullable<Measured['repeats']> } | undefined | null {
  if (runs.length < 2) return undefined;
  const scored: { run: Run; index: number; score: number; line: number }[] = [];
  for (const run of runs) {
    const primary = cellOf(ctx, run, ctx.primaryKey, path);
    if (!primary) return null;
    scored.push({ run, index: run.repeat?.index ?? 0, score: stored(primary.value * scale), line: primary.line });
  }
  // Worst first: the lower middle of an even count is then the worse of the two.
  const worstFirst = [...scored].sort(
    (a, b) => (ctx.primaryHigher ? a.score - b.score : b.score - a.score) || a.index - b.index,
  );
  const median = worstFirst[Math.floor((worstFirst.length - 1) / 2)];
  if (!median) return undefined;
  const scores = scored.map((s) => s.score);
  const lowest = Math.min(...scores);
  return {
    median: median.run,
    measured: {
      runs: scored.map(({ run, index, score, line }) => ({ runId: run.id, index, score, line })),
      percent: lowest > 0 ? percentChange(lowest, Math.max(...scores)) : 0,
    },
  };
}
