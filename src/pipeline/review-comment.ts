// Posts the review report as one comment on the pull request whose head a run built, updating ours
// if it exists (scripts/pr-comment.ts reads the settings). Runs in the trusted workflow_run job: the
// number file comes from the untrusted job's artifact and may be missing, so the pull requests come
// from the API (those whose head is the run's head commit), the number only chooses among them. The
// report is the one `review` computes here, with the default branch's perflab, from the pull
// request's data (pull-request-review.ts): nothing the pull request's run wrote is posted, and the
// report is checked once more as GitHub will read it before it is.
import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validate } from '../lib/diagnostics/validate.ts';
import {
  IssueCommentsSchema,
  PullRequestSchema,
  PullRequestsSchema,
  RunArtifactsSchema,
  SITE_ARTIFACT,
  findReviewComment,
  parsePullNumber,
  pullRequestsBuiltBy,
  reviewComment,
  siteArtifactUrl,
  type PullRequest,
} from '../lib/review/pr-comment.ts';
import { appendAll } from '../lib/append-all.ts';

/** A failure the command reports and exits 1 on. */
export class ReviewCommentError extends Error {}

export type ReviewCommentSettings = {
  api: string;
  token: string;
  repo: { owner: string; name: string };
  repository: string;
  headSha: string;
  headRepository: string;
  conclusion: Parameters<typeof reviewComment>[0]['conclusion'];
  runUrl: string;
  /** the run's id (workflow_run.id): its built-site artifact is linked from the comment */
  runId?: number | undefined;
  botLogin: string;
};

const fail = (message: string): never => {
  throw new ReviewCommentError(message);
};

/** GitHub's REST API as this job uses it: a GET may find nothing, every write must succeed. */
function githubApi(api: string, token: string) {
  async function call(method: string, path: string, payload?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        // The review between two calls is synchronous and can outlast the server's keep-alive
        // timeout (Node's is 5 s); a pooled socket the server closed meanwhile then fails the next
        // call with "other side closed". A new connection per call (five a job) avoids that.
        connection: 'close',
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
    return answer.ok ? answer.data : undefined;
  }
  /** Pages of a list endpoint until a short one. */
  async function readAll<S extends z.ZodType<unknown[]>>(schema: S, path: string): Promise<z.infer<S>> {
    const all: unknown[] = [];
    for (let page = 1; ; page++) {
      const list = (await read(schema, `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`)) ?? [];
      appendAll(all, list);
      if (list.length < 100) return all as z.infer<S>;
    }
  }
  return { call, read, readAll };
}

/** The artifact's number, if it is one: a hint, never a target by itself. */
function readHint(numberFile: string | undefined, say: (line: string) => void): number | undefined {
  if (!numberFile || !existsSync(numberFile)) return undefined;
  try {
    return parsePullNumber(readFileSync(numberFile, 'utf8'));
  } catch (error) {
    say(`ignoring the artifact's pull-request number: ${(error as Error).message}`);
    return undefined;
  }
}

/** The page of the run's built-site artifact, asked of the API; none for a failed run or when it expired. */
async function builtSite(
  read: ReturnType<typeof githubApi>['read'],
  base: string,
  { runId, conclusion, runUrl }: ReviewCommentSettings,
  say: (line: string) => void,
): Promise<string | undefined> {
  if (runId === undefined || conclusion !== 'success') return undefined;
  const artifacts = await read(RunArtifactsSchema, `${base}/actions/runs/${runId}/artifacts?name=${SITE_ARTIFACT}`);
  const url = artifacts && siteArtifactUrl(artifacts, runUrl);
  if (!url)
    say(
      `run ${runId} has no \`${SITE_ARTIFACT}\` artifact (expired, or not uploaded): the comment does not link the built site`,
    );
  return url;
}

/**
 * Posts or updates the comment on every open pull request whose head the run built. Throws
 * ReviewCommentError when the API fails or the report was refused (a notice is posted instead).
 */
export async function postReviewComment(
  settings: ReviewCommentSettings,
  review: (headSha: string) => string,
  numberFile: string | undefined,
  say: (line: string) => void,
): Promise<void> {
  const { call, read, readAll } = githubApi(settings.api, settings.token);
  const { repo, repository, headSha, headRepository } = settings;
  const base = `/repos/${repo.owner}/${repo.name}`;
  // The pull requests GitHub associates with the commit, and the hinted one in case that listing
  // leaves out a fork's pull request; every candidate is checked against the run.
  const hint = readHint(numberFile, say);
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
    return;
  }
  if (hint !== undefined && !targets.some((pull) => pull.number === hint))
    say(`the artifact names #${hint}, which is not a pull request whose head this run built; ignored`);

  const site = await builtSite(read, base, settings, say);
  const { body, refused } = reviewComment({
    // A failed run gets its notice without a review: its data may not even be worth reading.
    report: settings.conclusion === 'success' ? review(headSha) : undefined,
    conclusion: settings.conclusion,
    runUrl: settings.runUrl,
    headSha,
    site,
  });
  for (const { number } of targets) {
    const comments = await readAll(IssueCommentsSchema, `${base}/issues/${number}/comments`);
    const existing = findReviewComment(comments, settings.botLogin);
    if (existing === undefined) await call('POST', `${base}/issues/${number}/comments`, { body });
    else await call('PATCH', `${base}/issues/comments/${existing}`, { body });
    say(`${existing === undefined ? 'posted' : 'updated'} the review comment on #${number}`);
  }
  if (refused)
    fail(
      "the report holds what perflab's report never writes (raw HTML, an image, a link outside the repository's pages or a mention): posted a notice instead (see the comment); this is a defect of perflab's report",
    );
}
