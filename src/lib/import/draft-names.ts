// Names a draft guide takes from a page's words: slugs, engines, the machine, zh step titles.

export function slugify(text: string, fallback: string): string {
  const slug = text
    .toLowerCase()
    .replace(/&&|\+/g, ' ')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** Structural text the zh page shows; step titles outside this list stay in English until translated. */
export const ZH_TITLES: Readonly<Record<string, string>> = {
  'choosing the inference engine': '选择推理引擎',
  quantization: '量化',
  'parallelism strategy': '并行策略',
  parallelism: '并行策略',
  'speculative decoding': '推测解码',
  'prefix cache': '前缀缓存',
  'performance mode': '性能模式',
  'attention backends': '注意力后端',
  'attention backend': '注意力后端',
  'max num seqs': '最大并发序列数',
  'cuda graph': 'CUDA Graph',
};

const ENGINE_IDS: [RegExp, string, string][] = [
  [/vllm[- ]ascend/i, 'vllm-ascend', 'vLLM-Ascend'],
  [/mindie/i, 'mindie', 'MindIE'],
  [/tensorrt|trtllm|trt-llm/i, 'tensorrt-llm', 'TensorRT-LLM'],
  [/sglang/i, 'sglang', 'SGLang'],
  [/vllm/i, 'vllm', 'vLLM'],
];

export function engineOf(text: string): { id: string; name: string } | undefined {
  for (const [pattern, id, name] of ENGINE_IDS) if (pattern.test(text)) return { id, name };
  return undefined;
}

/** `A single NVIDIA H100 SXM GPU.`, `8 × NVIDIA H200 SXM GPUs on a single node.`, `NVIDIA H200x8`. */
export function hardwareOf(text: string): { name: string; count: number; accelerator: 'GPU' | 'NPU' } {
  const accelerator = /\bNPU/i.test(text) ? 'NPU' : 'GPU';
  const count = Number(/(\d+)\s*[×x]\s/.exec(text)?.[1] ?? /x(\d+)\b/.exec(text)?.[1] ?? 1);
  const name = text
    .replace(/^(A single|One)\s+/i, '')
    .replace(/^\d+\s*[×x]\s*/, '')
    .replace(/x\d+\b/, '')
    .replace(/\s+(SXM|PCIe)\b.*$/i, '')
    .replace(/\s+(GPUs?|NPUs?)\b.*$/i, '')
    .replace(/\.$/, '')
    .trim();
  return { name, count, accelerator };
}

/** Hands out slugs unique within one guide: "vllm", "vllm-2", …; `reserved` are never handed out as they are. */
export function uniqueSlugs(reserved: readonly string[] = []): (slug: string) => string {
  const used = new Set<string>(reserved);
  return (slug) => {
    let candidate = slug;
    for (let n = 2; used.has(candidate); n++) candidate = `${slug}-${n}`;
    used.add(candidate);
    return candidate;
  };
}
