import { stored } from '../format/number.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Cell, Measured } from '../schema/computed.ts';
import type { ResultRef } from '../schema/guide.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';
import { resolveResult } from './references.ts';

/** One metric of a run, with where it was printed; an error when the run lacks it. */
export function cellOf(ctx: ComputeContext, run: Run, key: MetricKey, path: YamlPath): Cell | undefined {
  const value = run.metrics[key];
  if (!value) {
    ctx.error(
      path,
      'E_MISSING_REQUIRED',
      `${run.source.file} (lines ${run.source.startLine}-${run.source.endLine}) has no ${key}, which this guide needs`,
      { expected: `a value for ${key}`, found: `only ${Object.keys(run.metrics).join(', ')}` },
    );
    return undefined;
  }
  return { ...value, runId: run.id };
}

/**
 * The primary and secondary values of the run a `result:` names. A configuration that uses
 * `gpus` of the machine's GPUs is replicated to fill it: its throughput counts that many times.
 */
export function measure(
  ctx: ComputeContext,
  ref: ResultRef,
  gpus: number | undefined,
  path: YamlPath,
): Measured | undefined {
  const run = resolveResult(ctx, ref, [...path, 'result']);
  if (!run) return undefined;
  const primary = cellOf(ctx, run, ctx.primaryKey, [...path, 'result']);
  const secondary = cellOf(ctx, run, ctx.secondaryKey, [...path, 'result']);
  if (!primary || !secondary) return undefined;
  const machineGpus = ctx.guide.hardware.gpus;
  if (gpus !== undefined && gpus > machineGpus) {
    ctx.error([...path, 'gpus'], 'E_RANGE', `uses ${gpus} GPUs, more than the machine's ${machineGpus}`, {
      expected: `at most ${machineGpus}`,
      found: String(gpus),
    });
  }
  if (gpus !== undefined && machineGpus % gpus !== 0) {
    ctx.error(
      [...path, 'gpus'],
      'E_RANGE',
      `${gpus} GPUs do not divide the machine's ${machineGpus}: replicas would not fill it`,
      { expected: `a divisor of ${machineGpus}`, found: String(gpus) },
    );
  }
  if (gpus !== undefined && !ctx.primaryHigher) {
    ctx.error(
      [...path, 'gpus'],
      'E_SCALE',
      `GPU scaling applies to throughput; the primary metric ${ctx.primaryKey} is a latency`,
      { expected: 'no gpus: on a latency guide', found: String(gpus) },
    );
  }
  const scale = gpus === undefined ? 1 : machineGpus / gpus;
  return { runId: run.id, primary, secondary, scale, score: stored(primary.value * scale) };
}

/** A run measured under a profile must have served all the profile's requests. */
export function checkRequests(ctx: ComputeContext, runId: string, profileId: string | undefined): void {
  const run = ctx.usedRuns.get(runId);
  const total = profileId ? ctx.guide.profiles.find((p) => p.id === profileId)?.config.total_requests : undefined;
  const successful = run?.metrics.requests_successful;
  if (!run || typeof total !== 'number' || !successful) return;
  if (successful.value > total) {
    ctx.diagnostics.push({
      severity: 'error',
      code: 'E_INCONSISTENT_REQUESTS',
      file: run.source.file,
      line: successful.line,
      message: `${successful.printed} successful requests, but profile "${profileId}" sends only ${total}`,
      expected: `at most ${total}`,
      found: successful.printed,
    });
  } else if (successful.value < total) {
    ctx.profileWarnings.push({
      severity: 'warning',
      code: 'W_REQUESTS_FAILED',
      file: run.source.file,
      line: successful.line,
      message: `only ${successful.printed} of the ${total} requests of profile "${profileId}" succeeded`,
      expected: String(total),
      found: successful.printed,
    });
  }
}
