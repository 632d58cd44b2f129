// The review report as one pull-request comment that each push updates instead of adding another.
// Pure: the script (scripts/pr-comment.ts) does the HTTP; this decides what to send and where.
// Everything the untrusted pull-request job handed over (the report, a pull-request number) is
// data: the number is at most a hint checked against the API. The report is the one the trusted job
// computes with the default branch's perflab from the pull request's data (pull-request-review.ts),
// never the run's own, and the comment is checked once more as GitHub will read it (comment-markup.ts).
import { z } from 'zod';
import { foreignMarkup, repositoryPages } from './comment-markup.ts';

/** Hidden first line that tells our comment apart from everyone else's. */
export const REVIEW_MARKER = '<!-- perflab-review -->';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536;

/** The artifact the pull-request job uploads its report and the pull-request number in (pull-request.yml). */
export const REPORT_ARTIFACT = 'review-report';

/** How a reviewer computes the same report: the default branch's perflab on the pull request's head. */
export const reproduceReport = (headSha: string) =>
  `\`npm run pr-review -- ${headSha} report.md\` on a checkout of the default branch (after \`git fetch origin ${headSha}\`)`;

/** The artifact the pull-request job uploads the built site in (pull-request.yml): what a reviewer opens. */
export const SITE_ARTIFACT = 'site';

/** The fields we read of GitHub's "list workflow run artifacts" answer. */
export const RunArtifactsSchema = z.object({
  artifacts: z.array(z.object({ id: z.number().int().positive(), name: z.string(), expired: z.boolean().optional() })),
});

/** The built site's artifact among a run's artifacts: its page (the run's page, then its id), if unexpired. */
export function siteArtifactUrl(artifacts: z.infer<typeof RunArtifactsSchema>, runUrl: string): string | undefined {
  const site = artifacts.artifacts.find((a) => a.name === SITE_ARTIFACT && a.expired !== true);
  return site ? `${runUrl.replace(/\/$/, '')}/artifacts/${site.id}` : undefined;
}

/** The identity GITHUB_TOKEN comments as in GitHub Actions. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

/** The fields we read of GitHub's "list issue comments" answer; everything else is ignored. */
export const IssueCommentsSchema = z.array(
  z.object({
    id: z.number().int(),
    body: z.string().nullish(),
    user: z.object({ login: z.string(), type: z.string().optional() }).nullish(),
  }),
);
export type IssueComment = z.infer<typeof IssueCommentsSchema>[number];

/** The fields we read of a pull request ("get a pull request", "list pull requests for a commit"). */
export const PullRequestSchema = z.object({
  number: z.number().int().positive(),
  state: z.string(),
  head: z.object({ sha: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
  base: z.object({ repo: z.object({ full_name: z.string() }) }),
});
export const PullRequestsSchema = z.array(PullRequestSchema);
export type PullRequest = z.infer<typeof PullRequestSchema>;

/** What GitHub says about the finished pull-request run (the workflow_run event), not the artifact. */
export type BuiltRun = {
  /** the repository the comment goes to, `owner/name` */
  repository: string;
  /** the commit the run checked out and built */
  headSha: string;
  /** where that commit came from: this repository or a fork, `owner/name` */
  headRepository: string;
};

/**
 * The open pull requests of this repository whose head is the commit the run built, from the
 * repository the run built it from. `hint` (the number the run's artifact names) only chooses
 * among them when a branch is open in several pull requests; it never adds one.
 */
export function pullRequestsBuiltBy(candidates: readonly PullRequest[], run: BuiltRun, hint?: number): PullRequest[] {
  const built = new Map<number, PullRequest>();
  for (const pull of candidates)
    if (
      pull.state === 'open' &&
      pull.head.sha === run.headSha &&
      pull.head.repo?.full_name === run.headRepository &&
      pull.base.repo.full_name === run.repository
    )
      built.set(pull.number, pull);
  const hinted = hint === undefined ? undefined : built.get(hint);
  return hinted ? [hinted] : [...built.values()].sort((a, b) => a.number - b.number);
}

/** Our earlier comment on the pull request: posted by our bot and starting with the marker. */
export function findReviewComment(comments: readonly IssueComment[], botLogin = ACTIONS_BOT_LOGIN): number | undefined {
  return comments.find(
    (c) => c.user?.type === 'Bot' && c.user.login === botLogin && (c.body ?? '').startsWith(REVIEW_MARKER),
  )?.id;
}

/**
 * The first line of `report` (1-based) holding something GitHub could render as raw HTML, an HTML
 * comment or an autolink: a `<` followed by a letter, `/`, `!` or `?`. The report escapes every
 * `<` it interpolates (and code blocks carry a zero-width joiner after one), so any such `<` was
 * not written by perflab's diff.
 */
export function rawHtmlLine(report: string): number | undefined {
  const index = report.search(/<[A-Za-z/!?]/);
  return index < 0 ? undefined : report.slice(0, index).split('\n').length;
}

export type CommentInput = {
  /** the report the run wrote, or undefined when it wrote none */
  report: string | undefined;
  /** the run's conclusion as GitHub reports it: success, failure, cancelled, timed_out, … */
  conclusion: string;
  /** the run's page */
  runUrl: string;
  headSha: string;
  /** the page of the run's built-site artifact (siteArtifactUrl), when it has one */
  site?: string | undefined;
};

/** The comment to post, and whether the report was refused (the job then fails after posting). */
export function reviewComment({ report, conclusion, runUrl, headSha, site }: CommentInput): {
  body: string;
  refused: boolean;
} {
  const commit = headSha.slice(0, 12);
  if (conclusion !== 'success')
    return notice(
      'the pull-request check failed',
      `The \`pull request\` workflow ended with \`${conclusion}\` on ${commit}, so there is no review report for this commit. What failed is in the run: ${runUrl}`,
    );
  if (report === undefined)
    return notice('no review report', `The run on ${commit} passed but left no report: ${runUrl}`);
  const line = rawHtmlLine(report);
  if (line !== undefined) return refusal(`Line ${line} of the report holds raw HTML`, headSha);
  // The report as GitHub would read it; a summary of a long one shows only its headings, checked here too.
  const [first] = foreignMarkup(report, repositoryPages(runUrl), 0);
  if (first !== undefined) return refusal(`Line ${first.line} of the report holds ${first.what}`, headSha);
  const siteLine = site === undefined ? undefined : siteLineFor(site);
  const whole = withLine(`${REVIEW_MARKER}\n${report}`, siteLine);
  if (whole.length <= COMMENT_LIMIT) return { body: whole, refused: false };
  const reserved = siteLine === undefined ? 0 : siteLine.length + 2;
  return { body: withLine(summary(report, headSha, COMMENT_LIMIT - reserved), siteLine), refused: false };
}

/** A notice in place of a report that holds what perflab's report never writes. */
const refusal = (found: string, headSha: string) => ({
  ...notice(
    'review report refused',
    `${found}, which perflab's report never writes, so it is not posted. ${reproduceReport(headSha)} writes it.`,
  ),
  refused: true,
});

/**
 * Where the built site is and how to open it. The URL is made from the run's checked URL and a
 * number the API gave (siteArtifactUrl); nothing in it comes from the pull request.
 */
const siteLineFor = (site: string) =>
  `**Built site:** download the [\`${SITE_ARTIFACT}\` artifact](${site}) of this run, unzip it into a folder \`site\`, serve it (\`python3 -m http.server -d site 8000\`) and open \`http://localhost:8000/\` and the pages listed below.`;

/** `body` with `line` after its title (the marker, then the title, are its first two lines). */
function withLine(body: string, line: string | undefined): string {
  if (line === undefined) return body;
  const [marker = '', title = '', ...rest] = body.split('\n');
  return [marker, title, '', line, ...rest].join('\n');
}

const notice = (title: string, text: string) => ({
  body: `${REVIEW_MARKER}\n# perflab: ${title}\n\n${text}\n`,
  refused: false,
});

/**
 * A report too long for a comment, in counts: its guide sections (new, removed), the findings
 * that ask for a reviewer's eye, and as many section headings as fit; pr-review writes the full text.
 */
function summary(report: string, headSha: string, limit: number): string {
  const lines = report.split('\n');
  const headings = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
  const count = (pattern: RegExp) => lines.filter((l) => pattern.test(l)).length;
  const head = [
    REVIEW_MARKER,
    '# perflab: review report (summary)',
    '',
    `The report is ${report.length.toLocaleString('en-US')} characters, longer than a comment may be (${COMMENT_LIMIT.toLocaleString('en-US')}). The full text: ${reproduceReport(headSha)} writes it.`,
    '',
    `- Guides with changes: ${headings.length} (${headings.filter((h) => h.endsWith('— new guide')).length} new, ${headings.filter((h) => h.endsWith('— removed')).length} removed)`,
    `- Story checks acknowledged: ${count(/^- \*\*Story check, acknowledged:\*\*/)}`,
    `- Replaced results to check: ${count(/^- \*\*Check:\*\*/)}`,
    `- Recommended commands changed: ${count(/^- \*\*Recommended command changed:\*\*/)}`,
    '',
    'Guides:',
    '',
  ].join('\n');
  const more = (left: number) => `- … and ${left} more\n`;
  let body = head;
  for (const [i, heading] of headings.entries()) {
    const entry = `- ${heading}\n`;
    if (body.length + entry.length + more(headings.length).length > limit) return body + more(headings.length - i);
    body += entry;
  }
  return body;
}

/** A pull-request number read from an artifact the untrusted job wrote: digits only. */
export function parsePullNumber(text: string): number {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed))
    throw new Error(`expected a pull-request number (digits), found ${JSON.stringify(trimmed.slice(0, 40))}`);
  return Number(trimmed);
}

/** `owner/name` as GitHub spells repositories; anything else would change the URL we call. */
export function parseRepository(text: string): { owner: string; name: string } {
  const match = /^([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100})$/.exec(text);
  if (!match?.[1] || !match[2] || match[2] === '.' || match[2] === '..')
    throw new Error(`expected a repository as owner/name, found ${JSON.stringify(text.slice(0, 140))}`);
  return { owner: match[1], name: match[2] };
}

/** A full commit id, as the workflow_run event gives the run's head. */
export function parseCommitSha(text: string): string {
  if (!/^[0-9a-f]{40}$/.test(text))
    throw new Error(`expected a 40-digit commit id, found ${JSON.stringify(text.slice(0, 60))}`);
  return text;
}

/** A run conclusion (GitHub's words are lower-case with underscores). */
export function parseConclusion(text: string): string {
  if (!/^[a-z_]{1,30}$/.test(text))
    throw new Error(`expected a run conclusion, found ${JSON.stringify(text.slice(0, 40))}`);
  return text;
}

/** A workflow run's id, as the workflow_run event gives it: digits only (it becomes part of a URL). */
export function parseRunId(text: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text))
    throw new Error(`expected a run id (digits), found ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** The run's page: an https URL without anything that could end the line or the link. */
export function parseRunUrl(text: string): string {
  if (!/^https?:\/\/[A-Za-z0-9.:-]+\/[A-Za-z0-9._~/-]*$/.test(text))
    throw new Error(`expected the run's URL, found ${JSON.stringify(text.slice(0, 140))}`);
  return text;
}
