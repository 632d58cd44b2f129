// The bench: builds N synthetic guides in a temp folder and prints what it costs (see scripts/bench-site.ts
// for what it measures). Every stage runs as its own process, as npm run build runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRuns, median } from '../lib/bench/stats.ts';
import { copyFactor, copyName, perturbResultText } from '../lib/bench/synthetic-guide.ts';
import { mkdocsConfig, mkdocsPage } from '../lib/bench/mkdocs-site.ts';
import { listFiles } from '../pipeline/fs-policy.ts';
import { loadInBrowser } from './browser.ts';
import { devEditSeconds } from './dev-edit.ts';
import { printReport } from './figures.ts';
import { guidePageWeights, pageWeight } from './page-weight.ts';
import { measure, type Measured } from './process.ts';
import { SEED, writeSyntheticSite } from './synthetic-site.ts';
import { readPhaseLines, type PhaseTotals } from '../lib/phase-times.ts';
import { breakdownLines, phaseRatios, type StageBreakdown } from '../lib/bench/breakdown.ts';
import type { Growth as BudgetGrowth } from '../lib/bench/budgets.ts';

export type BenchOptions = {
  guides: number;
  rounds: number;
  json?: string | undefined;
  keep: boolean;
  mkdocs: boolean;
  /** a smaller run's --json: each figure and phase of this run against it (250 → 2,500 guides) */
  against?: string | undefined;
  /** the runs with PERFLAB_PHASES that say where the time goes (an extra ingest, compute and build) */
  breakdown: boolean;
};

const projectRoot = join(import.meta.dirname, '../..');

export async function runBench(values: BenchOptions): Promise<void> {
  const { guides, rounds } = values;
  const root = mkdtempSync(join(tmpdir(), 'perflab-bench-'));
  const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

  const markdownGuides = writeSyntheticSite(projectRoot, root, guides);
  log(`${guides} synthetic guide(s) from ${SEED} in ${root}`);

  const env = {
    ...process.env,
    // As package.json's scripts run them: Node keeps the compiled code of perflab's modules here.
    NODE_COMPILE_CACHE: join(projectRoot, 'node_modules/.cache/node-compile'),
    PERFLAB_ROOT: root,
    PERFLAB_CACHE_DIR: join(root, '.astro-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const node = process.execPath;

  // The generated files go to disk first, so ingest is not timed paying for the generator's writes.
  spawnSync('sync');

  // 2. Ingest and compute, data cold: the code is compiled first (ingest of an empty site), as any
  // earlier run of npm run ingest or npm test on this checkout has left it.
  await measure(
    node,
    [join(projectRoot, 'scripts/ingest.ts')],
    { ...env, PERFLAB_ROOT: join(root, 'empty') },
    projectRoot,
  );
  // 1b. Where the time goes: a cold ingest, compute and (below) site build of their own, with the
  // phase clock on (PERFLAB_PHASES: src/lib/phase-times.ts), before and apart from the timed runs,
  // whose conditions stay as npm run build's. Their output is moved aside like the ingest runs'.
  const breakdowns: StageBreakdown[] = [];
  const phasesEnv = { ...env, PERFLAB_PHASES: '1' };
  const stageBreakdown = (stage: string, run: Measured): StageBreakdown => {
    const phases = readPhaseLines(run.stderr).get(stage) ?? {};
    return { stage, seconds: run.seconds, cpuSeconds: run.cpuSeconds, phases };
  };
  if (values.breakdown) {
    const ingest = await measure(node, [join(projectRoot, 'scripts/ingest.ts')], phasesEnv, projectRoot);
    const compute = await measure(node, [join(projectRoot, 'scripts/compute.ts')], phasesEnv, projectRoot);
    breakdowns.push(stageBreakdown('ingest', ingest), stageBreakdown('compute', compute));
    const aside = join(root, 'set-aside', 'breakdown');
    mkdirSync(aside, { recursive: true });
    for (const name of ['data/runs', 'data/guides', 'node_modules/.cache/perflab'])
      renameSync(join(root, name), join(aside, name.replaceAll('/', '-')));
    log(
      `breakdown runs: ingest ${ingest.seconds.toFixed(2)} s (${ingest.cpuSeconds.toFixed(2)} CPU-s), compute ${compute.seconds.toFixed(2)} s (${compute.cpuSeconds.toFixed(2)} CPU-s)`,
    );
  }

  // Ingest is timed INGEST_RUNS times, each cold (no data/runs, no cache), and the median kept: a run
  // lasts about a second, so a moment of disk contention moves one run by a third. Earlier runs'
  // output is moved aside, not deleted: deleting thousands of files loads this kind of disk for
  // seconds after. The last run's output stays for the steps below.
  const INGEST_RUNS = 3;
  const ingestRuns: Measured[] = [];
  for (let run = 1; run <= INGEST_RUNS; run++) {
    if (run > 1) {
      const aside = join(root, 'set-aside', String(run));
      mkdirSync(aside, { recursive: true });
      renameSync(join(root, 'data/runs'), join(aside, 'runs'));
      renameSync(join(root, 'node_modules/.cache/perflab'), join(aside, 'cache'));
    }
    ingestRuns.push(await measure(node, [join(projectRoot, 'scripts/ingest.ts')], env, projectRoot));
  }
  const ingestSeconds = median(ingestRuns.map((run) => run.seconds));
  // The disk's floor for that ingest: `cp -r` of the data/runs it wrote (the same files and folders,
  // nothing parsed). Right after another program deleted many files, this kind of disk (ext4 with
  // discard, in a VM) creates files several times slower, all of it kernel time: this tells a slow
  // disk from slow code.
  const diskFloor = await measure('cp', ['-r', join(root, 'data/runs'), join(root, 'disk-floor')], env, root);
  // One normalized run per result block; each guide's .sources.json beside its runs is not one.
  const blocks = listFiles(join(root, 'data/runs')).filter((path) => !path.endsWith('.sources.json')).length;
  const compute = await measure(node, [join(projectRoot, 'scripts/compute.ts')], env, projectRoot);
  const ingestRunsText = describeRuns(
    ingestRuns.map((run) => run.seconds),
    's',
    2,
  );
  log(
    `ingest ${blocks} block(s) in ${ingestRunsText} (cp -r of its output: ${diskFloor.seconds.toFixed(2)} s), compute in ${compute.seconds.toFixed(2)} s`,
  );

  // 3. astro build (and mkdocs, interleaved), `rounds` times.
  const mkdocsDir = join(root, 'mkdocs');
  const mkdocsAvailable = values.mkdocs && mkdocsMaterialBuilds(join(root, 'mkdocs-probe'));
  if (mkdocsAvailable) {
    for (const guide of markdownGuides)
      for (const lang of ['en', 'zh'] as const) {
        mkdirSync(join(mkdocsDir, 'docs', lang), { recursive: true });
        writeFileSync(join(mkdocsDir, 'docs', lang, `${guide.slug}.md`), mkdocsPage(guide, lang));
      }
    writeFileSync(join(mkdocsDir, 'docs/index.md'), '# perflab bench\n');
    writeFileSync(join(mkdocsDir, 'mkdocs.yml'), mkdocsConfig(markdownGuides));
  } else if (values.mkdocs)
    log('mkdocs or mkdocs-material not installed: no comparison (apt-get install mkdocs mkdocs-material)');

  const dist = join(root, 'dist');
  if (values.breakdown) {
    const site = await measure(
      node,
      [join(projectRoot, 'scripts/site-build.ts'), '--outDir', dist],
      phasesEnv,
      projectRoot,
    );
    breakdowns.push(stageBreakdown('astro', site));
    log(`breakdown run: astro build ${site.seconds.toFixed(1)} s (${site.cpuSeconds.toFixed(1)} CPU-s)`);
  }
  const builds: {
    seconds: number;
    cpuSeconds: number;
    peakRssBytes: number;
    astroSeconds: number;
    astroCpuSeconds: number;
    pagefindSeconds: number;
    pagefindCpuSeconds: number;
  }[] = [];
  const mkdocsBuilds: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Every round is a fresh clone's build: no output and no content-layer cache from the last one.
    rmSync(dist, { recursive: true, force: true });
    rmSync(env.PERFLAB_CACHE_DIR, { recursive: true, force: true });
    // What `npm run build` runs after ingest and compute: astro build, then the search index.
    const site = await measure(node, [join(projectRoot, 'scripts/site-build.ts'), '--outDir', dist], env, projectRoot);
    const pagefind = await measure(join(projectRoot, 'node_modules/.bin/pagefind'), ['--site', dist], env, projectRoot);
    const build = {
      seconds: site.seconds + pagefind.seconds,
      cpuSeconds: site.cpuSeconds + pagefind.cpuSeconds,
      peakRssBytes: Math.max(site.peakRssBytes, pagefind.peakRssBytes),
      astroSeconds: site.seconds,
      astroCpuSeconds: site.cpuSeconds,
      pagefindSeconds: pagefind.seconds,
      pagefindCpuSeconds: pagefind.cpuSeconds,
    };
    builds.push(build);
    log(
      `round ${round}: astro build ${site.seconds.toFixed(1)} s (${site.cpuSeconds.toFixed(1)} CPU-s) + pagefind ${pagefind.seconds.toFixed(1)} s (${pagefind.cpuSeconds.toFixed(1)} CPU-s), peak ${(build.peakRssBytes / 2 ** 20).toFixed(0)} MB (astro ${(site.peakRssBytes / 2 ** 20).toFixed(0)}, pagefind ${(pagefind.peakRssBytes / 2 ** 20).toFixed(0)})`,
    );
    if (mkdocsAvailable) {
      const site = join(mkdocsDir, 'site');
      rmSync(site, { recursive: true, force: true });
      const mk = await measure(
        'mkdocs',
        ['build', '-q', '-f', join(mkdocsDir, 'mkdocs.yml'), '-d', site],
        env,
        mkdocsDir,
      );
      mkdocsBuilds.push(mk.seconds);
      log(`round ${round}: mkdocs build ${mk.seconds.toFixed(1)} s`);
    }
  }

  // 4. Incremental: one raw file of one guide changes, and what `npm run build` runs first brings
  // data/ up to date (scripts/data.ts: ingest, then compute, in one process), redoing that guide
  // only. EDITS edits in a row, the median kept: one run lasts a few tenths of a second.
  const EDITS = 3;
  const first = copyName(0);
  const seedText = readFileSync(join(projectRoot, 'data/raw', SEED, 'engine/vllm.txt'), 'utf8');
  const changedRaw = join(root, 'data/raw', first.slug, first.machine.slug, 'engine/vllm.txt');
  // Guide lines read `ingest: <model>/<hardware>: …`, with ` (unchanged)` when the cache served them.
  const redone = (stderr: string, stage: string) =>
    stderr
      .split('\n')
      .filter((line) => new RegExp(`^${stage}: [^ /]+/[^ /]+: `).test(line) && !line.endsWith('(unchanged)')).length;
  const edits: { seconds: number; cpuSeconds: number; guides_redone: number }[] = [];
  for (let edit = 0; edit <= EDITS; edit++) {
    // 1.09 times the seed's numbers and more: above every copy's factor (1.08 at most), so no other copy holds the new block.
    writeFileSync(changedRaw, perturbResultText(seedText, 1.09 + edit / 100));
    // The last edit is the breakdown's, timed apart from the EDITS the figure is taken from.
    const phased = edit === EDITS;
    if (phased && !values.breakdown) break;
    const data = await measure(node, [join(projectRoot, 'scripts/data.ts')], phased ? phasesEnv : env, projectRoot);
    if (phased) {
      const stages = readPhaseLines(data.stderr);
      breakdowns.push({
        stage: 'one-file edit (npm run data)',
        seconds: data.seconds,
        cpuSeconds: data.cpuSeconds,
        // One stage name for the pair: the ingest and compute phases of the one process.
        phases: Object.fromEntries(
          ['ingest', 'compute'].flatMap((stage) =>
            Object.entries(stages.get(stage) ?? {}).map(([phase, entry]) => [
              `one-file edit (npm run data).${phase}`,
              entry,
            ]),
          ),
        ) as PhaseTotals,
      });
      continue;
    }
    edits.push({
      seconds: data.seconds,
      cpuSeconds: data.cpuSeconds,
      guides_redone: Math.max(redone(data.stderr, 'ingest'), redone(data.stderr, 'compute')),
    });
  }
  const incremental = {
    seconds: median(edits.map((edit) => edit.seconds)),
    runs: edits.map((edit) => edit.seconds),
    guides_redone: Math.max(...edits.map((edit) => edit.guides_redone)),
  };
  log(
    `one raw file changed: ingest + compute ${describeRuns(incremental.runs, 's', 2)} (${incremental.guides_redone} guide redone)`,
  );

  // 4b. The dev server: a writer saves a raw file and waits for the page.
  const second = copyName(1);
  const devEdit = await devEditSeconds({
    projectRoot,
    env,
    pagePath: `/en/guides/${second.slug}/${second.machine.slug}/`,
    rawFile: join(root, 'data/raw', second.slug, second.machine.slug, 'engine/vllm.txt'),
    // Copy 1's numbers brought to 1.125 times the seed's: above every copy's factor, as the edits above.
    factor: 1.125 / copyFactor(1),
  });
  log(
    devEdit === undefined
      ? 'dev server: the edit was not shown within a minute'
      : `dev server: an edited raw file shown on its page ${devEdit.toFixed(2)} s after saving`,
  );

  // 5. What one guide page weighs.
  const htmlFiles = listFiles(dist).filter((file) => file.endsWith('.html'));
  const weight = pageWeight(dist, join(dist, 'en/guides', first.slug, first.machine.slug, 'index.html'));
  const { htmlBytes, cssBytes, jsBytes } = weight;
  // The budget holds for every guide page: the heaviest synthetic page, and the heaviest page of
  // the repository's own site when it has been built (npm run build), whichever weighs more.
  const synthetic = guidePageWeights(dist)[0];
  const own = guidePageWeights(join(projectRoot, 'dist'))[0];
  const heaviest = [
    ...(synthetic ? [{ ...synthetic, page: `synthetic ${synthetic.page}` }] : []),
    ...(own ? [{ ...own, page: `this repository's ${own.page}` }] : []),
  ].sort((a, b) => b.htmlCssBytes - a.htmlCssBytes)[0];

  const browserLoad = await loadInBrowser(dist, `/en/guides/${first.slug}/${first.machine.slug}/`);
  if (!browserLoad) log('no /usr/bin/chromium (npm run setup:browser): page weight from the HTML alone');

  const buildSeconds = median(builds.map((b) => b.seconds));
  const fullBuildSeconds = ingestSeconds + compute.seconds + buildSeconds;
  const figures = {
    guides,
    pages: htmlFiles.length,
    rounds,
    ingest_blocks: blocks,
    ingest_s: round3(ingestSeconds),
    ingest_runs_s: ingestRuns.map((run) => round3(run.seconds)),
    // cp -r of data/runs: what creating ingest's files alone costs on this disk at that moment
    ingest_disk_floor_s: round3(diskFloor.seconds),
    ingest_blocks_per_s: Math.round(blocks / ingestSeconds),
    ingest_cpu_s: round3(median(ingestRuns.map((run) => run.cpuSeconds))),
    compute_s: round3(compute.seconds),
    compute_cpu_s: round3(compute.cpuSeconds),
    build_s: round3(buildSeconds),
    build_runs_s: builds.map((b) => round3(b.seconds)),
    full_build_s: round3(fullBuildSeconds),
    astro_build_s: round3(median(builds.map((b) => b.astroSeconds))),
    astro_build_cpu_s: round3(median(builds.map((b) => b.astroCpuSeconds))),
    pagefind_s: round3(median(builds.map((b) => b.pagefindSeconds))),
    pagefind_cpu_s: round3(median(builds.map((b) => b.pagefindCpuSeconds))),
    pages_per_s: Math.round((htmlFiles.length / buildSeconds) * 10) / 10,
    ms_per_page: Math.round((buildSeconds / htmlFiles.length) * 1000 * 10) / 10,
    peak_rss_mb: Math.round(Math.max(...[...builds, ...ingestRuns, compute].map((run) => run.peakRssBytes)) / 2 ** 20),
    page_html_bytes: htmlBytes,
    page_css_bytes: cssBytes,
    page_html_css_bytes: htmlBytes + cssBytes,
    ...(heaviest ? { heaviest_page: heaviest.page, heaviest_page_html_css_bytes: heaviest.htmlCssBytes } : {}),
    page_js_bytes: jsBytes,
    page_requests: weight.requests,
    incremental_s: round3(incremental.seconds),
    incremental_cpu_s: round3(median(edits.map((edit) => edit.cpuSeconds))),
    incremental_runs_s: incremental.runs.map(round3),
    incremental_guides_redone: incremental.guides_redone,
    ...(devEdit === undefined ? {} : { dev_edit_s: round3(devEdit) }),
    ...(browserLoad
      ? {
          browser_js_bytes: browserLoad.js,
          browser_requests: browserLoad.requests,
          browser_total_bytes: browserLoad.html + browserLoad.css + browserLoad.js + browserLoad.other,
        }
      : {}),
    ...(mkdocsAvailable
      ? {
          mkdocs_build_s: round3(median(mkdocsBuilds)),
          // All of `npm run build` on a fresh clone (ingest + compute + site) against mkdocs build,
          // and the site build alone (the numbers MkDocs is given are typed into its pages).
          ratio_vs_mkdocs: Math.round((fullBuildSeconds / median(mkdocsBuilds)) * 100) / 100,
          site_ratio_vs_mkdocs: Math.round((buildSeconds / median(mkdocsBuilds)) * 100) / 100,
        }
      : {}),
  };
  const breakdown = Object.fromEntries(
    breakdowns.map(({ stage, seconds, cpuSeconds, phases }) => [
      stage,
      { seconds: round3(seconds), cpu_seconds: round3(cpuSeconds), phases },
    ]),
  );
  const grown = values.against ? growthFrom(values.against, figures, breakdowns) : undefined;
  const growth = grown?.growth;
  const budgets = printReport({
    figures: { ...figures, ...(growth ? { growth } : {}) },
    guides,
    rounds,
    pages: htmlFiles.length,
    blocks,
    ingestRunsText,
    diskFloorSeconds: diskFloor.seconds,
    computeSeconds: compute.seconds,
    buildRuns: builds.map((b) => b.seconds),
    incremental,
    page: weight,
    browserLoad,
    mkdocsBuilds: mkdocsAvailable ? mkdocsBuilds : undefined,
    fullBuildSeconds,
  });
  printBreakdown(breakdowns);
  for (const line of grown?.lines ?? []) process.stdout.write(`${line}\n`);
  if (values.json)
    writeFileSync(
      values.json,
      `${JSON.stringify({ ...figures, budgets, breakdown, ...(growth ? { growth } : {}) }, null, 2)}\n`,
    );

  if (values.keep) log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
}

/** Where the time went, stage by stage (the breakdown runs'). */
function printBreakdown(breakdowns: readonly StageBreakdown[]): void {
  if (breakdowns.length === 0) return;
  process.stdout.write(
    "where the time goes (runs of their own with PERFLAB_PHASES; CPU-ms are each thread's own, summed over threads, a share of the stage's processes; wall is summed over calls, which overlap across threads and, for pages, four at a time)\n",
  );
  for (const breakdown of breakdowns) for (const line of breakdownLines(breakdown)) process.stdout.write(`  ${line}\n`);
}

/** The figures this run shares with a smaller run's JSON (`--against`), as larger ÷ smaller. */
const GROWTH_FIGURES = [
  'ingest_s',
  'ingest_cpu_s',
  'compute_s',
  'compute_cpu_s',
  'astro_build_s',
  'astro_build_cpu_s',
  'pagefind_s',
  'pagefind_cpu_s',
  'build_s',
  'full_build_s',
  'incremental_s',
  'incremental_cpu_s',
  'peak_rss_mb',
  'page_html_css_bytes',
  'heaviest_page_html_css_bytes',
] as const;

type Growth = BudgetGrowth & { against: string };

/** Each figure's and each phase's growth from the run in `file`, and the lines that print it. */
function growthFrom(
  file: string,
  figures: Record<string, unknown>,
  breakdowns: readonly StageBreakdown[],
): { growth: Growth; lines: string[] } {
  const lines: string[] = [];
  const small = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {
    breakdown?: Record<string, { phases: PhaseTotals }>;
  };
  const growth: Growth = {
    against: file,
    guides: [Number(small['guides']), Number(figures['guides'])],
    figures: {},
    phases: {},
  };
  const factor = growth.guides[1] / growth.guides[0];
  lines.push(
    `growth from ${growth.guides[0]} to ${growth.guides[1]} guides (${factor.toFixed(1)}× the guides; ${file})`,
  );
  for (const name of GROWTH_FIGURES) {
    const before = small[name];
    const after = figures[name];
    if (typeof before !== 'number' || typeof after !== 'number' || before <= 0) continue;
    const ratio = after / before;
    growth.figures[name] = { small: before, large: after, ratio: Math.round(ratio * 100) / 100 };
    lines.push(
      `  ${name.padEnd(30)} ${String(before).padStart(10)} → ${String(after).padStart(10)}  ${ratio.toFixed(2)}×`,
    );
  }
  for (const { stage, phases } of breakdowns) {
    const before = small.breakdown?.[stage]?.phases;
    if (!before) continue;
    for (const { phase, smallMs, largeMs, ratio } of phaseRatios(before, phases)) {
      growth.phases[phase] = {
        small_cpu_ms: Math.round(smallMs),
        large_cpu_ms: Math.round(largeMs),
        ratio: ratio === undefined ? null : Math.round(ratio * 100) / 100,
      };
      // A phase of a few milliseconds grows by noise: its ratio says nothing.
      if (largeMs < 50 && smallMs < 50) continue;
      lines.push(
        `  ${phase.padEnd(60)} ${Math.round(smallMs).toLocaleString('en-US').padStart(8)} → ${Math.round(largeMs).toLocaleString('en-US').padStart(9)} CPU-ms  ${ratio === undefined ? 'new' : `${ratio.toFixed(2)}×`}`,
      );
    }
  }
  return { growth, lines };
}

/**
 * Whether `mkdocs` on PATH builds a page with the Material theme. Debian installs the theme as
 * files under /usr/share/mkdocs, not as a Python module of whatever `python3` is first on PATH,
 * so ask mkdocs itself.
 */
function mkdocsMaterialBuilds(dir: string): boolean {
  mkdirSync(join(dir, 'docs'), { recursive: true });
  writeFileSync(join(dir, 'docs/index.md'), '# probe\n');
  writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: probe\ntheme:\n  name: material\n');
  const probe = spawnSync('mkdocs', ['build', '-q', '-f', join(dir, 'mkdocs.yml'), '-d', join(dir, 'site')], {
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  return probe.status === 0;
}

function round3(value: number) {
  return Math.round(value * 1000) / 1000;
}
