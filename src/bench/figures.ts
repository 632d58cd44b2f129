// The bench's report: its figures as the table it prints, and the budgets read against them.
import { budgetChecks } from '../lib/bench/budgets.ts';
import { describeRuns } from '../lib/bench/stats.ts';
import type { PageLoad } from './browser.ts';

export type BenchFigures = Parameters<typeof budgetChecks>[0] & Record<string, unknown>;

export type ReportInput = {
  figures: BenchFigures;
  guides: number;
  rounds: number;
  pages: number;
  blocks: number;
  ingestRunsText: string;
  diskFloorSeconds: number;
  computeSeconds: number;
  buildRuns: number[];
  incremental: { runs: number[] };
  page: { htmlBytes: number; cssBytes: number; jsBytes: number };
  browserLoad: PageLoad | undefined;
  mkdocsBuilds: number[] | undefined;
  fullBuildSeconds: number;
};

/** Prints the figures as a table and the budgets under it; returns the budgets' verdicts. */
export function printReport(input: ReportInput): ReturnType<typeof budgetChecks> {
  const { figures, guides, rounds, blocks, browserLoad, incremental } = input;
  const { htmlBytes, cssBytes, jsBytes } = input.page;
  // KB as the budget counts them (150 KB = 150,000 bytes), not KiB.
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const rows: [string, string][] = [
    ['guides / pages', `${guides} / ${input.pages}`],
    [
      'ingest',
      `${blocks} blocks in ${input.ingestRunsText} = ${String(figures.ingest_blocks_per_s)} blocks/s; cp -r of its output ${input.diskFloorSeconds.toFixed(2)} s`,
    ],
    ['compute', `${input.computeSeconds.toFixed(2)} s`],
    [
      'build (astro + pagefind)',
      `${describeRuns(input.buildRuns, 's')} = ${String(figures.pages_per_s)} pages/s (${String(figures.ms_per_page)} ms/page); astro ${Number(figures.astro_build_s).toFixed(1)} s, pagefind ${Number(figures.pagefind_s).toFixed(1)} s`,
    ],
    ['peak memory (process tree)', `${String(figures.peak_rss_mb)} MB`],
    [
      'one raw file changed',
      `ingest + compute (npm run data) ${describeRuns(incremental.runs, 's', 2)}, ${String(figures.incremental_guides_redone)} of ${guides} guide(s) redone`,
    ],
    ...(figures.dev_edit_s === undefined
      ? []
      : ([['npm run dev, an edit shown', `${figures.dev_edit_s.toFixed(2)} s after saving`]] as [string, string][])),
    [
      'guide page',
      `${kb(htmlBytes)} HTML + ${kb(cssBytes)} CSS = ${kb(htmlBytes + cssBytes)}; ${kb(jsBytes)} JS in scripts it loads; ${String(figures.page_requests)} requests`,
    ],
    ...(browserLoad
      ? ([
          [
            'in Chromium, untouched',
            `${kb(browserLoad.js)} JS, ${kb(browserLoad.html + browserLoad.css + browserLoad.js + browserLoad.other)} in ${browserLoad.requests} requests once idle`,
          ],
        ] as [string, string][])
      : []),
    ...(input.mkdocsBuilds
      ? ([
          ['mkdocs build', describeRuns(input.mkdocsBuilds, 's')],
          [
            'perflab / mkdocs',
            `${String(figures.ratio_vs_mkdocs)}× for npm run build (${input.fullBuildSeconds.toFixed(1)} s), ${String(figures.site_ratio_vs_mkdocs)}× for the site build alone`,
          ],
        ] as [string, string][])
      : []),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`perflab bench (${new Date().toISOString().slice(0, 10)}, ${rounds} round(s))\n`);
  for (const [key, value] of rows) process.stdout.write(`  ${key.padEnd(width)}  ${value}\n`);
  // The budgets, read against this run (linear cost needs two runs: compare ms_per_page at two sizes).
  const budgets = budgetChecks(figures);
  process.stdout.write('budgets\n');
  for (const check of budgets)
    process.stdout.write(
      `  ${check.met === undefined ? 'n/a    ' : check.met ? 'met    ' : 'NOT MET'}  ${check.budget}: ${check.measured}\n`,
    );
  return budgets;
}
