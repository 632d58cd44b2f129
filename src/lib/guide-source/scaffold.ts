/** Templates for `npm run new`: a schema-valid guide whose results still have to be supplied. */

export function guideTemplate(model: string, hardware: string): string {
  return `# ${model} on ${hardware}. Every key is described in src/lib/schema/guide.ts;
# content/guides/glm-5.2/h200/guide.yaml is a complete example.
title:
  en: ${model} Throughput Optimization on ${hardware}
  zh: ${hardware} 上的 ${model} 吞吐量优化
model:
  name: org/${model}          # the model id as served
  family: ${model}
hardware:
  name: ${hardware}           # e.g. NVIDIA H200: guides with the same name share an index column
  gpus: 8
  label: ${hardware}x8
objective: throughput         # or latency
metrics:
  secondary: tpot.mean        # tpot_incl_ttft.mean for GPUStack-rendered blocks
engines:
  - { id: vllm, name: vLLM, version: v0.0.0 }
  - { id: sglang, name: SGLang, version: v0.0.0 }
baseline: { step: engine, variant: vllm }
steps:
  - id: engine
    title: { en: Choose the Inference Engine, zh: 选择推理引擎 }
    summary: pairwise         # or ranking, none
    variants:
      # each result is a raw file under data/raw/${model}/${hardware}/
      - { id: vllm, label: vLLM, engine: vllm, args: [--tensor-parallel-size=8], result: engine/vllm.txt }
      - { id: sglang, label: SGLang, engine: sglang, args: [--tp-size=8], result: engine/sglang.txt }
recommended:
  engine: sglang
  command: python3 -m sglang.launch_server --model-path org/${model} --tp-size=8
comparison:
  cases:
    - id: main
      label: { en: Main workload, zh: 主要负载 }
      baseline: { result: engine/vllm.txt }
      optimized: { result: engine/sglang.txt }
optimizationSummary:
  mode: cumulative            # or step
percentDecimals: 2
`;
}

export function proseTemplate(lang: 'en' | 'zh'): string {
  return lang === 'en'
    ? `---
title: Throughput optimization (fill in)
description: One sentence on what this guide recommends (fill in).
---

<!-- slot: notes -->
1. What the benchmarks do not cover, and what the reader should keep in mind.
`
    : `---
title: 吞吐量优化（待填写）
description: 用一句话说明本指南的推荐配置（待填写）。
---

<!-- slot: notes -->
1. 基准测试未覆盖的内容，以及读者需要注意的事项。
`;
}
