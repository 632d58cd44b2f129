// The conclusion's benchmark cases of a draft guide and its "other benchmark cases": each table
// row is matched by value to the block (and label) that printed its throughput or latency.
import type { Run } from '../schema/run.ts';
import { blockRuns, meanLatencySeconds } from './audit/measure.ts';
import { slugify, uniqueSlugs } from './draft-names.ts';
import type { DraftFiles } from './draft-files.ts';
import type { PageCase, PageVariant, PerformanceLabPage } from './page-model.ts';

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

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export function commandOrArgs(variant: PageVariant) {
  if (variant.command) return { command: variant.command.value };
  if (variant.args) return { args: variant.args.value };
  return {};
}

export function draftCases(page: PerformanceLabPage, pageFile: string, raw: DraftFiles) {
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
  const cases: DraftCase[] = (page.comparison?.rows ?? []).flatMap((row, index) => {
    const label = (row.cells[0] ?? '').replace(/\*\*/g, '').trim();
    let profileName: string | undefined;
    const pick = (cell: string, side: Side): ResultRef | undefined => {
      const printed = /Total TPS:\s*([\d.]+)/i.exec(cell)?.[1] ?? /Mean latency:\s*([\d.]+)/i.exec(cell)?.[1];
      const found = caseRuns.find(
        (c) =>
          c.side === side &&
          printed !== undefined &&
          ((c.run.metrics['total_token_throughput']?.printed ?? '') === printed ||
            meanLatencySeconds(c.run)?.toFixed(2) === printed),
      );
      if (!found) return undefined;
      profileName ??= found.profile;
      // A log of several blocks names one by its `# label`, or by its position when it has none.
      const blocks = caseRuns.filter((c) => c.file === found.file).length;
      if (blocks === 1) return found.file;
      return { file: found.file, block: found.run.source.blockLabel ?? found.run.source.blockIndex + 1 };
    };
    const baseline = pick(row.cells[1] ?? '', 'baseline');
    const optimized = pick(row.cells[2] ?? '', 'optimized');
    if (!baseline || !optimized) return [];
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
  return { cases, otherCases, runs: caseRuns.map((c) => ({ file: c.file, run: c.run })) };
}
