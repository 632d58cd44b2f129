// pr-review: the review report of a pull request, computed by this checkout's perflab (the
// default branch's, in the trusted comment job) from the pull request's data/ and content/ only.
import { writeFileSync } from 'node:fs';
import { parseCommitSha } from '../src/lib/review/pr-comment.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { PullRequestReviewError, reviewPullRequest } from '../src/pipeline/pull-request-review.ts';

answerHelp(`usage: npm run pr-review -- <head-sha> <report.md>
Replaces this checkout's data/ and content/ with the pull request's at <head-sha> (a commit git
already has: fetch it first), keeping data/allowed-signers, then writes to <report.md> the review
report this checkout's perflab computes from them against HEAD (npm run diff -- HEAD). No code of
the pull request runs: only its regular files under data/ and content/ are read, as data.
npm run pr-comment computes the same report itself before it posts it.`);
function fail(message: string): never {
  process.stderr.write(`pr-review: ${message}\n`);
  process.exit(1);
}
const say = (line: string) => process.stderr.write(`pr-review: ${line}\n`);
const [sha = '', reportFile] = process.argv.slice(2);
if (!reportFile) fail('usage: npm run pr-review -- <head-sha> <report.md>');
let headSha = '';
try {
  headSha = parseCommitSha(sha);
} catch (error) {
  fail((error as Error).message);
}
try {
  writeFileSync(reportFile, reviewPullRequest(headSha, say));
} catch (error) {
  if (error instanceof PullRequestReviewError) fail(error.message);
  throw error;
}
say(`wrote ${reportFile}`);
