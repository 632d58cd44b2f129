// The bench's verdict on each budget, from the figures it measured.
import { describe, expect, it } from 'vitest';
import { budgetChecks, type BudgetFigures } from '../../src/lib/bench/budgets.ts';

// Figures of a real run (250 guides, 2026-12-03).
const run: BudgetFigures = {
  guides: 250,
  pages: 640,
  build_s: 20.496,
  full_build_s: 24.32,
  ms_per_page: 32,
  peak_rss_mb: 934,
  ingest_blocks_per_s: 3813,
  page_html_css_bytes: 146233,
  incremental_guides_redone: 1,
  incremental_s: 2.08,
  browser_js_bytes: 0,
  ratio_vs_mkdocs: 0.45,
};
const verdicts = (figures: BudgetFigures) =>
  Object.fromEntries(budgetChecks(figures).map((check) => [check.budget.split(' ')[0], check.met]));

describe('bench budgets', () => {
  it('reads each budget against its figure', () => {
    const checks = budgetChecks(run);
    expect(checks.map((c) => c.met)).toEqual([true, true, true, false, true, true, false, true]);
    // Pages a second from all of npm run build (ingest, compute, site), as a fresh clone runs it.
    expect(checks[1]?.measured).toBe(
      '640 pages in 24.3 s, 38.0 ms a page: 500 pages 19.0 s, 2,000 pages 76.0 s at this rate',
    );
    // A run without the total (an older JSON) reads the site build alone.
    const siteOnly: BudgetFigures = { ...run };
    delete siteOnly.full_build_s;
    expect(budgetChecks(siteOnly)[1]?.measured).toMatch(/^640 pages in 20\.5 s, 32\.0 ms a page/);
    expect(checks[3]).toMatchObject({ budget: 'ingest ≥ 5,000 blocks/s', measured: '3813 blocks/s', met: false });
    // With the disk's floor measured, the verdict says what copying the output alone cost.
    expect(budgetChecks({ ...run, ingest_disk_floor_s: 0.934 })[3]?.measured).toBe(
      '3813 blocks/s (copying its output alone took 0.93 s on this disk)',
    );
  });

  it('each budget fails just past its limit', () => {
    expect(verdicts({ ...run, ratio_vs_mkdocs: 0.51 })['npm']).toBe(false);
    expect(verdicts({ ...run, ratio_vs_mkdocs: 0.5 })['npm']).toBe(true);
    expect(verdicts({ ...run, full_build_s: 25.7 })['500']).toBe(false);
    expect(verdicts({ ...run, full_build_s: 25.6 })['500']).toBe(true);
    // A smaller site than the budgets are for: no verdict on rates (start-up is most of the time).
    const small = verdicts({ ...run, guides: 20, pages: 64, full_build_s: 5.4, ingest_blocks_per_s: 1317 });
    expect([small['npm'], small['500'], small['ingest'], small['peak']]).toEqual([
      undefined,
      undefined,
      undefined,
      true,
    ]);
    expect(verdicts({ ...run, peak_rss_mb: 2048 })['peak']).toBe(false);
    expect(verdicts({ ...run, ingest_blocks_per_s: 5000 })['ingest']).toBe(true);
    expect(verdicts({ ...run, page_html_css_bytes: 150_000 })['a']).toBe(false);
    // Held against the heaviest guide page weighed, not only the first synthetic one.
    const heavy = { ...run, heaviest_page: "this repository's zh/guides/deepseek-v3.2/h200/" };
    expect(verdicts({ ...heavy, heaviest_page_html_css_bytes: 150_000 })['a']).toBe(false);
    expect(verdicts({ ...heavy, heaviest_page_html_css_bytes: 149_999 })['a']).toBe(true);
    expect(budgetChecks({ ...heavy, heaviest_page_html_css_bytes: 159_459 })[4]?.measured).toBe(
      "159459 bytes, the heaviest guide page (this repository's zh/guides/deepseek-v3.2/h200/); the first synthetic page 146233 bytes",
    );
    expect(verdicts({ ...run, browser_js_bytes: 1 })['no']).toBe(false);
    expect(verdicts({ ...run, incremental_guides_redone: 2 })['one']).toBe(false);
    expect(verdicts({ ...run, incremental_s: 0.5 })['incremental:']).toBe(true);
    expect(verdicts({ ...run, incremental_s: 0.51 })['incremental:']).toBe(false);
    expect(verdicts({ ...run, guides: 20 })['incremental:']).toBeUndefined();
    // At 1,000 guides the budget (set at 250) is met under the limit, and has no verdict over it.
    expect(verdicts({ ...run, guides: 1000, incremental_s: 0.45 })['incremental:']).toBe(true);
    expect(verdicts({ ...run, guides: 1000, incremental_s: 1.17 })['incremental:']).toBeUndefined();
    expect(verdicts({ ...run, dev_edit_s: 0.99 })['dev']).toBe(true);
    expect(verdicts({ ...run, dev_edit_s: 1 })['dev']).toBe(false);
  });

  it('holds a run against a smaller one (--against) to linear growth', () => {
    const growth = (ratio: number, page = 137_680, phase = 9) => ({
      guides: [250, 2500] as [number, number],
      figures: {
        ingest_s: { small: 1, large: ratio, ratio },
        compute_s: { small: 3, large: 3 * 9, ratio: 9 },
        page_html_css_bytes: { small: 137_680, large: page, ratio: page / 137_680 },
      },
      phases: { 'astro.sidebar': { small_cpu_ms: 100, large_cpu_ms: 100 * phase, ratio: phase } },
    });
    const linear = (figures: BudgetFigures) => budgetChecks(figures).find((c) => c.budget.startsWith('250 → 2500'));
    expect(linear({ ...run, growth: growth(10.5) })).toMatchObject({
      met: true,
      measured: 'ingest_s 10.5×, compute_s 9×; peak 934 MB; page 137680 → 137680 bytes',
    });
    expect(linear({ ...run, growth: growth(10.6) })?.met).toBe(false);
    expect(linear({ ...run, growth: growth(9, 137_681) })?.met).toBe(false);
    expect(linear({ ...run, peak_rss_mb: 2048, growth: growth(9) })?.met).toBe(false);
    // A phase past the limit is named (the stages decide the verdict).
    expect(linear({ ...run, growth: growth(9, 137_680, 12) })?.measured).toContain(
      'phases over 10.5×: astro.sidebar 12×',
    );
    expect(linear(run)).toBeUndefined();
  });

  it('leaves out what the run could not measure (no MkDocs, no browser)', () => {
    const bare: BudgetFigures = { ...run };
    delete bare.ratio_vs_mkdocs;
    delete bare.browser_js_bytes;
    expect(budgetChecks(bare)).toHaveLength(6);
  });
});
