// The steps of a draft guide: one per "### step" of the page, one variant per result block. A
// result admonition that holds several `# label` blocks (one serving script tried with several
// values) becomes one variant per block.
import type { Run } from '../schema/run.ts';
import type { SummaryKind, VariantStatus } from '../schema/vocabulary.ts';
import { looksLikeResult } from './audit/unread.ts';
import { blockRuns } from './audit/measure.ts';
import { engineOf, slugify, uniqueSlugs, ZH_TITLES } from './draft-names.ts';
import type { PageStep, PageVariant, PerformanceLabPage } from './page-model.ts';
import type { DraftFiles } from './draft-files.ts';

/** Folders of data/raw/<guide>/ that hold the comparison cases' files (draft-cases.ts), never a step's. */
export const CASE_FOLDERS = ['cases', 'other-cases'] as const;

export type DraftVariant = {
  id: string;
  label?: string;
  engine: string;
  args?: string[];
  command?: string;
  status?: Exclude<VariantStatus, 'ok'>;
  reason?: string;
  result?: string | { file: string; block: string | number };
};

export type DraftStep = {
  id: string;
  title: { en: string; zh: string };
  summary: SummaryKind;
  variants: DraftVariant[];
  /** named only when the step's best runs tie (draft-ties.ts) */
  winner?: { variant: string; reason: { en: string; zh: string } };
};

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The page's engine a label or command names: "vLLM" on an Ascend page is its vLLM-Ascend. */
function engineIn(engines: readonly { id: string }[], text: string): string | undefined {
  const found = engineOf(text)?.id;
  if (!found) return undefined;
  return engines.find((e) => e.id === found)?.id ?? engines.find((e) => e.id.startsWith(found))?.id ?? found;
}

/** The steps, the runs of each raw file written, and the file each page variant's block went to. */
export function draftSteps(
  page: PerformanceLabPage,
  engines: readonly { id: string }[],
  pageFile: string,
  raw: DraftFiles,
): { steps: DraftStep[]; runs: Map<string, Run[]>; files: Map<PageVariant, string> } {
  const unique = uniqueSlugs(CASE_FOLDERS);
  const runs = new Map<string, Run[]>();
  const files = new Map<PageVariant, string>();
  const steps = page.steps.map((step, stepIndex) => {
    const id = unique(slugify(step.title.value, `step-${stepIndex + 1}`));
    const variants = draftVariants(step, id, engines, pageFile, raw, runs, files);
    return {
      id,
      // A title the glossary does not know stays English on the zh page until someone translates it.
      title: { en: step.title.value, zh: ZH_TITLES[step.title.value.toLowerCase()] ?? step.title.value },
      summary: (step.summary && variants.length > 1
        ? 'pairwise'
        : step.ranking
          ? 'ranking'
          : 'none') as DraftStep['summary'],
      variants,
    };
  });
  return { steps, runs, files };
}

function draftVariants(
  step: PageStep,
  stepId: string,
  engines: readonly { id: string }[],
  pageFile: string,
  raw: DraftFiles,
  runs: Map<string, Run[]>,
  files: Map<PageVariant, string>,
): DraftVariant[] {
  const unique = uniqueSlugs();
  let previousEngine = engines[0]?.id ?? 'vllm';
  const single = step.variants.length === 1;
  return step.variants.flatMap((variant: PageVariant, index): DraftVariant[] => {
    const engine =
      engineIn(engines, variant.command?.value ?? '') ??
      engineIn(engines, variant.label?.value ?? '') ??
      (variant.args && engineIn(engines, variant.args.value.join(' '))) ??
      previousEngine;
    previousEngine = engine;
    const config = {
      ...(variant.args ? { args: variant.args.value } : {}),
      ...(variant.command ? { command: variant.command.value } : {}),
    };
    const blocks = variant.result ? blockRuns(variant.result, pageFile) : [];
    const slug = unique(slugify(variant.label?.value ?? '', single ? 'run' : `run-${index + 1}`));
    if (!variant.result || blocks.length === 0) {
      // A "Benchmark result" that holds an error message instead of a result: the variant failed.
      // One that holds results no parser reads is not a failure: its author decides (the audit names it).
      const unread = variant.result && looksLikeResult(variant.result.text);
      const message = unread
        ? `FILL-IN: the page's result block (line ${variant.result?.firstLine}) holds results perflab cannot read: copy the tool's output again, or say why the run failed`
        : variant.result?.text.trim().split('\n')[0];
      return [
        {
          id: slug,
          label: variant.label?.value ?? `Run ${index + 1}`,
          engine,
          ...config,
          ...(message
            ? { status: 'failed' as const, reason: message.slice(0, 200) }
            : { status: 'unsupported' as const, reason: 'no benchmark result on the published page' }),
        },
      ];
    }
    const file = `${stepId}/${slug}.txt`;
    raw.add(file, withNewline(variant.result.text), variant.result.line);
    runs.set(file, blocks);
    files.set(variant, file);
    if (blocks.length > 1)
      return blocks.map((block, blockIndex) => {
        const label = block.source.blockLabel ?? `${variant.label?.value ?? 'Run'} ${blockIndex + 1}`;
        return {
          id: unique(slugify(label, `run-${blockIndex + 1}`)),
          label,
          engine,
          ...config,
          result: { file, block: block.source.blockLabel ?? blockIndex + 1 },
        };
      });
    return [
      {
        id: slug,
        // The single unlabelled run of a step goes without a heading, as on the page.
        ...(variant.label ? { label: variant.label.value } : single ? {} : { label: `Run ${index + 1}` }),
        engine,
        ...config,
        result: file,
      },
    ];
  });
}
