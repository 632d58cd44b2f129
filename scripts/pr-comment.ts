// pr-comment: compute the review report with this checkout's perflab from the pull request's data
// and post it as one comment on the pull request whose head the run built, updating ours if it
// exists (usage below). Why nothing of the run is trusted: src/pipeline/review-comment.ts.
import { readFileSync } from 'node:fs';
import {
  ACTIONS_BOT_LOGIN,
  parseCommitSha,
  parseConclusion,
  parseRepository,
  parseRunId,
  parseRunUrl,
  reviewComment,
} from '../src/lib/review/pr-comment.ts';
import { postReviewComment, ReviewCommentError } from '../src/pipeline/review-comment.ts';
import { fetchCommit, PullRequestReviewError, reviewPullRequest } from '../src/pipeline/pull-request-review.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run pr-comment -- [<pull-number-file>]
       npm run pr-comment -- --dry-run <report.md>   (says what it would post)
Fetches the run's head commit and posts the report this checkout's perflab computes from its data/
and content/ (npm run pr-review) as one comment on the open pull request whose head the run built,
or updates its own; a failed run gets a notice. The number file (the run's artifact) is a hint.
Reads GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL (default https://api.github.com), from the
workflow_run event PERFLAB_HEAD_SHA, PERFLAB_HEAD_REPOSITORY, PERFLAB_RUN_CONCLUSION, PERFLAB_RUN_URL
and PERFLAB_RUN_ID (its site artifact is linked), and PERFLAB_BOT_LOGIN (default github-actions[bot]).`);
const args = process.argv.slice(2);
function fail(message: string): never {
  process.stderr.write(`pr-comment: ${message}\n`);
  process.exit(1);
}
const say = (message: string) => process.stderr.write(`pr-comment: ${message}\n`);
const env = (name: string) => process.env[name] || fail(`${name} is not set`);
const parsed = <T>(parse: (text: string) => T, name: string, text: string): T => {
  try {
    return parse(text);
  } catch (error) {
    return fail(`${name}: ${(error as Error).message}`);
  }
};

if (args[0] === '--dry-run') {
  const file = args[1] ?? fail('usage: pr-comment --dry-run <report.md>');
  const { body, refused } = reviewComment({
    report: readFileSync(file, 'utf8'),
    conclusion: 'success',
    runUrl: 'https://github.com/owner/name/actions/runs/1',
    headSha: '0'.repeat(40),
  });
  if (refused) fail(`dry run: the report would be refused:\n${body}`);
  say(`dry run: would post or update one comment of ${body.length} characters`);
  process.exit(0);
}

if (args.length > 1) fail('usage: pr-comment [<pull-number-file>] (the report is computed here, never read)');
const [numberFile] = args;
const repository = env('GITHUB_REPOSITORY');
const headRepository = env('PERFLAB_HEAD_REPOSITORY');
parsed(parseRepository, 'PERFLAB_HEAD_REPOSITORY', headRepository);
const settings = {
  api: (process.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/$/, ''),
  token: env('GITHUB_TOKEN'),
  repo: parsed(parseRepository, 'GITHUB_REPOSITORY', repository),
  repository,
  headSha: parsed(parseCommitSha, 'PERFLAB_HEAD_SHA', env('PERFLAB_HEAD_SHA')),
  headRepository,
  conclusion: parsed(parseConclusion, 'PERFLAB_RUN_CONCLUSION', env('PERFLAB_RUN_CONCLUSION')),
  runUrl: parsed(parseRunUrl, 'PERFLAB_RUN_URL', env('PERFLAB_RUN_URL')),
  runId: process.env.PERFLAB_RUN_ID ? parsed(parseRunId, 'PERFLAB_RUN_ID', process.env.PERFLAB_RUN_ID) : undefined,
  botLogin: process.env.PERFLAB_BOT_LOGIN || ACTIONS_BOT_LOGIN,
};
// The default branch's report of the pull request's data at the run's head commit.
const review = (headSha: string) => (fetchCommit(headSha, settings.token), reviewPullRequest(headSha, say));
try {
  await postReviewComment(settings, review, numberFile, say);
} catch (error) {
  if (error instanceof ReviewCommentError || error instanceof PullRequestReviewError) fail(error.message);
  throw error;
}
