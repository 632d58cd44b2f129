// Templates for `npm run new`: a whole guide (engine step, one tuning step, comparison cases, an
// accuracy check, both prose files) that is schema-valid but cannot pass `check` until every
// FILL-IN is replaced and the raw results it names exist.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { Locale } from '../i18n.ts';
import type { Objective } from '../schema/vocabulary.ts';

/** The word every template value an author must supply contains; `check` refuses it anywhere. */
export const FILL_IN = 'FILL-IN';

const TITLES: Record<Objective, { en: string; zh: string }> = {
  throughput: { en: 'Throughput Optimization', zh: '吞吐量优化' },
  latency: { en: 'Latency Optimization', zh: '延迟优化' },
};

// Throughput guides rank by total token throughput and show TPOT beside it; latency guides rank by
// mean end-to-end request latency and show throughput beside it.
const METRICS: Record<Objective, string> = {
  throughput: `metrics:
  primary: total_token_throughput  # total_token_throughput_interval_mean for GPUStack-rendered blocks
  secondary: tpot.mean        # tpot_incl_ttft.mean for GPUStack-rendered blocks`,
  latency: `metrics:
  primary: e2e_latency.mean   # mean request latency; ttft.mean or tpot.mean if that is what the reader waits for
  secondary: total_token_throughput`,
};

/** A guide's model.family as the other guides spell it: the index has one row per family name. */
export type KnownFamily = { id: string; family: string };

/**
 * The family a new guide of `model` gets: the one the model's other guides give (their folder is
 * the model slug), else a family of any guide that is the slug but for its case (Qwen3-32B for
 * qwen3-32b), else the slug itself. So `npm run new` never adds a second row for one family.
 */
export function familyFor(model: string, known: readonly KnownFamily[]): string {
  const sameModel = known.find((k) => k.id.split('/')[0] === model);
  if (sameModel) return sameModel.family;
  const sameName = known.find((k) => k.family.toLowerCase() === model.toLowerCase());
  return sameName?.family ?? model;
}

/**
 * A guide for `gpus` GPUs: every command runs tensor parallel over all of them, as `check`
 * requires of at least one (src/lib/compute/gpu-count.ts). `family` as familyFor gives it.
 */
export function guideTemplate(
  model: string,
  hardware: string,
  objective: Objective,
  gpus: number,
  family: string = model,
): string {
  const title = TITLES[objective];
  const vllmTp = `--tensor-parallel-size=${gpus}`;
  const sglangTp = `--tp-size=${gpus}`;
  const tuned = `--${FILL_IN.toLowerCase()}=value`;
  return `# ${model} on ${hardware}, tuned for ${objective}. Every key is described in src/lib/schema/guide-yaml.ts;
# content/guides/glm-5.2/h200/guide.yaml is a complete example. \`npm run check\` lists what is left.
title:
  en: ${model} ${title.en} on ${hardware}
  zh: ${hardware} 上的 ${model} ${title.zh}
model:
  name: ${FILL_IN}/${model}      # the model id as served (what --model / --model-path receives)
  family: ${/^[A-Za-z0-9][A-Za-z0-9._ -]*$/.test(family) ? family : JSON.stringify(family)}         # the index's row: one spelling for every guide of this model
hardware:
  name: ${FILL_IN} ${hardware}   # e.g. NVIDIA H200: guides with the same name share an index column
  gpus: ${gpus}                   # how many GPUs the machine has; each command below runs on all of them
  label: ${FILL_IN} ${hardware}x${gpus}
objective: ${objective}
${METRICS[objective]}
engines:
  - { id: vllm, name: vLLM, version: ${FILL_IN} }     # the version the results were measured with
  - { id: sglang, name: SGLang, version: ${FILL_IN} }
# measuredOn: 2026-01-31   # the date of the last benchmark run (the page shows it; update it with new results)
# The workloads the runs were measured with. \`npm run plan\` runs each one with benchmarkTool
# (vllm-bench-serve, sglang-bench-serving or guidellm); a step or case may give its exact command instead (benchmark:).
benchmarkTool: vllm-bench-serve
profiles:
  - id: main
    name: Main
    label: { en: ${FILL_IN} main workload, zh: ${FILL_IN} 主要负载 }
    config: { dataset_name: Random, dataset_input_tokens: 1024, dataset_output_tokens: 128, dataset_seed: 42, request_rate: inf, total_requests: 1000 }
  - id: second-workload
    name: Second workload
    label: { en: ${FILL_IN} second workload, zh: ${FILL_IN} 第二种负载 }
    config: { dataset_name: Random, dataset_input_tokens: 8192, dataset_output_tokens: 1024, dataset_seed: 42, request_rate: inf, total_requests: 1000 }
baseline: { step: engine, variant: vllm }
steps:
  # each result is a raw benchmark output under data/raw/${model}/${hardware}/, copied as the tool printed it
  - id: engine
    title: { en: Choose the Inference Engine, zh: 选择推理引擎 }
    summary: pairwise         # or ranking, none
    profile: main             # or benchmark: <the exact command the runs used>
    variants:
      - { id: vllm, label: vLLM, engine: vllm, args: [${vllmTp}], result: engine/vllm.txt }
      - { id: sglang, label: SGLang, engine: sglang, args: [${sglangTp}], result: engine/sglang.txt }
  - id: ${FILL_IN.toLowerCase()}-tuning   # one step per thing you tried, e.g. mem-fraction
    title: { en: ${FILL_IN} tuning step, zh: ${FILL_IN} 调优步骤 }
    summary: pairwise
    reference: previous-winner
    profile: main
    variants:
      # the first variant repeats the previous step's winner; each next one changes one thing
      - { id: before, label: ${FILL_IN} before, engine: sglang, args: [${sglangTp}], result: engine/sglang.txt }
      - { id: after, label: ${FILL_IN} after, engine: sglang, args: [${sglangTp}, ${tuned}], result: tuning/after.txt }
accuracy:
  - id: gsm8k
    after: ${FILL_IN.toLowerCase()}-tuning
    title: { en: Accuracy Check (GSM8K), zh: 准确率验证（GSM8K） }
    column: { en: Configuration, zh: 配置 }
    # samples: 200            # the run's --num-questions, when the output does not print it (SGLang's stdout does not)
    # each label names the configuration it ran: a variant of the step after (its id), baseline, or optimized (the recommended command)
    results:
      - { label: before, result: gsm8k/before.txt }
      - { label: after, result: gsm8k/after.txt }
recommended:
  engine: sglang
  command: |
    python3 -m sglang.launch_server \\
        --model-path ${FILL_IN}/${model} \\
        ${sglangTp} \\
        ${tuned}
comparison:
  cases:
    - id: main
      label: { en: ${FILL_IN} main workload (optimization target), zh: ${FILL_IN} 主要负载 (优化目标) }
      profile: main
      baseline: { args: [${vllmTp}], result: engine/vllm.txt }
      optimized: { args: [${sglangTp}, ${tuned}], result: tuning/after.txt }
    - id: second-workload
      label: { en: ${FILL_IN} second workload, zh: ${FILL_IN} 第二种负载 }
      profile: second-workload
      baseline: { result: cases/second-workload/baseline.txt }
      optimized: { args: [${sglangTp}, ${tuned}], result: cases/second-workload/optimized.txt }
optimizationSummary:
  mode: cumulative            # or step
percentDecimals: 2
`;
}

export function proseTemplate(lang: Locale, objective: Objective = 'throughput'): string {
  const title = TITLES[objective];
  return lang === 'en'
    ? `---
title: ${title.en} (${FILL_IN})
description: ${FILL_IN} one sentence on what this guide recommends.
---

<!-- slot: notes -->
1. ${FILL_IN} what the benchmarks do not cover, and what the reader should keep in mind.
`
    : `---
title: ${title.zh}（${FILL_IN}）
description: ${FILL_IN} 用一句话说明本指南的推荐配置。
---

<!-- slot: notes -->
1. ${FILL_IN} 基准测试未覆盖的内容，以及读者需要注意的事项。
`;
}

/** Every FILL-IN left in a guide's source file, as errors at the line and column it stands. */
export function scaffoldLeftovers(text: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    // Any case: the template also writes it lower-case inside ids and flags (fill-in-tuning).
    // Not inside a word: "prefill-in" is a step id, not a leftover.
    for (const match of line.matchAll(/(?<![a-z])fill-in/gi)) {
      found.push(
        errorAt(
          'E_FILL_IN',
          file,
          `${FILL_IN} left for the author (by \`npm run new\` or \`npm run import\`): ${JSON.stringify(line.trim().slice(0, 160))}`,
          {
            line: index + 1,
            column: match.index + 1,
          },
        ),
      );
    }
  }
  return found;
}
