// The review report as one pull-request comment that each push updates instead of adding another.
// Pure: the script (scripts/pr-comment.ts) does the HTTP; this decides what to send and where.
import { z } from 'zod';

/** Hidden first line that tells our comment apart from everyone else's. */
export const REVIEW_MARKER = '<!-- perflab-review -->';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536;

/** The fields we read of GitHub's "list issue comments" answer; everything else is ignored. */
export const IssueCommentsSchema = z.array(
  z.object({
    id: z.number().int(),
    body: z.string().nullish(),
    user: z.object({ type: z.string().optional() }).nullish(),
  }),
);
export type IssueComment = z.infer<typeof IssueCommentsSchema>[number];

/** The comment body: marker, then the report, cut at a line boundary with a note when it is too long. */
export function reviewCommentBody(report: string, fullReportUrl?: string): string {
  const head = `${REVIEW_MARKER}\n`;
  const body = head + report;
  if (body.length <= COMMENT_LIMIT) return body;
  const note = `\n\n… the report is longer than a comment may be; the full report is in the job summary${
    fullReportUrl ? ` (${fullReportUrl})` : ''
  }.\n`;
  const room = COMMENT_LIMIT - head.length - note.length;
  const cut = report.lastIndexOf('\n', room);
  return head + report.slice(0, cut > 0 ? cut : room) + note;
}

/** Our earlier comment on the pull request: written by a bot and starting with the marker. */
export function findReviewComment(comments: readonly IssueComment[]): number | undefined {
  return comments.find((c) => c.user?.type === 'Bot' && (c.body ?? '').startsWith(REVIEW_MARKER))?.id;
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
    throw new Error(`expected GITHUB_REPOSITORY as owner/name, found ${JSON.stringify(text.slice(0, 140))}`);
  return { owner: match[1], name: match[2] };
}
