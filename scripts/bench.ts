// bench: build N synthetic guides (copies of glm-5.2/h200 with perturbed, self-consistent raw logs)
// in a temp folder and print what it costs: ingest blocks/s, compute, build wall time (astro build
// then pagefind, as npm run build runs them) and pages/s, peak memory of the process tree, what a
// one-file change costs, and what one guide page weighs. With Debian's mkdocs and mkdocs-material
// installed, builds the same guides as MkDocs Material markdown, interleaved.
// Usage: npm run bench -- [--guides 250] [--rounds 1] [--json FILE] [--keep] [--no-mkdocs]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { inlineScriptBytes, pageAssets, staticImports } from '../src/lib/bench/page-weight.ts';
import { budgetChecks } from '../src/lib/bench/budgets.ts';
import { describeRuns, median } from '../src/lib/bench/stats.ts';
import { copyFactor, copyGuideYaml, copyName, perturbResultText } from '../src/lib/bench/synthetic-guide.ts';
import { mkdocsConfig, mkdocsPage, type MarkdownGuide } from '../src/lib/bench/mkdocs-site.ts';
import { listFiles } from './io.ts';
import { measure, type Measured } from './bench-process.ts';
import { loadInBrowser } from './bench-browser.ts';

const projectRoot = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    guides: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '1' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // --no-mkdocs: perflab alone (a large run where the comparison is not wanted)
    mkdocs: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const guides = Number(values.guides);
const rounds = Number(values.rounds);
if (!Number.isInteger(guides) || guides < 1 || !Number.isInteger(rounds) || rounds < 1) {
  process.stderr.write(
    'usage: npm run bench -- [--guides N ≥ 1] [--rounds R ≥ 1] [--json FILE] [--keep] [--no-mkdocs]\n',
  );
  process.exit(2);
}

const SEED = 'glm-5.2/h200';
const root = mkdtempSync(join(tmpdir(), 'perflab-bench-'));
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

// 1. Synthetic guides.
const seedContent = join(projectRoot, 'content/guides', SEED);
const seedRaw = join(projectRoot, 'data/raw', SEED);
const seedYaml = readFileSync(join(seedContent, 'guide.yaml'), 'utf8');
const family = /family: (.*)/.exec(seedYaml)?.[1] ?? 'GLM-5.2';
const rawFiles = listFiles(seedRaw).map((path) => ({
  path: relative(seedRaw, path),
  text: readFileSync(path, 'utf8'),
}));
const markdownGuides: MarkdownGuide[] = [];
for (let index = 0; index < guides; index++) {
  const { slug, machine } = copyName(index);
  const content = join(root, 'content/guides', slug, machine.slug);
  mkdirSync(content, { recursive: true });
  const yaml = copyGuideYaml(seedYaml, family, index);
  writeFileSync(join(content, 'guide.yaml'), yaml);
  const prose = { en: '', zh: '' };
  for (const lang of ['en', 'zh'] as const) {
    prose[lang] = readFileSync(join(seedContent, `${lang}.md`), 'utf8');
    writeFileSync(join(content, `${lang}.md`), prose[lang]);
  }
  const raw = rawFiles.map((file) => ({ path: file.path, text: perturbResultText(file.text, copyFactor(index)) }));
  for (const file of raw) {
    const target = join(root, 'data/raw', slug, machine.slug, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  const title = /^title:\n {2}en: (.*)\n {2}zh: (.*)$/m.exec(yaml);
  markdownGuides.push({
    slug: `${slug}-${machine.slug}`,
    title: { en: title?.[1] ?? slug, zh: title?.[2] ?? slug },
    prose,
    structure: yaml,
    raw,
  });
}
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
const builds: { seconds: number; peakRssBytes: number; astroSeconds: number; pagefindSeconds: number }[] = [];
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
    peakRssBytes: Math.max(site.peakRssBytes, pagefind.peakRssBytes),
    astroSeconds: site.seconds,
    pagefindSeconds: pagefind.seconds,
  };
  builds.push(build);
  log(
    `round ${round}: astro build ${site.seconds.toFixed(1)} s + pagefind ${pagefind.seconds.toFixed(1)} s, peak ${(build.peakRssBytes / 2 ** 20).toFixed(0)} MB (astro ${(site.peakRssBytes / 2 ** 20).toFixed(0)}, pagefind ${(pagefind.peakRssBytes / 2 ** 20).toFixed(0)})`,
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

// 4. Incremental: one raw file of one guide changes; ingest and compute redo that guide only.
const first = copyName(0);
const changedRaw = join(root, 'data/raw', first.slug, first.machine.slug, 'engine/vllm.txt');
// 1.09 times the seed's numbers: outside the copies' ±8 %, so no other copy holds the new block.
writeFileSync(changedRaw, perturbResultText(readFileSync(join(seedRaw, 'engine/vllm.txt'), 'utf8'), 1.09));
const reIngest = await measure(node, [join(projectRoot, 'scripts/ingest.ts')], env, projectRoot);
const reCompute = await measure(node, [join(projectRoot, 'scripts/compute.ts')], env, projectRoot);
// Guide lines read `ingest: <model>/<hardware>: …`, with ` (unchanged)` when the cache served them.
const redone = (stderr: string, stage: string) =>
  stderr
    .split('\n')
    .filter((line) => new RegExp(`^${stage}: [^ /]+/[^ /]+: `).test(line) && !line.endsWith('(unchanged)')).length;
const incremental = {
  ingest_s: reIngest.seconds,
  compute_s: reCompute.seconds,
  guides_ingested: redone(reIngest.stderr, 'ingest'),
  guides_computed: redone(reCompute.stderr, 'compute'),
};
log(
  `one raw file changed: ingest ${incremental.ingest_s.toFixed(2)} s (${incremental.guides_ingested} guide re-ingested), compute ${incremental.compute_s.toFixed(2)} s (${incremental.guides_computed} recomputed)`,
);

// 5. What one guide page weighs.
const htmlFiles = listFiles(dist).filter((file) => file.endsWith('.html'));
const pagePath = join(dist, 'en/guides', first.slug, first.machine.slug, 'index.html');
const html = readFileSync(pagePath, 'utf8');
const assets = pageAssets(html);
const assetPath = (href: string) => join(dist, href.replace(/^\//, '').split(/[?#]/)[0] ?? '');
const cssBytes = assets.stylesheets.reduce((sum, href) => sum + statSync(assetPath(href)).size, 0);
// Scripts load what they import statically before they run: follow those, not dynamic import().
const scripts = new Set<string>();
const pending = assets.scripts.map(assetPath);
for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
  if (scripts.has(path)) continue;
  scripts.add(path);
  for (const spec of staticImports(readFileSync(path, 'utf8')))
    if (spec.startsWith('.') || spec.startsWith('/'))
      pending.push(spec.startsWith('/') ? assetPath(spec) : join(dirname(path), spec));
}
const jsBytes = [...scripts].reduce((sum, path) => sum + statSync(path).size, 0) + inlineScriptBytes(html);
const htmlBytes = Buffer.byteLength(html);

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
  compute_s: round3(compute.seconds),
  build_s: round3(buildSeconds),
  build_runs_s: builds.map((b) => round3(b.seconds)),
  full_build_s: round3(fullBuildSeconds),
  astro_build_s: round3(median(builds.map((b) => b.astroSeconds))),
  pagefind_s: round3(median(builds.map((b) => b.pagefindSeconds))),
  pages_per_s: Math.round((htmlFiles.length / buildSeconds) * 10) / 10,
  ms_per_page: Math.round((buildSeconds / htmlFiles.length) * 1000 * 10) / 10,
  peak_rss_mb: Math.round(Math.max(...[...builds, ...ingestRuns, compute].map((run) => run.peakRssBytes)) / 2 ** 20),
  page_html_bytes: htmlBytes,
  page_css_bytes: cssBytes,
  page_html_css_bytes: htmlBytes + cssBytes,
  page_js_bytes: jsBytes,
  page_requests: 1 + assets.stylesheets.length + scripts.size,
  incremental_ingest_s: round3(incremental.ingest_s),
  incremental_compute_s: round3(incremental.compute_s),
  incremental_guides_redone: Math.max(incremental.guides_ingested, incremental.guides_computed),
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: [string, string][] = [
  ['guides / pages', `${guides} / ${htmlFiles.length}`],
  [
    'ingest',
    `${blocks} blocks in ${ingestRunsText} = ${figures.ingest_blocks_per_s} blocks/s; cp -r of its output ${diskFloor.seconds.toFixed(2)} s`,
  ],
  ['compute', `${compute.seconds.toFixed(2)} s`],
  [
    'build (astro + pagefind)',
    `${describeRuns(
      builds.map((b) => b.seconds),
      's',
    )} = ${figures.pages_per_s} pages/s (${figures.ms_per_page} ms/page); astro ${figures.astro_build_s.toFixed(1)} s, pagefind ${figures.pagefind_s.toFixed(1)} s`,
  ],
  ['peak memory (process tree)', `${figures.peak_rss_mb} MB`],
  [
    'one raw file changed',
    `ingest ${incremental.ingest_s.toFixed(2)} s + compute ${incremental.compute_s.toFixed(2)} s, ${figures.incremental_guides_redone} of ${guides} guide(s) redone`,
  ],
  [
    'guide page',
    `${kb(htmlBytes)} HTML + ${kb(cssBytes)} CSS = ${kb(htmlBytes + cssBytes)}; ${kb(jsBytes)} JS in scripts it loads; ${figures.page_requests} requests`,
  ],
  ...(browserLoad
    ? ([
        [
          'in Chromium, untouched',
          `${kb(browserLoad.js)} JS, ${kb(browserLoad.html + browserLoad.css + browserLoad.js + browserLoad.other)} in ${browserLoad.requests} requests once idle`,
        ],
      ] as [string, string][])
    : []),
  ...(mkdocsAvailable
    ? ([
        ['mkdocs build', describeRuns(mkdocsBuilds, 's')],
        [
          'perflab / mkdocs',
          `${figures.ratio_vs_mkdocs}× for npm run build (${fullBuildSeconds.toFixed(1)} s), ${figures.site_ratio_vs_mkdocs}× for the site build alone`,
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
if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...figures, budgets }, null, 2)}\n`);

if (values.keep) log(`kept ${root}`);
else rmSync(root, { recursive: true, force: true });
