// The performance budgets (issues 12 and 38), each set against what one bench run measured. A verdict to
// read, not a test: the bench prints it and exits 0 whatever it says.

/** The figures of a bench run that the budgets read (scripts/bench-site.ts writes all of them). */
export type BudgetFigures = {
  guides: number;
  pages: number;
  build_s: number;
  /** npm run build as a fresh clone runs it: ingest + compute + the site build */
  full_build_s?: number;
  ms_per_page: number;
  peak_rss_mb: number;
  ingest_blocks_per_s: number;
  /** seconds `cp -r` took to copy the data/runs ingest wrote: the disk's share, nothing parsed */
  ingest_disk_floor_s?: number;
  page_html_css_bytes: number;
  /** the heaviest guide page weighed (synthetic, or the repository's own built site) and its HTML + CSS */
  heaviest_page?: string;
  heaviest_page_html_css_bytes?: number;
  incremental_guides_redone: number;
  /** seconds of ingest and compute (one process, as npm run build runs them) after one raw file of one guide changed */
  incremental_s: number;
  /** seconds from saving a raw file to its page showing the new number under `npm run dev` */
  dev_edit_s?: number;
  browser_js_bytes?: number;
  ratio_vs_mkdocs?: number;
  /** this run against a smaller one (--against): each stage's figure as larger ÷ smaller */
  growth?: Growth;
};

/** What `--against` measured: the two sizes, and the figures' and phases' growth between them. */
export type Growth = {
  guides: [number, number];
  figures: Record<string, { small: number; large: number; ratio: number }>;
  phases: Record<string, { small_cpu_ms: number; large_cpu_ms: number; ratio: number | null }>;
};

/** Full build ≤ half of MkDocs Material's on the same pages (issue 38). */
const MKDOCS_RATIO = 0.5;
/** 250 → 2,500 guides: linear or better, with a margin for noise (issue 38). */
const LINEAR_GROWTH = 10.5;
/** The stage figures held to linear growth. */
const GROWING_STAGES = ['ingest_s', 'compute_s', 'astro_build_s', 'pagefind_s', 'full_build_s'] as const;
/** A phase of less CPU time than this grows by noise: not named as over the limit. */
const PHASE_NOISE_MS = 100;

/** `met` is undefined when the run was too small to say (a rate or ratio measured on fewer than 250 guides). */
export type BudgetCheck = { budget: string; measured: string; met: boolean | undefined };

/** 500 pages in 20 s and 2,000 in 80 s: both 40 ms a page. */
const MS_PER_PAGE = 40;
/**
 * The rates (pages and blocks a second) and the ratio to MkDocs are budgets for a site of the
 * issue's size: in a smaller run the fixed start of Node, astro and pagefind is most of the time.
 */
const RATE_MIN_GUIDES = 250;
/** A one-file change costs about one guide: ingest plus compute at 250 guides (issue 19). */
const ONE_FILE_SECONDS = 0.5;
const ONE_FILE_GUIDES = 250;

/**
 * The one-file budget is set at 250 guides. A smaller site says nothing; a larger one meets it
 * when it is under the limit (cost does not fall with size) and says nothing when it is over,
 * since listing the bigger tree is part of its time.
 */
/** Whether every stage grew at most LINEAR_GROWTH × from the smaller run, peak memory stayed under 2 GiB and no page got heavier. */
function growthCheck(figures: BudgetFigures, growth: Growth): BudgetCheck {
  const [small, large] = growth.guides;
  const factor = large / small;
  const limit = (LINEAR_GROWTH / 10) * factor;
  const stages = GROWING_STAGES.flatMap((name) => {
    const figure = growth.figures[name];
    return figure ? [{ name, ratio: figure.ratio }] : [];
  });
  const phasesOver = Object.entries(growth.phases)
    .filter(([, phase]) => phase.ratio !== null && phase.ratio > limit && phase.large_cpu_ms >= PHASE_NOISE_MS)
    .map(([name, phase]) => `${name} ${phase.ratio}×`);
  const page = growth.figures['heaviest_page_html_css_bytes'] ?? growth.figures['page_html_css_bytes'];
  const heavier = page !== undefined && page.large > page.small;
  return {
    budget: `${small} → ${large} guides linear: no stage over ${limit.toFixed(1)}× (${LINEAR_GROWTH}× for 10× the guides), peak < 2 GiB, no page heavier`,
    measured: `${stages.map((stage) => `${stage.name} ${stage.ratio}×`).join(', ')}; peak ${figures.peak_rss_mb} MB; page ${page ? `${page.small} → ${page.large} bytes` : 'not weighed'}${phasesOver.length > 0 ? `; phases over ${limit.toFixed(1)}×: ${phasesOver.join(', ')}` : ''}`,
    met: stages.length > 0 && stages.every((stage) => stage.ratio <= limit) && figures.peak_rss_mb < 2048 && !heavier,
  };
}

function oneFileVerdict(guides: number, seconds: number): boolean | undefined {
  if (guides < ONE_FILE_GUIDES) return undefined;
  if (guides === ONE_FILE_GUIDES || seconds <= ONE_FILE_SECONDS) return seconds <= ONE_FILE_SECONDS;
  return undefined;
}

export function budgetChecks(figures: BudgetFigures): BudgetCheck[] {
  // The whole of npm run build, as a fresh clone runs it, a page (the site build alone when the run has no total).
  const seconds = figures.full_build_s ?? figures.build_s;
  const msPerPage = (seconds / figures.pages) * 1000;
  const pagesIn = (pages: number) => ((msPerPage * pages) / 1000).toFixed(1);
  return [
    ...(figures.ratio_vs_mkdocs === undefined
      ? []
      : [
          {
            budget: `npm run build ≤ ${MKDOCS_RATIO}× MkDocs Material on the same pages`,
            measured: `${figures.ratio_vs_mkdocs}×`,
            met: figures.guides >= RATE_MIN_GUIDES ? figures.ratio_vs_mkdocs <= MKDOCS_RATIO : undefined,
          },
        ]),
    {
      budget: `500 pages ≤ 20 s, 2,000 pages ≤ 80 s (npm run build, ≤ ${MS_PER_PAGE} ms a page)`,
      measured: `${figures.pages} pages in ${seconds.toFixed(1)} s, ${msPerPage.toFixed(1)} ms a page: 500 pages ${pagesIn(500)} s, 2,000 pages ${pagesIn(2000)} s at this rate`,
      met: figures.guides >= RATE_MIN_GUIDES ? msPerPage <= MS_PER_PAGE : undefined,
    },
    {
      budget: 'peak memory < 2 GiB',
      measured: `${figures.peak_rss_mb} MB`,
      met: figures.peak_rss_mb < 2048,
    },
    {
      budget: 'ingest ≥ 5,000 blocks/s',
      measured: `${figures.ingest_blocks_per_s} blocks/s${
        figures.ingest_disk_floor_s === undefined
          ? ''
          : ` (copying its output alone took ${figures.ingest_disk_floor_s.toFixed(2)} s on this disk)`
      }`,
      met: figures.guides >= RATE_MIN_GUIDES ? figures.ingest_blocks_per_s >= 5000 : undefined,
    },
    {
      budget: 'a guide page < 150 KB (150,000 bytes) of HTML + CSS',
      // Every guide page: held against the heaviest one weighed, when the bench weighed them all.
      measured:
        figures.heaviest_page_html_css_bytes === undefined
          ? `${figures.page_html_css_bytes} bytes`
          : `${figures.heaviest_page_html_css_bytes} bytes, the heaviest guide page (${figures.heaviest_page ?? '?'}); the first synthetic page ${figures.page_html_css_bytes} bytes`,
      met: Math.max(figures.page_html_css_bytes, figures.heaviest_page_html_css_bytes ?? 0) < 150_000,
    },
    ...(figures.browser_js_bytes === undefined
      ? []
      : [
          {
            budget: 'no script fetched before the reader opens search',
            measured: `${figures.browser_js_bytes} bytes of JavaScript fetched by an untouched page`,
            met: figures.browser_js_bytes === 0,
          },
        ]),
    {
      budget: 'incremental: one raw file changed at 250 guides, ingest + compute ≤ 0.5 s',
      measured: `${figures.incremental_s.toFixed(2)} s at ${figures.guides} guides`,
      met: oneFileVerdict(figures.guides, figures.incremental_s),
    },
    ...(figures.dev_edit_s === undefined
      ? []
      : [
          {
            budget: 'dev server: an edit shown on its page in < 1 s',
            measured: `${figures.dev_edit_s.toFixed(2)} s at ${figures.guides} guides`,
            met: figures.dev_edit_s < 1,
          },
        ]),
    ...(figures.growth ? [growthCheck(figures, figures.growth)] : []),
    {
      budget: 'one raw file changed: that guide alone re-ingested and recomputed',
      measured: `${figures.incremental_guides_redone} guide(s) redone`,
      met: figures.incremental_guides_redone === 1,
    },
  ];
}
