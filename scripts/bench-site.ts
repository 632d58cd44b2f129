// bench:site: how fast perflab builds a site (not a benchmark of an LLM server). Builds N synthetic
// guides (copies of glm-5.2/h200 with perturbed, self-consistent raw logs) in a temp folder and
// prints what it costs: ingest blocks/s, compute, build wall time (astro build then pagefind, as npm
// run build runs them) and pages/s, peak memory of the process tree, what a one-file change costs,
// and what one guide page weighs. With Debian's mkdocs and mkdocs-material installed, builds the
// same guides as MkDocs Material markdown, interleaved. `npm run bench` is the same command.
import { parseArgs } from 'node:util';
import { runBench } from '../src/bench/run.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

const usage =
  'usage: npm run bench:site -- [--guides N ≥ 1] [--rounds R ≥ 1] [--json FILE] [--against FILE] [--keep] [--no-mkdocs] [--no-breakdown]\n';
answerHelp(`${usage}The site-build benchmark: times ingest, compute and the site build (astro + pagefind) on N
synthetic guides (default 250) in a temp folder, their peak memory and one guide page's weight,
beside MkDocs Material when installed, and prints each performance budget as met or NOT MET, then
where the time goes (phase by phase, from runs of their own).
It measures perflab, not an LLM server. --keep keeps the temp site; --json FILE writes the figures;
--against FILE (a smaller run's --json) prints each figure's and phase's growth to this run;
--no-breakdown skips the phase runs.`);

const { values } = parseArgs({
  options: {
    guides: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '1' },
    json: { type: 'string' },
    against: { type: 'string' },
    breakdown: { type: 'boolean', default: true },
    keep: { type: 'boolean', default: false },
    // --no-mkdocs: perflab alone (a large run where the comparison is not wanted)
    mkdocs: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const guides = Number(values.guides);
const rounds = Number(values.rounds);
if (!Number.isInteger(guides) || guides < 1 || !Number.isInteger(rounds) || rounds < 1) {
  process.stderr.write(usage);
  process.exit(2);
}
await runBench({
  guides,
  rounds,
  json: values.json,
  against: values.against,
  keep: values.keep,
  mkdocs: values.mkdocs,
  breakdown: values.breakdown,
});
