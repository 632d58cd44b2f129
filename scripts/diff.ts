// diff: markdown report of what changed in the computed guides since a git ref, for a pull request.
// Usage: npm run diff -- <git-ref>   (prints to stdout)
// "After" is computed here from the working tree's raw files, guide.yaml and prose, so the report is
// never stale; "before" is what the ref committed in data/guides, data/prose and data/compare. A
// data/guides or data/prose that does not match the sources is named in the report (CI refuses to
// merge it).
import { changedPages } from '../src/lib/review/changed-pages.ts';
import { guidesDiff } from '../src/lib/review/guide-diff.ts';
import { reportDiagnostics } from '../src/pipeline/report.ts';
import {
  changedSince,
  committedCompare,
  committedGuides,
  committedProse,
  computeWorkingTree,
  isCommit,
  staleGuides,
} from '../src/pipeline/working-tree.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

const usage = 'usage: npm run diff -- <git-ref>   e.g. npm run diff -- origin/main\n';
answerHelp(`${usage}Prints, as markdown, what changed in the computed guides since the ref: the pages that changed,
each guide's numbers, winners and recommendation, new guides in full, renames, the prose that
changed and the compare pages whose selection changed. Writes nothing.`);
const ref = process.argv[2];
if (!ref || ref.startsWith('-')) {
  process.stderr.write(usage);
  process.exit(2);
}

if (!isCommit(ref)) {
  process.stderr.write(`diff: "${ref}" is not a commit in this repository (try origin/main, HEAD~1 or a commit id)\n`);
  process.exit(2);
}
const { guides: before, unreadable } = committedGuides(ref);
const { prose: proseBefore } = committedProse(ref);
const compareBefore = committedCompare(ref);

const { guides: after, prose, compare, diagnostics, acknowledged } = computeWorkingTree();
// Warnings are check's business; the diff only refuses a tree that does not build.
// exitCode, not exit(): a long report to a pipe is written out before the process ends.
if (reportDiagnostics(diagnostics.filter((d) => d.severity === 'error'))) {
  process.stderr.write('diff: the working tree does not build; fix the errors above, then run the diff again\n');
  process.exitCode = 1;
} else {
  const stale = staleGuides(after, prose);
  const pages = changedPages(changedSince(ref), before, after);
  process.stdout.write(
    guidesDiff(before, after, ref, {
      unreadable,
      stale,
      pages,
      acknowledged,
      prose: { before: proseBefore, after: prose },
      compare: { before: compareBefore, after: compare },
    }),
  );
}
