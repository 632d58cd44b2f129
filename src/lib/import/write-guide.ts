// A Performance Lab page as perflab sources: every result block verbatim (de-indented) under
// data/raw/<guide>/, a guide.yaml that describes the experiment, and en.md with the page's prose
// in slots. The guide.yaml is a draft for the migrating team: `npm run check` names what is left.
import { stringify } from 'yaml';
import { blockRuns, commandModel } from './audit.ts';
import type { PageCase, PageVariant, PerformanceLabPage } from './page-model.ts';

export type ImportedFiles = {
  /** path under data/raw/<guide>/ → content */
  raw: Map<string, string>;
  guideYaml: string;
  enMd: string;
};

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

/** Structural text the zh page shows; step titles outside this list stay in English. */
const ZH_TITLES: Record<string, string> = {
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
  [/tensorrt|trtllm/i, 'tensorrt-llm', 'TensorRT-LLM'],
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

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export function importPage(page: PerformanceLabPage, guideId: string, pageFile: string): ImportedFiles {
  const raw = new Map<string, string>();
  const usedSlugs = new Set<string>();
  const unique = (slug: string) => {
    let candidate = slug;
    for (let n = 2; usedSlugs.has(candidate); n++) candidate = `${slug}-${n}`;
    usedSlugs.add(candidate);
    return candidate;
  };
  const latency = /latency/i.test(page.title.value);
  const engines = page.engines.map((e) => ({
    id: engineOf(e.value.name)?.id ?? slugify(e.value.name, 'engine'),
    name: e.value.name,
    version: e.value.version,
  }));
  const engineFor = (variant: PageVariant, fallback: string) =>
    engineOf(variant.command?.value ?? '')?.id ??
    engineOf(variant.label?.value ?? '')?.id ??
    (variant.args && engineOf(variant.args.value.join(' '))?.id) ??
    fallback;

  const steps = page.steps.map((step, stepIndex) => {
    const stepSlug = unique(slugify(step.title.value, `step-${stepIndex + 1}`));
    const variantSlugs = new Set<string>();
    let previousEngine = engines[0]?.id ?? 'vllm';
    const variants = step.variants.map((variant, index) => {
      let id = slugify(variant.label?.value ?? '', `run-${index + 1}`);
      for (let n = 2; variantSlugs.has(id); n++) id = `${slugify(variant.label?.value ?? '', 'run')}-${n}`;
      variantSlugs.add(id);
      const engine = engineFor(variant, previousEngine);
      previousEngine = engine;
      // A "Benchmark result" that holds an error message instead of a result: the variant failed.
      const parses = variant.result !== undefined && blockRuns(variant.result, pageFile).length > 0;
      const looksLikeResult = /throughput|Successful requests|Accuracy/i.test(variant.result?.text ?? '');
      const failure =
        variant.result && !parses && !looksLikeResult ? variant.result.text.trim().split('\n')[0] : undefined;
      const result = parses || looksLikeResult ? `${stepSlug}/${id}.txt` : undefined;
      if (variant.result && result) raw.set(result, withNewline(variant.result.text));
      return {
        id,
        label: variant.label?.value ?? `Run ${index + 1}`,
        engine,
        ...(variant.args ? { args: variant.args.value } : {}),
        ...(variant.command ? { command: variant.command.value } : {}),
        ...(result
          ? { result }
          : failure
            ? { status: 'failed', reason: failure.slice(0, 200) }
            : { status: 'unsupported', reason: 'no benchmark result on the published page' }),
      };
    });
    const zh = ZH_TITLES[step.title.value.toLowerCase()];
    return {
      id: stepSlug,
      // A title the glossary does not know stays English on the zh page until someone translates it.
      title: { en: step.title.value, zh: zh ?? step.title.value },
      summary: step.summary ? 'pairwise' : step.ranking ? 'ranking' : 'none',
      variants,
    };
  });

  // Other benchmark cases: one labelled log per side (legacy) or one block per side per case.
  const caseFiles = page.otherCases.map((c: PageCase, index) => {
    const legacy = !c.label;
    const slug = legacy ? 'other-cases' : `cases/${slugify(c.label?.value ?? '', `case-${index + 1}`)}`;
    const ext = legacy ? 'log' : 'txt';
    const files: Partial<Record<'baseline' | 'optimized', string>> = {};
    for (const side of ['baseline', 'optimized'] as const) {
      const result = c[side].result;
      if (!result) continue;
      files[side] = `${slug}/${side}.${ext}`;
      raw.set(files[side], withNewline(result.text));
    }
    return { case: c, files };
  });

  // Conclusion rows name their runs by value: the block (and label) whose throughput or latency it prints.
  const caseRuns = caseFiles.flatMap(({ case: c, files }) =>
    (['baseline', 'optimized'] as const).flatMap((side) => {
      const result = c[side].result;
      const file = files[side];
      return result && file ? blockRuns(result, pageFile).map((run) => ({ run, file, side })) : [];
    }),
  );
  const cases = (page.comparison?.rows ?? []).flatMap((row, index) => {
    const label = (row.cells[0] ?? '').replace(/\*\*/g, '').trim();
    const pick = (cell: string, side: 'baseline' | 'optimized') => {
      const printed = /Total TPS:\s*([\d.]+)/i.exec(cell)?.[1] ?? /Mean latency:\s*([\d.]+)/i.exec(cell)?.[1];
      const found = caseRuns.find(
        (c) =>
          c.side === side &&
          printed !== undefined &&
          ((c.run.metrics['total_token_throughput']?.printed ?? '') === printed ||
            ((c.run.metrics['e2e_latency.mean']?.value ?? NaN) / 1000).toFixed(2) === printed),
      );
      if (!found) return undefined;
      return found.run.source.blockLabel ? { file: found.file, block: found.run.source.blockLabel } : found.file;
    };
    const baseline = pick(row.cells[1] ?? '', 'baseline');
    const optimized = pick(row.cells[2] ?? '', 'optimized');
    if (!baseline || !optimized) return [];
    return [
      {
        id: slugify(label, `case-${index + 1}`),
        label,
        baseline: { result: baseline },
        optimized: { result: optimized },
      },
    ];
  });

  const hardware = hardwareOf(page.hardware?.value ?? 'GPU');
  const recommendedEngine = engineOf(page.recommended?.text ?? '')?.id ?? engines[0]?.id ?? 'vllm';
  const firstStep = steps[0];
  const baselineVariant = firstStep?.variants.find((v) => v.engine === 'vllm') ?? firstStep?.variants[0];
  const legacyCases = caseFiles.find((c) => !c.case.label);
  const modelName =
    page.model?.value ?? (page.recommended ? commandModel(page.recommended.text) : undefined) ?? guideId.split('/')[0];

  const guide = {
    title: { en: page.title.value, zh: page.title.value },
    model: { name: modelName, family: guideId.split('/')[0] ?? modelName },
    hardware: {
      name: hardware.name,
      gpus: hardware.count,
      label: page.hardware?.value.replace(/\.$/, '') ?? hardware.name,
    },
    objective: latency ? 'latency' : 'throughput',
    metrics: latency
      ? { primary: 'e2e_latency.mean', secondary: 'ttft.mean' }
      : {
          secondary: caseRuns.some((c) => c.run.source.format === 'gpustack-block')
            ? 'tpot_incl_ttft.mean'
            : 'tpot.mean',
        },
    engines: engines.length > 0 ? engines : [{ id: 'vllm', name: 'vLLM' }],
    ...(page.benchmarkScript ? { benchmarkCommands: page.benchmarkScript.text } : {}),
    numberedSteps: page.steps.some((s) => s.number !== undefined),
    baseline: { step: firstStep?.id ?? 'engine', variant: baselineVariant?.id ?? 'vllm' },
    steps,
    recommended: { engine: recommendedEngine, command: page.recommended?.text ?? '' },
    comparison: { cases },
    ...(legacyCases?.files.baseline && legacyCases.files.optimized
      ? {
          otherCases: {
            layout: 'by-config',
            baseline: { log: legacyCases.files.baseline, ...commandOrArgs(legacyCases.case.baseline) },
            optimized: { log: legacyCases.files.optimized, ...commandOrArgs(legacyCases.case.optimized) },
          },
        }
      : {}),
    optimizationSummary: { mode: page.profiles.length > 0 ? 'cumulative' : 'step' },
    percentDecimals: page.profiles.length > 0 ? 2 : 1,
  };

  const header = `# Imported from ${pageFile} by \`npm run import\`. A draft: review every value,\n# then \`npm run check\` lists what does not yet validate or compute.\n`;
  return { raw, guideYaml: header + stringify(guide, { lineWidth: 0 }), enMd: proseFile(page) };
}

function commandOrArgs(variant: PageVariant) {
  if (variant.command) return { command: variant.command.value };
  if (variant.args) return { args: variant.args.value };
  return {};
}

/** en.md: title and description, the page's notes and each step's prose in their slots. */
function proseFile(page: PerformanceLabPage): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(page.title.value)}`,
    `description: ${JSON.stringify(page.objective?.value ?? page.title.value)}`,
    '---',
    '',
    '<!-- slot: notes -->',
    ...page.notes.map((n) => n.value),
    '',
  ];
  for (const step of page.steps) {
    const prose = step.prose.map((p) => p.value).filter((p) => p.trim() !== '');
    if (prose.length === 0) continue;
    lines.push(`<!-- slot: step:${slugify(step.title.value, 'step')} -->`, ...prose, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
