import { argsView, commandView, type CommandView } from './command-view.ts';
import { sweepView, type SweepView } from './sweep-view.ts';
import type { RawResult, ViewContext } from './view-context.ts';
import { rawEnvironment } from './environment-view.ts';
import { rawLayout } from './raw-text.ts';

export type OtherCaseEntry = {
  kind: 'baseline' | 'optimized';
  /** "Baseline Backend Parameters:" or "Baseline serving script" */
  configLabel: string;
  /** backend parameters or serving command, as printed; absent when the source did not record them (N/A) */
  config?: CommandView;
  notAvailable: string;
  resultLabel: string;
  result: RawResult;
};

export type OtherCasesView = {
  heading: string;
  introHtml?: string;
  groups: { id: string; heading?: string; benchmark?: { label: string; command: string }; entries: OtherCaseEntry[] }[];
  /** when the cases are one workload at several rates or concurrency caps: throughput against latency */
  sweep?: SweepView;
};

type Config = { args?: string[] | undefined; command?: string | undefined };

/** "Other benchmark cases": per case, or per configuration with one log of all its cases. */
export function otherCasesView(ctx: ViewContext): OtherCasesView {
  const { guide, lang, tr } = ctx;
  const intro = ctx.slot('other-cases');
  const entry = (kind: 'baseline' | 'optimized', config: Config, result: RawResult): OtherCaseEntry => {
    // As the steps print them: re-quoted from their words, so what is copied is what was measured.
    const shown = config.command
      ? commandView(config.command)
      : config.args?.length
        ? argsView(config.args)
        : undefined;
    return {
      kind,
      configLabel: tr(`otherCases.${kind}${config.command ? 'Command' : 'Args'}`),
      ...(shown ? { config: shown } : {}),
      notAvailable: tr('otherCases.notAvailable'),
      resultLabel: tr(`otherCases.${kind}Result`),
      result,
    };
  };
  const groups: OtherCasesView['groups'] =
    guide.otherCases.layout === 'by-config'
      ? [
          {
            id: 'configs',
            entries: [
              entry('baseline', guide.otherCases.baseline, logResult(ctx, guide.otherCases.baseline.runIds)),
              entry('optimized', guide.otherCases.optimized, logResult(ctx, guide.otherCases.optimized.runIds)),
            ],
          },
        ]
      : guide.comparison.map((c) => ({
          id: c.id,
          heading: c.label[lang],
          ...(c.benchmark ? { benchmark: { label: tr('step.benchmark'), command: c.benchmark } } : {}),
          entries: [
            entry('baseline', c.baseline, ctx.raw(c.baseline.measured.runId)),
            entry('optimized', c.optimized, ctx.raw(c.optimized.measured.runId)),
          ],
        }));
  const sweep = sweepView(ctx);
  return {
    heading: tr('otherCases.heading'),
    ...(intro ? { introHtml: intro } : {}),
    ...(sweep ? { sweep } : {}),
    groups,
  };
}

/** A whole log as its blocks, each after its `# label` line, as the tool's caller wrote it. */
function logResult(ctx: ViewContext, runIds: readonly string[]): RawResult {
  const blocks = runIds.map((id) => ({ ...ctx.raw(id), label: ctx.guide.runs[id]?.blockLabel ?? null }));
  const texts = blocks.map((b) => (b.label ? `# ${b.label}\n${b.text}` : b.text));
  const text = texts.join('\n\n');
  const file = blocks[0]?.file ?? '';
  const startLine = Math.min(...blocks.map((b) => b.startLine));
  const endLine = Math.max(...blocks.map((b) => b.endLine));
  // Where each block's own lines start in the joined text: after the texts before it, a blank line
  // between two, and its label line.
  let index = 0;
  const starts = blocks.map((b, i) => {
    const start = { index: index + (b.label ? 1 : 0), line: b.startLine, lines: b.endLine - b.startLine + 1 };
    index += (texts[i] ?? '').split('\n').length + 1;
    return start;
  });
  return {
    text,
    file,
    startLine,
    endLine,
    source: ctx.tr('raw.source', { file, start: startLine, end: endLine }),
    layout: rawLayout(text),
    blocks: starts,
    environments: runIds.flatMap((id) => {
      const run = ctx.guide.runs[id];
      return run?.recorded ? [rawEnvironment(run.recorded, ctx.tr, run.blockLabel)] : [];
    }),
  };
}
