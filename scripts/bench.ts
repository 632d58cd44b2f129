// bench: build N synthetic guides (copies of glm-5.2/h200 with perturbed, self-consistent raw logs)
// in a temp folder and print what it costs: ingest blocks/s, compute, build wall time (astro build
// then pagefind, as npm run build runs them) and pages/s, peak memory of the process tree, what a
// one-file change costs, and what one guide page weighs. With Debian's mkdocs and mkdocs-material
// installed, builds the same guides as MkDocs Material markdown, interleaved.
// Usage: npm run bench -- [--guides 250] [--rounds 1] [--json FILE] [--keep] [--no-mkdocs]
import { parseArgs } from 'node:util';
import { runBench } from '../src/bench/run.ts';

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
await runBench({ guides, rounds, json: values.json, keep: values.keep, mkdocs: values.mkdocs });
