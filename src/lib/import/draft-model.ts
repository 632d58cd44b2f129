// The draft's model as the page's serving commands name it. A page's setup often gives a bare name
// ("Qwen3-14B") where its commands serve the org/model path ("Qwen/Qwen3-14B"), or the reverse; its
// commands may serve a quantized checkpoint (Qwen/Qwen3-14B-FP8) or a local copy of the weights
// (/workspace/DeepSeek-v3.2). check holds every command to model.name and model.builds
// (E_COMMAND_MODEL), so the draft names the model as the commands serve it and declares the other
// spellings, quantized builds and local copies as builds; a command serving another model (a page's
// copy from another page) is left for the author to decide, with where it is.
import { configFlags, configWords, servedModels } from '../serving/flags.ts';
import { acceleratorsOf } from './audit/measure.ts';

export { quoteDraftCommands } from './draft-commands.ts';

/** The last path segment, lower case: `Qwen/Qwen3-14B` and `/models/qwen3-14b/` are one model. */
const modelKey = (model: string) => (model.replace(/\/+$/, '').split('/').at(-1) ?? model).toLowerCase();

/** Suffixes that name a quantization or a precision of the same weights. */
const BUILD_WORD =
  /^(fp8|fp4|nvfp4|mxfp4|int4|int8|awq|gptq|w4a16|w8a8|w4a8|w8a16|bf16|fp16|dynamic|static|quantized|\d+bit|bnb|gguf)$/;

/** Whether `served` is a quantized build of `model`: its name then `-` and build words only. */
function isBuildOf(served: string, model: string): boolean {
  const [key, base] = [modelKey(served), modelKey(model)];
  if (!key.startsWith(`${base}-`)) return false;
  return key
    .slice(base.length + 1)
    .split(/[-_]/)
    .every((word) => BUILD_WORD.test(word));
}

/** A serving configuration of the draft and where it is (`steps[0].variants[1]`, `recommended`). */
export type DraftSite = {
  where: string;
  command?: string | undefined;
  args?: readonly string[] | undefined;
  status?: unknown;
};

export type DraftModel = {
  name: string;
  builds: string[];
  /** what the author must decide about the model, each once */
  decisions: string[];
};

/**
 * `setup`: the page's model line (or what stands in for it). The name is the setup's model, spelt
 * as the commands serve it when they serve it under another path (the most used spelling); every
 * other served spelling of it, quantized build or local copy is a build.
 */
export function draftModel(setup: string, sites: readonly DraftSite[]): DraftModel {
  const served = new Map<string, { value: string; where: string[] }>();
  for (const site of sites)
    for (const { value } of servedModels(configWords(site))) {
      const entry = served.get(value.toLowerCase()) ?? { value, where: [] };
      if (!entry.where.includes(site.where)) entry.where.push(site.where);
      served.set(value.toLowerCase(), entry);
    }
  const spellings = [...served.values()]
    .filter((s) => modelKey(s.value) === modelKey(setup) && s.value.includes('/') && !s.value.startsWith('/'))
    .sort((a, b) => b.where.length - a.where.length);
  const name = setup.includes('/') ? setup : (spellings[0]?.value ?? setup);
  const builds: string[] = [];
  const others: string[] = [];
  for (const { value, where } of served.values()) {
    if (value.toLowerCase() === name.toLowerCase()) continue;
    if (modelKey(value) === modelKey(name) || isBuildOf(value, name)) builds.push(value);
    else
      others.push(
        `the command of ${where.join(', ')} serves "${value}", which is neither ${name} nor a build of it: fix the command if the page copied it from another page, or declare it under model.builds if it is these weights`,
      );
  }
  const decisions =
    builds.length > 0
      ? [
          `model.builds: ${builds.join(', ')}, served by the page's commands, taken as quantized builds or copies of ${name}. Confirm they are these weights`,
          ...others,
        ]
      : others;
  return { name, builds, decisions };
}

type Config = {
  command?: string | undefined;
  args?: readonly string[] | undefined;
  result?: unknown;
  log?: unknown;
  status?: unknown;
};
/** Every serving configuration of a draft guide, as check reads them (compute/commands.ts commandSites). */
export function draftSites(guide: {
  steps: readonly { variants: readonly Config[] }[];
  recommended: Config;
  comparison?: { cases: readonly { baseline: Config; optimized: Config }[] };
  otherCases?: Partial<Record<'baseline' | 'optimized', Config>>;
}): DraftSite[] {
  const sites: DraftSite[] = [{ where: 'recommended', ...guide.recommended }];
  guide.steps.forEach((step, i) =>
    step.variants.forEach((variant, j) => sites.push({ where: `steps[${i}].variants[${j}]`, ...variant })),
  );
  guide.comparison?.cases.forEach((c, k) => {
    sites.push({ where: `comparison.cases[${k}].baseline`, ...c.baseline });
    sites.push({ where: `comparison.cases[${k}].optimized`, ...c.optimized });
  });
  for (const side of ['baseline', 'optimized'] as const) {
    const config = guide.otherCases?.[side];
    if (config) sites.push({ where: `otherCases.${side}`, ...config });
  }
  return sites;
}

/**
 * The machine's accelerator count: the page's hardware line, or more when a command of the page
 * runs on more (TP × PP × DP), which check would refuse (E_GPU_COUNT); the audit names the page's
 * line, and the author confirms the count.
 */
export function draftAccelerators(
  stated: number,
  sites: readonly DraftSite[],
  unit: string,
): { count: number; decision?: string } {
  let top: { count: number; where: string } | undefined;
  // A run that failed or was not supported measured nothing on the machine (compute counts it out too).
  for (const site of sites.filter((s) => s.status === undefined || s.status === 'ok')) {
    const count = acceleratorsOf(configFlags(site));
    if (count > (top?.count ?? stated)) top = { count, where: site.where };
  }
  if (!top) return { count: stated };
  return {
    count: top.count,
    decision: `hardware.gpus: ${top.count}, the ${unit}s the command of ${top.where} runs on; the page's hardware line says ${stated}. Confirm the machine's size, or fix the command`,
  };
}
