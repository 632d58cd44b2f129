import { z } from 'zod';

/**
 * The words guide.yaml (schema/guide-yaml.ts) and the computed guide (schema/computed.ts) share:
 * one zod enum per concept, which both schemas, compute, the views and the importer use, so a
 * value added or renamed in one place is known everywhere.
 */

/** What a guide tunes for: the throughput of the machine, or the latency of a request. */
export const Objective = z.enum(['throughput', 'latency']);
export type Objective = z.infer<typeof Objective>;

/** What the machine's accelerators are, named in the guide's sentences. */
export const Accelerator = z.enum(['gpu', 'npu']);
export type Accelerator = z.infer<typeof Accelerator>;

/** How a configuration on fewer accelerators than its baseline is compared (guide.yaml `comparison.scaling`). */
export const Scaling = z.enum(['replicas', 'per-gpu']);
export type Scaling = z.infer<typeof Scaling>;

/** The optimization summary: `cumulative`, each step's winner against the baseline; `step`, against the previous step's winner. */
export const SummaryMode = z.enum(['cumulative', 'step']);
export type SummaryMode = z.infer<typeof SummaryMode>;

/** Whether a variant was measured (`ok`), or could not run and says why. */
export const VariantStatus = z.enum(['ok', 'unsupported', 'failed']);
export type VariantStatus = z.infer<typeof VariantStatus>;

/**
 * The tool `npm run plan` runs a profile's workload with (guide.yaml `benchmarkTool`): vLLM's
 * `vllm bench serve`, SGLang's `python3 -m sglang.bench_serving`, or guidellm (what GPUStack's
 * profiles run on).
 */
export const BenchmarkTool = z.enum(['vllm-bench-serve', 'sglang-bench-serving', 'guidellm']);
export type BenchmarkTool = z.infer<typeof BenchmarkTool>;

/** How a step's result is stated: a pairwise sentence, a ranking sentence, or nothing. */
export const SummaryKind = z.enum(['pairwise', 'ranking', 'none']);
export type SummaryKind = z.infer<typeof SummaryKind>;

/**
 * "Other benchmark cases": `by-case` shows each comparison case with its two raw results;
 * `by-config` shows the baseline and the optimized configuration, each with one log of all its blocks.
 */
export const OtherCasesLayout = z.enum(['by-case', 'by-config']);
export type OtherCasesLayout = z.infer<typeof OtherCasesLayout>;

/** Which way a secondary metric moved against its reference. */
export const Change = z.enum(['reduced', 'increased', 'unchanged']);
export type Change = z.infer<typeof Change>;

/** The parts of a guide page, in order; a guide's own prose sections each follow one of them. */
export const PagePart = z.enum(['conclusion', 'objective', 'setup', 'results', 'optimization-summary', 'other-cases']);
export type PagePart = z.infer<typeof PagePart>;
export const PAGE_PARTS = PagePart.options;
