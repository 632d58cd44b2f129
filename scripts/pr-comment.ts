// pr-comment: post the review report as one comment on the pull request whose head the run built,
// updating ours if it exists.
// Usage: node scripts/pr-comment.ts <report.md> [<pull-number-file>]
//          GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL (default https://api.github.com), and from
//          the workflow_run event: PERFLAB_HEAD_SHA, PERFLAB_HEAD_REPOSITORY, PERFLAB_RUN_CONCLUSION,
//          PERFLAB_RUN_URL; PERFLAB_BOT_LOGIN (default github-actions[bot]) is whose comment we update.
//        node scripts/pr-comment.ts --dry-run <report.md>            (says what it would post)
// Runs in the trusted workflow_run job. Both files come from the untrusted job's artifact and may be
// missing: the pull requests come from the API (those whose head is the run's head commit), the
// number only chooses among them, and the report is checked before it is posted.
import { existsSync, readFileSync } from 'node:fs';
import { formatDiagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { validate } from '../src/lib/diagnostics/validate.ts';
import {
  ACTIONS_BOT_LOGIN,
  IssueCommentsSchema,
  PullRequestSchema,
  PullRequestsSchema,
  findReviewComment,
  parseCommitSha,
  parseConclusion,
  parsePullNumber,
  parseRepository,
  parseRunUrl,
  pullRequestsBuiltBy,
  reviewComment,
  type PullRequest,
} from '../src/lib/review/pr-comment.ts';
import type { z } from 'zod';

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

const [reportFile, numberFile] = args;
if (!reportFile) fail('usage: pr-comment <report.md> [<pull-number-file>]');
const token = env('GITHUB_TOKEN');
const repository = env('GITHUB_REPOSITORY');
const repo = parsed(parseRepository, 'GITHUB_REPOSITORY', repository);
const api = (process.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/$/, '');
const headSha = parsed(parseCommitSha, 'PERFLAB_HEAD_SHA', env('PERFLAB_HEAD_SHA'));
const headRepository = env('PERFLAB_HEAD_REPOSITORY');
parsed(parseRepository, 'PERFLAB_HEAD_REPOSITORY', headRepository);
const conclusion = parsed(parseConclusion, 'PERFLAB_RUN_CONCLUSION', env('PERFLAB_RUN_CONCLUSION'));
const runUrl = parsed(parseRunUrl, 'PERFLAB_RUN_URL', env('PERFLAB_RUN_URL'));
const botLogin = process.env.PERFLAB_BOT_LOGIN || ACTIONS_BOT_LOGIN;

/** The artifact's number, if it is one: a hint, never a target by itself. */
function readHint(): number | undefined {
  if (!numberFile || !existsSync(numberFile)) return undefined;
  try {
    return parsePullNumber(readFileSync(numberFile, 'utf8'));
  } catch (error) {
    say(`ignoring the artifact's pull-request number: ${(error as Error).message}`);
    return undefined;
  }
}

async function call(method: string, path: string, payload?: unknown): Promise<{ status: number; json: unknown }> {
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
  const text = await response.text();
  // A GET may find nothing (a pull request gone since the run); a write must succeed.
  if (!response.ok && !(method === 'GET' && response.status === 404))
    fail(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, json: response.ok ? JSON.parse(text) : undefined };
}

async function read<S extends z.ZodType>(schema: S, path: string): Promise<z.infer<S> | undefined> {
  const { status, json } = await call('GET', path);
  if (status === 404) return undefined;
  const answer = validate(schema, json, { file: `GET ${path}` });
  if (!answer.ok) fail(`unexpected answer:\n${answer.diagnostics.map(formatDiagnostic).join('\n')}`);
  return answer.data;
}

const base = `/repos/${repo.owner}/${repo.name}`;

/** Pages of a list endpoint until a short one. */
async function readAll<S extends z.ZodType<unknown[]>>(schema: S, path: string): Promise<z.infer<S>> {
  const all: unknown[] = [];
  for (let page = 1; ; page++) {
    const list = (await read(schema, `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`)) ?? [];
    all.push(...list);
    if (list.length < 100) return all as z.infer<S>;
  }
}

// The pull requests GitHub associates with the commit, and the hinted one in case that listing
// leaves out a fork's pull request; every candidate is checked against the run.
const hint = readHint();
const candidates: PullRequest[] = [...(await readAll(PullRequestsSchema, `${base}/commits/${headSha}/pulls`))];
if (hint !== undefined) {
  const hinted = await read(PullRequestSchema, `${base}/pulls/${hint}`);
  if (hinted) candidates.push(hinted);
}
const targets = pullRequestsBuiltBy(candidates, { repository, headSha, headRepository }, hint);
if (targets.length === 0) {
  say(
    `no open pull request of ${repository} has ${headSha} from ${headRepository} as its head (closed, or pushed again since the run); nothing posted`,
  );
  process.exit(0);
}
if (hint !== undefined && !targets.some((pull) => pull.number === hint))
  say(`the artifact names #${hint}, which is not a pull request whose head this run built; ignored`);

const { body, refused } = reviewComment({
  report: existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : undefined,
  conclusion,
  runUrl,
  headSha,
});
for (const { number } of targets) {
  const existing = findReviewComment(await readAll(IssueCommentsSchema, `${base}/issues/${number}/comments`), botLogin);
  if (existing === undefined) await call('POST', `${base}/issues/${number}/comments`, { body });
  else await call('PATCH', `${base}/issues/comments/${existing}`, { body });
  say(`${existing === undefined ? 'posted' : 'updated'} the review comment on #${number}`);
}
if (refused) fail('the report holds raw HTML: posted a notice instead (see the comment)');
