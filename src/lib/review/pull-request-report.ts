// What the trusted review job says beside the report the default branch's perflab computed from a
// pull request's data (scripts/pr-review.ts): what it left out of that data, and a notice when the
// data does not build. Every path is the pull request's and is escaped as text.
import { codeBlockLines, markdownText } from './markdown.ts';

export type LeftOutEntry = { path: string; reason: string };

/** How many left-out entries the report names before it counts the rest. */
const NAMED = 20;

/** A section naming what of the pull request's data/ and content/ the review did not read, or ''. */
export function leftOutSection(leftOut: readonly LeftOutEntry[]): string {
  if (leftOut.length === 0) return '';
  const named = leftOut.slice(0, NAMED).map(({ path, reason }) => `- ${markdownText(path)}: ${markdownText(reason)}`);
  if (leftOut.length > NAMED) named.push(`- and ${leftOut.length - NAMED} more`);
  return [
    '',
    '## Left out of the review',
    '',
    `The report above is computed from the pull request's regular files under \`data/\` and \`content/\`; ${leftOut.length} ${leftOut.length === 1 ? 'entry was' : 'entries were'} not read:`,
    '',
    ...named,
    '',
  ].join('\n');
}

/** The report when the default branch's perflab cannot build the pull request's data. */
export function notBuildingReport(headSha: string, errorLines: readonly string[]): string {
  const shown = errorLines.slice(0, 30);
  return [
    "# perflab: the pull request's data does not build",
    '',
    `The default branch's perflab finds errors in \`data/\` and \`content/\` at ${headSha.slice(0, 12)}, so there is no review report; \`npm run check\` lists them:`,
    '',
    // An indented code block: no line of the errors can end it, and nothing in it is markup.
    ...codeBlockLines(shown.join('\n'), '    '),
    ...(errorLines.length > shown.length ? ['', `… and ${errorLines.length - shown.length} more lines`] : []),
    '',
  ].join('\n');
}
