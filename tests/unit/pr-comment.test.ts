// The review comment: one per pull request, on the pull request whose head the run built (never the
// one the artifact names), updated in place, never longer than GitHub accepts, never raw HTML. The
// script runs against a stand-in for the GitHub API on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMENT_LIMIT,
  REVIEW_MARKER,
  findReviewComment,
  parsePullNumber,
  parseRepository,
  pullRequestsBuiltBy,
  rawHtmlLine,
  reviewComment,
  type PullRequest,
} from '../../src/lib/review/pr-comment.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { standInGitHub, type StandInGitHub } from '../helpers/stand-in-github.ts';

const built = 'a'.repeat(40);
const other = 'b'.repeat(40);
const runUrl = 'https://github.com/team/guides/actions/runs/77';
const passed = { conclusion: 'success', runUrl, headSha: built };

describe('review comment body', () => {
  it('starts with the marker and keeps a short report whole', () => {
    expect(reviewComment({ ...passed, report: '# report\n' })).toEqual({
      body: `${REVIEW_MARKER}\n# report\n`,
      refused: false,
    });
  });

  it('summarises a report too long for a comment with counts, and says the full text is in the artifact', () => {
    const section = (i: number) =>
      [
        `## Guide ${i} (model-${i}/h200)${i % 10 === 0 ? ' — new guide' : ''}`,
        '',
        ...Array.from({ length: 40 }, (_, r) => `| case ${r} | 1.00 tok/s → **2.00 tok/s** | x | +100.00% |`),
        i % 7 === 0 ? '- **Story check, acknowledged:** something (W_X; reason: why).' : '- Step **TP** added.',
        '',
      ].join('\n');
    const report = `# perflab: what changed since main\n\n${Array.from({ length: 400 }, (_, i) => section(i)).join('\n')}`;
    expect(report.length).toBeGreaterThan(COMMENT_LIMIT);
    const { body, refused } = reviewComment({ ...passed, report });
    expect(refused).toBe(false);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.startsWith(`${REVIEW_MARKER}\n# perflab: review report (summary)`)).toBe(true);
    expect(body).toContain(`The report is ${report.length.toLocaleString('en-US')} characters`);
    expect(body).toContain(`in the \`review-report\` artifact of ${runUrl}`);
    expect(body).toContain('- Guides with changes: 400 (40 new, 0 removed)');
    expect(body).toContain('- Story checks acknowledged: 58');
    expect(body).toContain('- Guide 399 (model-399/h200)');
    // With the built site's line, the summary still fits.
    const site = `${runUrl}/artifacts/9`;
    const linked = reviewComment({ ...passed, report, site }).body;
    expect(linked.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(linked.split('\n')[3]).toContain(`[\`site\` artifact](${site})`);
  });

  it('a summary of more guides than fit names the rest by count', () => {
    const report = Array.from({ length: 3000 }, (_, i) => `## A guide with a long title number ${i} (m/${i})\n`).join(
      '\n',
    );
    const { body } = reviewComment({ ...passed, report });
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    const listed = body.split('\n').filter((l) => l.startsWith('- A guide')).length;
    expect(listed).toBeGreaterThan(100);
    expect(body).toContain(`- … and ${3000 - listed} more (see the artifact)`);
  });

  it('a failed check says so and links the run, whatever report there is', () => {
    for (const report of [undefined, '# perflab: what changed\n']) {
      const { body } = reviewComment({ report, conclusion: 'failure', runUrl, headSha: built });
      expect(body).toBe(
        `${REVIEW_MARKER}\n# perflab: the pull-request check failed\n\nThe \`pull request\` workflow ended with \`failure\` on ${built.slice(0, 12)}, so there is no review report for this commit. What failed is in the run: ${runUrl}\n`,
      );
    }
  });

  it('refuses a report with raw HTML other than the marker, naming the line', () => {
    for (const html of ['<!-- hide the rest', '<details>', '<img src=x>', '</table>', '<https://e.example>', '<?php'])
      expect(rawHtmlLine(`# perflab\n\n| a | ${html} |\n`), html).toBe(3);
    for (const text of ['a < b', '2>&1', '&lt;img&gt;', 'x <- y', '<\u200Dplaceholder>'])
      expect(rawHtmlLine(`# perflab\n${text}\n`), text).toBeUndefined();
    const { body, refused } = reviewComment({ ...passed, report: 'ok\n<img src=https://e.example/p.png>\n' });
    expect(refused).toBe(true);
    expect(body).toContain('Line 2 of the report holds raw HTML');
    expect(body).not.toContain('<img');
  });
});

describe('which pull request', () => {
  const pull = (number: number, sha: string, head = 'team/guides', state = 'open'): PullRequest => ({
    number,
    state,
    head: { sha, repo: { full_name: head } },
    base: { repo: { full_name: 'team/guides' } },
  });
  const run = { repository: 'team/guides', headSha: built, headRepository: 'fork/guides' };

  it('only open pull requests whose head is the built commit from the built repository', () => {
    const candidates = [
      pull(1, built, 'fork/guides'),
      pull(2, other, 'fork/guides'),
      pull(3, built, 'team/guides'),
      pull(4, built, 'fork/guides', 'closed'),
      { ...pull(5, built, 'fork/guides'), base: { repo: { full_name: 'elsewhere/guides' } } },
    ];
    expect(pullRequestsBuiltBy(candidates, run).map((p) => p.number)).toEqual([1]);
    expect(pullRequestsBuiltBy(candidates, run, 2).map((p) => p.number)).toEqual([1]);
  });

  it('the hint chooses among pull requests of the same head, and adds none', () => {
    const candidates = [pull(8, built, 'fork/guides'), pull(6, built, 'fork/guides')];
    expect(pullRequestsBuiltBy(candidates, run).map((p) => p.number)).toEqual([6, 8]);
    expect(pullRequestsBuiltBy(candidates, run, 8).map((p) => p.number)).toEqual([8]);
    expect(pullRequestsBuiltBy([], run, 8)).toEqual([]);
  });

  it("our comment is the marker comment of our bot, not a person's or another bot's", () => {
    const comments = [
      { id: 1, body: `${REVIEW_MARKER}\nquoted`, user: { login: 'someone', type: 'User' } },
      { id: 2, body: `${REVIEW_MARKER}\nforged`, user: { login: 'other-app[bot]', type: 'Bot' } },
      { id: 3, body: 'looks good', user: { login: 'github-actions[bot]', type: 'Bot' } },
      { id: 4, body: `${REVIEW_MARKER}\n# perflab`, user: { login: 'github-actions[bot]', type: 'Bot' } },
    ];
    expect(findReviewComment(comments)).toBe(4);
    expect(findReviewComment(comments.slice(0, 3))).toBeUndefined();
  });
});

describe('artifact values are data', () => {
  it('accepts a pull-request number and nothing else', () => {
    expect(parsePullNumber('42\n')).toBe(42);
    for (const bad of ['', '0', '42; rm -rf /', '../1', '1e3', '-1'])
      expect(() => parsePullNumber(bad), bad).toThrow(/expected a pull-request number/);
  });

  it('accepts owner/name and nothing that changes the URL', () => {
    expect(parseRepository('perflab/guides')).toEqual({ owner: 'perflab', name: 'guides' });
    for (const bad of ['perflab', 'a/b/c', 'perflab/..', 'perflab/g?x=1', 'x/y#z'])
      expect(() => parseRepository(bad), bad).toThrow(/owner\/name/);
  });
});

describe('scripts/pr-comment.ts against a stand-in GitHub API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-pr-comment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let github: StandInGitHub;
  beforeEach(async () => {
    github = await standInGitHub('team/guides', 'test-token');
    github.pulls.push(
      { number: 12, headSha: built, headRepository: 'team/guides' },
      { number: 13, headSha: other, headRepository: 'team/guides' },
    );
  });
  afterEach(() => github.close());

  /** Runs the script as the comment job does; `report`/`number` undefined: the artifact lacks the file. */
  const runScript = async ({
    report = '# perflab: report\n' as string | undefined,
    number = '12' as string | undefined,
    conclusion = 'success',
    headRepository = 'team/guides',
    runId = undefined as string | undefined,
  } = {}) => {
    const [reportFile, numberFile] = [join(dir, 'report.md'), join(dir, 'pull-number')];
    rmSync(reportFile, { force: true });
    rmSync(numberFile, { force: true });
    if (report !== undefined) writeFileSync(reportFile, report);
    if (number !== undefined) writeFileSync(numberFile, `${number}\n`);
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/pr-comment.ts'), reportFile, numberFile], {
      env: {
        PATH: process.env.PATH,
        GITHUB_TOKEN: 'test-token',
        GITHUB_REPOSITORY: 'team/guides',
        GITHUB_API_URL: github.url,
        PERFLAB_HEAD_SHA: built,
        PERFLAB_HEAD_REPOSITORY: headRepository,
        PERFLAB_RUN_CONCLUSION: conclusion,
        PERFLAB_RUN_URL: runUrl,
        ...(runId === undefined ? {} : { PERFLAB_RUN_ID: runId }),
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { status, stderr };
  };
  const writes = () => github.requests.filter((r) => !r.startsWith('GET'));

  it('posts one comment on the pull request it built, then updates that same comment', async () => {
    const first = await runScript({ report: '# perflab: first report\n' });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('posted the review comment on #12');
    const second = await runScript({ report: '# perflab: second report\n' });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('updated the review comment on #12');
    expect(github.comments).toEqual([
      {
        id: 1000,
        issue: 12,
        body: `${REVIEW_MARKER}\n# perflab: second report\n`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
      },
    ]);
    expect(writes()).toEqual([
      'POST /repos/team/guides/issues/12/comments',
      'PATCH /repos/team/guides/issues/comments/1000',
    ]);
  });

  it('an artifact naming another pull request does not move the comment there', async () => {
    github.comments.push({
      id: 5,
      issue: 13,
      body: `${REVIEW_MARKER}\n# the other report`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
    });
    const result = await runScript({ report: '# perflab: forged\n', number: '13' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('the artifact names #13, which is not a pull request whose head this run built');
    expect(writes()).toEqual(['POST /repos/team/guides/issues/12/comments']);
    expect(github.comments.find((c) => c.id === 5)?.body).toBe(`${REVIEW_MARKER}\n# the other report`);
  });

  it('a fork pull request left out of the commit listing is found by its number, checked against the run', async () => {
    github.listsForkPulls = false;
    github.pulls.push({ number: 20, headSha: built, headRepository: 'fork/guides' });
    const forged = await runScript({ number: '12', headRepository: 'fork/guides' });
    expect(forged.status, forged.stderr).toBe(0);
    expect(forged.stderr).toContain('no open pull request of team/guides has');
    expect(writes()).toEqual([]);
    const found = await runScript({ number: '20', headRepository: 'fork/guides' });
    expect(found.status, found.stderr).toBe(0);
    expect(writes()).toEqual(['POST /repos/team/guides/issues/20/comments']);
  });

  it('no open pull request with the built head: no comment, and a clear message', async () => {
    github.pulls.splice(0, 1, { number: 12, headSha: other, headRepository: 'team/guides' });
    const result = await runScript();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `no open pull request of team/guides has ${built} from team/guides as its head (closed, or pushed again since the run); nothing posted`,
    );
    expect(writes()).toEqual([]);
  });

  it('a failed check, with no report and no number in the artifact, gets a comment saying it failed', async () => {
    const result = await runScript({ report: undefined, number: undefined, conclusion: 'failure' });
    expect(result.status, result.stderr).toBe(0);
    expect(github.comments.map((c) => [c.issue, c.body.split('\n')[1]])).toEqual([
      [12, '# perflab: the pull-request check failed'],
    ]);
    expect(github.comments[0]?.body).toContain(runUrl);
  });

  it("leaves a person's or another bot's comment with the marker alone", async () => {
    github.comments.push(
      { id: 1, issue: 12, body: `${REVIEW_MARKER}\nI quote the bot`, user: { login: 'someone', type: 'User' } },
      { id: 2, issue: 12, body: `${REVIEW_MARKER}\nforged`, user: { login: 'other-app[bot]', type: 'Bot' } },
    );
    const result = await runScript();
    expect(result.status, result.stderr).toBe(0);
    expect(writes()).toEqual(['POST /repos/team/guides/issues/12/comments']);
    expect(github.comments.slice(0, 2).map((c) => c.body)).toEqual([
      `${REVIEW_MARKER}\nI quote the bot`,
      `${REVIEW_MARKER}\nforged`,
    ]);
  });

  it('posts a notice instead of a report holding raw HTML, and fails', async () => {
    const result = await runScript({ report: '# perflab\n\n<!-- hide everything below\n' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("the report holds what perflab's report never writes (raw HTML");
    expect(github.comments[0]?.body).toContain('# perflab: review report refused');
    expect(github.comments[0]?.body).not.toContain('hide everything');
  });

  it('links the run’s built site, found by the run id the event gives, above the report', async () => {
    github.artifacts.push(
      { runId: 77, id: 501, name: 'review-report' },
      { runId: 77, id: 502, name: 'site' },
      { runId: 78, id: 503, name: 'site' },
    );
    const result = await runScript({ report: '# perflab: report\n\n- a change\n', runId: '77' });
    expect(result.status, result.stderr).toBe(0);
    expect(github.requests).toContain('GET /repos/team/guides/actions/runs/77/artifacts');
    const lines = github.comments[0]?.body.split('\n') ?? [];
    expect(lines.slice(0, 3)).toEqual([REVIEW_MARKER, '# perflab: report', '']);
    expect(lines[3]).toBe(
      `**Built site:** download the [\`site\` artifact](${runUrl}/artifacts/502) of this run, unzip it into a folder \`site\`, serve it (\`python3 -m http.server -d site 8000\`) and open \`http://localhost:8000/\` and the pages listed below.`,
    );
    expect(lines.slice(4)).toEqual(['', '- a change', '']);
  });

  it('no link when the run kept no site (expired) or failed, and no request for a failed run', async () => {
    github.artifacts.push({ runId: 77, id: 502, name: 'site', expired: true });
    const expired = await runScript({ runId: '77' });
    expect(expired.status, expired.stderr).toBe(0);
    expect(expired.stderr).toContain('run 77 has no `site` artifact');
    expect(github.comments[0]?.body).not.toContain('Built site');
    github.requests.length = 0;
    const failed = await runScript({ runId: '77', conclusion: 'failure' });
    expect(failed.status, failed.stderr).toBe(0);
    expect(github.requests.filter((r) => r.includes('/artifacts'))).toEqual([]);
    expect(github.comments[0]?.body).not.toContain('Built site');
  });

  it('refuses a run id that is not digits, before any request', async () => {
    const result = await runScript({ runId: '77/../../pulls' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PERFLAB_RUN_ID: expected a run id (digits)');
    expect(github.requests).toEqual([]);
  });

  it('refuses a run URL or head commit that is not one', async () => {
    const result = await runScript({ headRepository: 'team/guides/../x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PERFLAB_HEAD_REPOSITORY: expected a repository as owner/name');
    expect(github.requests).toEqual([]);
  });
});
