// pr-comment: post the review report as one pull-request comment, updating ours if it exists.
// Usage: node scripts/pr-comment.ts <report.md> <pr-number-file>     (GITHUB_TOKEN, GITHUB_REPOSITORY)
//        node scripts/pr-comment.ts --dry-run <report.md>            (prints what it would post)
// Runs in the trusted workflow_run job: the report and the number come from the untrusted job's artifact,
// so both are read as data only (the number must be digits; the report is text inside a comment).
import { existsSync, readFileSync } from 'node:fs';
import { formatDiagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { validate } from '../src/lib/diagnostics/validate.ts';
import {
  findReviewComment,
  parsePullNumber,
  parseRepository,
  reviewCommentBody,
  IssueCommentsSchema,
} from '../src/lib/review/pr-comment.ts';

const args = process.argv.slice(2);
function fail(message: string): never {
  process.stderr.write(`pr-comment: ${message}\n`);
  process.exit(1);
}

if (args[0] === '--dry-run') {
  const report = args[1] ?? fail('usage: pr-comment --dry-run <report.md>');
  const body = reviewCommentBody(readFileSync(report, 'utf8'));
  process.stderr.write(`pr-comment: dry run: would post or update one comment of ${body.length} characters\n`);
  process.exit(0);
}

const [reportFile, numberFile] = args;
if (!reportFile || !numberFile) fail('usage: pr-comment <report.md> <pr-number-file>');
const token = process.env.GITHUB_TOKEN ?? fail('GITHUB_TOKEN is not set');
const repo = parseRepository(process.env.GITHUB_REPOSITORY ?? fail('GITHUB_REPOSITORY is not set'));
const api = (process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, '');
const pull = parsePullNumber(readFileSync(numberFile, 'utf8'));
const runUrl = process.env.PERFLAB_RUN_URL;
// .ci/run writes the report last: no report means the pull request failed an earlier check.
const report = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
  : `# perflab: no review report\n\nThe pull-request job failed before it wrote the report${runUrl ? `: see ${runUrl}` : ''}.\n`;
const body = reviewCommentBody(report, runUrl);

async function call(method: string, path: string, payload?: unknown): Promise<unknown> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${token}`,
      'x-github-api-version': '2022-11-28',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  if (!response.ok) fail(`${method} ${path}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response.json();
}

const base = `/repos/${repo.owner}/${repo.name}/issues`;
let existing: number | undefined;
for (let page = 1; existing === undefined; page++) {
  const answer = validate(
    IssueCommentsSchema,
    await call('GET', `${base}/${pull}/comments?per_page=100&page=${page}`),
    {
      file: `GET ${base}/${pull}/comments (page ${page})`,
    },
  );
  if (!answer.ok) fail(`not a list of comments:\n${answer.diagnostics.map(formatDiagnostic).join('\n')}`);
  const list = answer.data;
  existing = findReviewComment(list);
  if (list.length < 100) break;
}

if (existing === undefined) await call('POST', `${base}/${pull}/comments`, { body });
else await call('PATCH', `${base}/comments/${existing}`, { body });
process.stderr.write(`pr-comment: ${existing === undefined ? 'posted' : 'updated'} the review comment on #${pull}\n`);
