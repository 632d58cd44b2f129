// The conclusion's benchmark cases of a draft guide and its "other benchmark cases": each table
// row is matched by value to the block (and label) that printed its throughput or latency, among
// the "Other benchmark cases" blocks and then the steps' results; the row of the workload the steps
// tuned falls back to the baseline run and the last adopted winner, as the audit reads it. A row
// neither finds is left out of the draft and returned (`leftOut`), for the audit to name.
import type { Run } from '../schema/run.ts';
import type { Chain } from './audit/chain.ts';
import { isTunedWorkload } from './audit/conclusion.ts';
import { blockRuns, meanLatencySeconds, printedTps, type Measured } from './audit/measure.ts';
import { slugify, uniqueSlugs } from './draft-names.ts';
import type { DraftFiles } from './draft-files.ts';
import type { PageCase, PageProblem, PageVariant, PerformanceLabPage } from './page-model.ts';

type Side = 'baseline' | 'optimized';
type ResultRef = string | { file: string; block: string | number };

export type DraftCase = {
  id: string;
  label: string;
  /** the profile the page names for the case's runs ("- Profile: `ShareGPT`") */
  profileName?: string;
  baseline: { result: ResultRef };
  optimized: { result: ResultRef };
};

/** The steps' results as the draft wrote them: measured, the adopted chain, and each run's file. */
export type StepResults = {
  runs: readonly Measured[];
  chain: Chain;
  files: ReadonlyMap<Measured['variant'], string>;
  runsOf: ReadonlyMap<string, readonly Run[]>;
};

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** A step run's result as guide.yaml names it: its file, and its block when the file holds several. */
function stepRef(m: Measured | undefined, steps: StepResults): ResultRef | undefined {
  const file = m && steps.files.get(m.variant);
  if (!m || !file) return undefined;
  if ((steps.runsOf.get(file)?.length ?? 1) === 1) return file;
  return { file, block: m.run.source.blockLabel ?? m.run.source.blockIndex + 1 };
}

const printedIn = (cell: string) =>
  /Total TPS:\s*([\d.]+)/i.exec(cell)?.[1] ?? /Mean latency:\s*([\d.]+)/i.exec(cell)?.[1];

/** Whether a run printed the value a table cell shows: its Total TPS, or its mean latency in seconds. */
const printedBy = (run: Run, printed: string | undefined) =>
  printed !== undefined && ((printedTps(run) ?? '') === printed || meanLatencySeconds(run)?.toFixed(2) === printed);

export function commandOrArgs(variant: PageVariant) {
  if (variant.command) return { command: variant.command.value };
  if (variant.args) return { args: variant.args.value };
  return {};
}

export function draftCases(page: PerformanceLabPage, pageFile: string, raw: DraftFiles, steps: StepResults) {
  // Other benchmark cases: one labelled log per side (legacy) or one block per side per case.
  const uniqueCase = uniqueSlugs();
  const caseFiles = page.otherCases.map((c: PageCase, index) => {
    const legacy = !c.label;
    const slug = legacy ? 'other-cases' : `cases/${uniqueCase(slugify(c.label?.value ?? '', `case-${index + 1}`))}`;
    const files: Partial<Record<Side, string>> = {};
    for (const side of ['baseline', 'optimized'] as const) {
      const result = c[side].result;
      if (!result) continue;
      files[side] = `${slug}/${side}.${legacy ? 'log' : 'txt'}`;
      raw.add(files[side], withNewline(result.text), result.line);
    }
    return { case: c, files };
  });
  const caseRuns = caseFiles.flatMap(({ case: c, files }) =>
    (['baseline', 'optimized'] as const).flatMap((side) => {
      const result = c[side].result;
      const file = files[side];
      const profile = c[side].profile?.value;
      return result && file
        ? blockRuns(result, pageFile).map((run: Run) => ({ run, file, side, ...(profile ? { profile } : {}) }))
        : [];
    }),
  );
  const uniqueId = uniqueSlugs();
  const leftOut: PageProblem[] = [];
  const cases: DraftCase[] = (page.comparison?.rows ?? []).flatMap((row, index) => {
    const label = (row.cells[0] ?? '').replace(/<[^<>]*>|\*\*/g, '').trim();
    let profileName: string | undefined;
    const pick = (cell: string, side: Side): ResultRef | undefined => {
      const printed = printedIn(cell);
      const found = caseRuns.find((c) => c.side === side && printedBy(c.run, printed));
      if (!found)
        return stepRef(
          steps.runs.find((m) => printedBy(m.run, printed)),
          steps,
        );
      profileName ??= found.profile;
      // A log of several blocks names one by its `# label`, or by its position when it has none.
      const blocks = caseRuns.filter((c) => c.file === found.file).length;
      if (blocks === 1) return found.file;
      return { file: found.file, block: found.run.source.blockLabel ?? found.run.source.blockIndex + 1 };
    };
    // The workload the steps tuned: a side no block prints (copied from another page) is the
    // baseline run or the last adopted winner, whose values the audit then sets against the row's.
    const tuned = isTunedWorkload(label);
    const baseline = pick(row.cells[1] ?? '', 'baseline') ?? (tuned ? stepRef(steps.chain.baseline, steps) : undefined);
    const optimized = pick(row.cells[2] ?? '', 'optimized') ?? (tuned ? stepRef(steps.chain.final, steps) : undefined);
    if (!baseline || !optimized) {
      const missing = (['baseline', 'optimized'] as const).filter((_, i) => ![baseline, optimized][i]);
      leftOut.push({
        line: row.line,
        message: `the draft has no case for the conclusion row "${label}": no block on this page prints its ${missing.join(' or its ')} value (add the case to guide.yaml with the runs that measured it, or leave the row out)`,
      });
      return [];
    }
    return [
      {
        id: uniqueId(slugify(label, `case-${index + 1}`)),
        label,
        ...(profileName ? { profileName } : {}),
        baseline: { result: baseline },
        optimized: { result: optimized },
      },
    ];
  });
  const legacy = caseFiles.find((c) => !c.case.label);
  const otherCases =
    legacy?.files.baseline && legacy.files.optimized
      ? {
          layout: 'by-config',
          baseline: { log: legacy.files.baseline, ...commandOrArgs(legacy.case.baseline) },
          optimized: { log: legacy.files.optimized, ...commandOrArgs(legacy.case.optimized) },
        }
      : undefined;
  return { cases, leftOut, otherCases, runs: caseRuns.map((c) => ({ file: c.file, run: c.run })) };
}
