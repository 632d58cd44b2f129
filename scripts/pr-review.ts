// pr-review: the review report of a pull request, computed by this checkout's perflab (the
// default branch's, in the trusted comment job) from the pull request's data/ and content/ only.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommitSha } from '../src/lib/review/pr-comment.ts';
import { leftOutSection, notBuildingReport } from '../src/lib/review/pull-request-report.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { hasCommit, layPullRequestData, localChanges } from '../src/pipeline/pull-request-data.ts';

answerHelp(`usage: npm run pr-review -- <head-sha> <report.md>
Replaces this checkout's data/ and content/ with the pull request's at <head-sha> (a commit git
already has: fetch it first), keeping data/allowed-signers, then writes to <report.md> the review
report this checkout's perflab computes from them against HEAD (npm run diff -- HEAD). No code of
the pull request runs: only its regular files under data/ and content/ are read, as data.`);
function fail(message: string): never {
  process.stderr.write(`pr-review: ${message}\n`);
  process.exit(1);
}
const [sha = '', reportFile] = process.argv.slice(2);
if (!reportFile) fail('usage: npm run pr-review -- <head-sha> <report.md>');
let headSha = '';
try {
  headSha = parseCommitSha(sha);
} catch (error) {
  fail((error as Error).message);
}
if (!hasCommit(headSha)) fail(`git has no commit ${headSha}: fetch it first (git fetch origin ${headSha})`);
const changes = localChanges();
if (changes) fail(`data/ or content/ has changes of its own, which this would replace:\n${changes}`);

const { written, leftOut } = layPullRequestData(headSha);
process.stderr.write(`pr-review: ${written} files of ${headSha.slice(0, 12)} under data/ and content/\n`);
const diff = spawnSync(process.execPath, [join(import.meta.dirname, 'diff.ts'), 'HEAD'], {
  encoding: 'utf8',
  maxBuffer: 256 * 2 ** 20,
});
if (diff.status === 0) writeFileSync(reportFile, diff.stdout + leftOutSection(leftOut));
else {
  process.stderr.write(diff.stderr);
  writeFileSync(reportFile, notBuildingReport(headSha, diff.stderr.trimEnd().split('\n')) + leftOutSection(leftOut));
}
process.stderr.write(`pr-review: wrote ${reportFile}\n`);
