// The runs a Performance Lab page shows, measured as the audit compares them: each result block
// parsed, its configuration (the variant's flags, changed by a `# --flag value` block label), how
// many accelerators it uses, whether every request succeeded, and its score on the page's
// objective, scaled to the machine when a run uses fewer accelerators than the page's node.
import { parse as parseYaml } from 'yaml';
import { ingestGuide } from '../../ingest/ingest-guide.ts';
import type { MetricKey } from '../../schema/metric.ts';
import type { Run } from '../../schema/run.ts';
import { servedEveryRequest, successShare } from '../../schema/served.ts';
import { metricEntries } from '../../parse/types.ts';
import { configFlags } from '../../serving/flags.ts';
import { hardwareOf } from '../draft-names.ts';
import type { PageStep, PageVariant, PerformanceLabPage } from '../page-model.ts';

type CodeBlock = NonNullable<PageVariant['result']>;

export const value = (run: Run | undefined, key: MetricKey) => run?.metrics[key]?.value;
export const printedValue = (run: Run | undefined, key: MetricKey) => run?.metrics[key]?.printed;

/**
 * The Total TPS a page prints: a GPUStack block's own line (guidellm's interval mean, stored as
 * total_token_throughput_interval_mean beside the totals / duration perflab computes), else vLLM's.
 */
export const tpsKeyOf = (run: Run | undefined): MetricKey =>
  value(run, 'total_token_throughput_interval_mean') === undefined
    ? 'total_token_throughput'
    : 'total_token_throughput_interval_mean';
export const tpsOf = (run: Run | undefined) => value(run, tpsKeyOf(run));
export const printedTps = (run: Run | undefined) => printedValue(run, tpsKeyOf(run));

/** The runs of one result block, every metric line moved to its line in the page. */
export function blockRuns(code: CodeBlock, file: string): Run[] {
  const { runs } = ingestGuide([{ path: 'block.txt', file, text: `${code.text}\n` }]);
  return runs.map((run) => ({
    ...run,
    metrics: Object.fromEntries(
      metricEntries(run.metrics).map(([key, m]) => [key, { ...m, line: m.line + code.firstLine - 1 }]),
    ),
  }));
}

/** The TPOT a page prints: a GPUStack block's own TPOT line (stored with the first token), else vLLM's. */
export const tpotOf = (run: Run | undefined) => value(run, 'tpot_incl_ttft.mean') ?? value(run, 'tpot.mean');
export const tpotKeyOf = (run: Run | undefined) =>
  value(run, 'tpot_incl_ttft.mean') === undefined ? 'tpot.mean' : 'tpot_incl_ttft.mean';

/** Mean request latency in seconds: the block's own line, or TTFT + TPOT × (output tokens per request − 1). */
export function meanLatencySeconds(run: Run | undefined): number | undefined {
  const e2e = value(run, 'e2e_latency.mean');
  if (e2e !== undefined) return e2e / 1000;
  const ttft = value(run, 'ttft.mean');
  const tpot = value(run, 'tpot.mean');
  const out = value(run, 'output_tokens_total');
  const requests = value(run, 'requests_successful');
  if (ttft === undefined || tpot === undefined || out === undefined || !requests) return undefined;
  return (ttft + tpot * (out / requests - 1)) / 1000;
}

/** How many accelerators a configuration occupies: TP × PP × DP (SGLang's DP attention splits the TP group). */
export function acceleratorsOf(flags: ReadonlyMap<string, string>): number {
  const count = (...names: string[]) =>
    Number(names.map((name) => flags.get(name)).find((v) => v !== undefined && /^\d+$/.test(v)) ?? 1) || 1;
  const tp = count('--tensor-parallel-size', '--tp_size');
  const pp = count('--pipeline-parallel-size', '-pp', '--pp', '--pp-size', '--pp_size');
  const dp = flags.has('--enable-dp-attention') ? 1 : count('--data-parallel-size', '--dp_size');
  return tp * pp * dp;
}

/** A variant's flags; a block labelled with flags (`# --max-num-batched-tokens 8192`) ran with those instead. */
export function configOf(variant: PageVariant, blockLabel?: string | null): Map<string, string> {
  const flags = configFlags({ command: variant.command?.value, args: variant.args?.value });
  if (blockLabel?.trim().startsWith('-'))
    for (const [name, v] of configFlags({ args: [blockLabel] })) if (name !== '--model') flags.set(name, v);
  return flags;
}

export type AuditContext = {
  file: string;
  /** the page optimizes mean request latency (lower wins) rather than throughput */
  latency: boolean;
  accelerator: 'GPU' | 'NPU';
  /** accelerators the page's hardware line names */
  stated: number;
  /** the node the runs are compared on: the stated one, or larger when a run needs more */
  machine: number;
  /** throughput counts once per replica that fits the node (a multi-accelerator node only) */
  scaled: boolean;
  /** total requests of each named profile, to tell a run whose requests partly failed */
  totals: ReadonlyMap<string, number>;
};

function profileTotals(page: PerformanceLabPage): Map<string, number> {
  const totals = new Map<string, number>();
  for (const profile of page.profiles) {
    let config: unknown;
    try {
      config = parseYaml(profile.config.text);
    } catch {
      continue; // an unreadable profile only means its runs' success rate cannot be told
    }
    const total = (config as { total_requests?: unknown } | null)?.total_requests;
    if (typeof total === 'number' && total > 0) totals.set(profile.name.value.toLowerCase(), total);
  }
  return totals;
}

export function auditContext(page: PerformanceLabPage, file: string): AuditContext {
  const latency = /latency/i.test(page.title.value) || /latency/i.test(page.objective?.value ?? '');
  const hardware = hardwareOf(page.hardware?.value ?? '');
  const variants = [
    ...page.steps.flatMap((s) => s.variants),
    ...page.otherCases.flatMap((c) => [c.baseline, c.optimized]),
  ];
  const largest = variants.reduce((most, v) => Math.max(most, acceleratorsOf(configOf(v))), 1);
  return {
    file,
    latency,
    accelerator: hardware.accelerator,
    stated: hardware.count,
    machine: Math.max(hardware.count, largest),
    // A page on one accelerator compares runs as printed; a run that needs more is named at its hardware line.
    scaled: !latency && hardware.count > 1,
    totals: profileTotals(page),
  };
}

export type Measured = {
  label: string;
  run: Run;
  variant: PageVariant;
  /** the page line where the run's block starts */
  line: number;
  flags: Map<string, string>;
  accelerators: number;
  /** replicas of this configuration that fill the node: its throughput counts this many times */
  scale: number;
  /** share of requests that succeeded, when some failed */
  successRate?: number;
  /** scaled Total TPS, or mean latency in seconds; undefined when the block lacks it */
  score?: number;
};

function successRate(run: Run, profile: string | undefined, ctx: AuditContext): number | undefined {
  const successful = value(run, 'requests_successful');
  if (successful === undefined) return undefined;
  const sent = profile === undefined ? undefined : ctx.totals.get(profile.toLowerCase());
  return successShare({ successful, failed: value(run, 'requests_failed'), sent });
}

/** Every run of a variant's result block (one per `# label` block), measured. */
export function measureVariant(variant: PageVariant, label: string, ctx: AuditContext): Measured[] {
  if (!variant.result) return [];
  const code = variant.result;
  const runs = blockRuns(code, ctx.file);
  return runs.map((run, index) => {
    const flags = configOf(variant, run.source.blockLabel);
    const accelerators = acceleratorsOf(flags);
    const scale = ctx.scaled ? Math.max(1, Math.floor(ctx.machine / accelerators)) : 1;
    const rate = successRate(run, variant.profile?.value, ctx);
    const tps = tpsOf(run);
    const score = ctx.latency ? meanLatencySeconds(run) : tps === undefined ? undefined : tps * scale;
    return {
      label: runs.length > 1 ? (run.source.blockLabel ?? `${label} ${index + 1}`) : label,
      run,
      variant,
      line: code.firstLine + run.source.startLine - 1,
      flags,
      accelerators,
      scale,
      ...(rate !== undefined ? { successRate: rate } : {}),
      ...(score !== undefined ? { score } : {}),
    };
  });
}

/** A step's runs; the one unlabelled run of a step is named by the step. */
export function measureStep(step: PageStep, ctx: AuditContext): Measured[] {
  const single = step.variants.length === 1;
  return step.variants.flatMap((variant, index) =>
    measureVariant(variant, variant.label?.value ?? (single ? step.title.value : `run ${index + 1}`), ctx),
  );
}

/** Can win or be adopted: every request served, and the block has the objective's value. */
export const usable = (m: Measured): boolean => servedEveryRequest(m) && m.score !== undefined;

export function better(a: Measured, b: Measured, latency: boolean): boolean {
  if (a.score === undefined || b.score === undefined) return false;
  return latency ? a.score < b.score : a.score > b.score;
}

/** The best of `runs` on the objective (the first of equals), or undefined when none has a score. */
export function bestOf(runs: readonly Measured[], latency: boolean): Measured | undefined {
  return runs.reduce<Measured | undefined>(
    (top, m) => (m.score !== undefined && (!top || better(m, top, latency)) ? m : top),
    undefined,
  );
}

export function worstOf(runs: readonly Measured[], latency: boolean): Measured | undefined {
  return runs.reduce<Measured | undefined>(
    (low, m) => (m.score !== undefined && (!low || better(low, m, latency)) ? m : low),
    undefined,
  );
}

/** `TP4 3019.19 tok/s ×2` or `SGLang 1.61s`: a run as a finding names it. */
export function describeRun(m: Measured, latency: boolean): string {
  if (latency) return `${m.label} ${(meanLatencySeconds(m.run) ?? 0).toFixed(2)}s`;
  return `${m.label} ${printedTps(m.run) ?? '?'} tok/s${m.scale > 1 ? ` ×${m.scale}` : ''}`;
}
