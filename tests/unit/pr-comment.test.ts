// The review comment: one per pull request, on the pull request whose head the run built (never the
// one the artifact names), updated in place, never longer than GitHub accepts, never raw HTML, and
// holding only the report the default branch's perflab computed from the pull request's data. The
// script runs as the workflow's step runs it, on a scratch clone with a pull request's commit on
// its origin, against a stand-in for the GitHub API on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { foreignMarkup, repositoryPages } from '../../src/lib/review/comment-markup.ts';
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
    expect(body).toContain(
      `The full text: \`npm run pr-review -- ${built} report.md\` on a checkout of the default branch (after \`git fetch origin ${built}\`) writes it.`,
    );
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
    expect(body).toContain(`- … and ${3000 - listed} more\n`);
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

describe('the review-comment step against a stand-in GitHub API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-pr-comment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const [seed, origin, checkout, runnerTemp] = ['seed', 'origin.git', 'checkout', 'runner'].map((d) =>
    join(dir, d),
  ) as [string, string, string, string];
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
  /** The pull request's head commit, on the origin only under refs/pull/12/head, as GitHub keeps it. */
  let head = '';
  const missing = 'c'.repeat(40);

  // The default branch holds one guide; the pull request edits a vLLM run to be 2 % faster (every rate and the duration).
  beforeAll(() => {
    mkdirSync(seed);
    for (const folder of ['data/raw', 'data/runs', 'data/guides', 'data/prose', 'content/guides'])
      cpSync(join(repoRoot, folder, 'qwen3-30b-a3b'), join(seed, folder, 'qwen3-30b-a3b'), { recursive: true });
    cpSync(join(repoRoot, 'content/defaults.yaml'), join(seed, 'content/defaults.yaml'));
    git(seed, 'init', '-q', '-b', 'main');
    git(seed, 'add', '-A');
    git(seed, 'commit', '-q', '-m', 'default branch');
    git(dir, 'init', '-q', '--bare', origin);
    git(seed, 'push', '-q', origin, 'main');
    const raw = join(seed, 'data/raw/qwen3-30b-a3b/910b/choosing-the-inference-engine/vllm.txt');
    writeFileSync(raw, perturbResultText(readFileSync(raw, 'utf8'), 0.98));
    git(seed, 'commit', '-q', '-am', 'pull request: a faster vLLM');
    head = git(seed, 'rev-parse', 'HEAD');
    git(seed, 'push', '-q', origin, 'HEAD:refs/pull/12/head');
  });

  /** A fresh checkout of the default branch, one commit deep, as actions/checkout leaves it. */
  const freshCheckout = () => {
    rmSync(checkout, { recursive: true, force: true });
    git(dir, 'clone', '-q', '--depth=1', '--branch', 'main', `file://${origin}`, checkout);
  };

  let github: StandInGitHub;
  beforeEach(async () => {
    freshCheckout();
    github = await standInGitHub('team/guides', 'test-token');
    github.pulls.push(
      { number: 12, headSha: head, headRepository: 'team/guides' },
      { number: 13, headSha: other, headRepository: 'team/guides' },
    );
  });
  afterEach(() => github.close());

  const Step = z.object({
    name: z.string().optional(),
    run: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
  });
  const workflow = z
    .object({ jobs: z.record(z.string(), z.object({ steps: z.array(Step) })) })
    .parse(parse(readFileSync(join(repoRoot, '.github/workflows/review-comment.yml'), 'utf8')));
  const postStep = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((step) => step.run?.includes('pr-comment'));

  /**
   * Runs the workflow's posting step with bash, as the runner does, after the artifact download
   * left `artifact` (file name to text) in $RUNNER_TEMP/review; the event's values fill its
   * expressions. The checkout is the scratch clone (PERFLAB_ROOT), the code this repository's.
   */
  const runStep = async ({
    artifact = { 'pull-number': '12\n' } as Record<string, string>,
    conclusion = 'success',
    headSha = head,
    headRepository = 'team/guides',
    runId = undefined as string | undefined,
  } = {}) => {
    rmSync(runnerTemp, { recursive: true, force: true });
    mkdirSync(join(runnerTemp, 'review'), { recursive: true });
    for (const [name, text] of Object.entries(artifact)) writeFileSync(join(runnerTemp, 'review', name), text);
    const event: Record<string, string> = {
      '${{ secrets.GITHUB_TOKEN }}': 'test-token',
      '${{ github.event.workflow_run.head_sha }}': headSha,
      '${{ github.event.workflow_run.head_repository.full_name }}': headRepository,
      '${{ github.event.workflow_run.conclusion }}': conclusion,
      '${{ github.event.workflow_run.html_url }}': runUrl,
      '${{ github.event.workflow_run.id }}': runId ?? '',
    };
    const stepEnv = Object.fromEntries(
      Object.entries(postStep?.env ?? {}).map(([name, value]) => [name, event[value] ?? `unknown ${value}`]),
    );
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', postStep?.run ?? 'exit 99'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        RUNNER_TEMP: runnerTemp,
        GITHUB_REPOSITORY: 'team/guides',
        GITHUB_API_URL: github.url,
        PERFLAB_ROOT: checkout,
        PERFLAB_PIPELINE_CACHE: join(dir, 'cache'),
        ...stepEnv,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { status, stderr };
  };
  const writes = () => github.requests.filter((r) => !r.startsWith('GET'));

  /** The report the default branch's perflab computes from the pull request's data: npm run pr-review's. */
  let expected = '';
  beforeAll(() => {
    freshCheckout();
    git(checkout, 'fetch', '-q', '--depth=1', 'origin', head);
    const reportFile = join(dir, 'expected.md');
    execFileSync(process.execPath, [join(repoRoot, 'scripts/pr-review.ts'), head, reportFile], {
      cwd: checkout,
      env: { ...process.env, PERFLAB_ROOT: checkout, PERFLAB_PIPELINE_CACHE: join(dir, 'cache') },
      stdio: 'ignore',
    });
    expected = `${REVIEW_MARKER}\n${readFileSync(reportFile, 'utf8')}`;
  });

  it("the report is the default branch's, of the pull request's data: the edited run, nothing else", () => {
    expect(expected).toMatch(/^## .*\(qwen3-30b-a3b\/910b\)$/m);
    expect(expected).not.toContain('No computed number, winner or recommendation changed');
    expect(foreignMarkup(expected, repositoryPages(runUrl), 1)).toEqual([]);
  });

  // What a pull request's run can write into its own artifact's report.md, in plain Markdown.
  const forged = {
    'a "nothing changed" verdict':
      '# perflab: what changed since main\n\nNo computed number, winner or recommendation changed.\n',
    'a remote badge image': '# perflab\n\n![checks passed](https://evil.example/badge.svg)\n',
    'a phishing link': '# perflab\n\nThe numbers are [on the results page](https://evil.example/login).\n',
    'an @org/team mention': '# perflab\n\nReviewed and approved by @perflab/maintainers.\n',
  };
  it.each(Object.entries(forged))(
    'a run that writes %s into its report: the comment is the computed report',
    async (_, text) => {
      const result = await runStep({ artifact: { 'report.md': text, 'pull-number': '12\n' } });
      expect(result.status, result.stderr).toBe(0);
      expect(github.comments.map((c) => [c.issue, c.body])).toEqual([[12, expected]]);
      const last = text.trimEnd().split('\n').at(-1) ?? '';
      expect(github.comments[0]?.body).not.toContain(last);
      expect(foreignMarkup(github.comments[0]?.body ?? '', repositoryPages(runUrl), 1)).toEqual([]);
    },
  );

  it('posts one comment on the pull request it built, then updates that same comment', async () => {
    const first = await runStep();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('posted the review comment on #12');
    freshCheckout();
    const second = await runStep();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('updated the review comment on #12');
    expect(github.comments).toEqual([
      { id: 1000, issue: 12, body: expected, user: { login: 'github-actions[bot]', type: 'Bot' } },
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
    const result = await runStep({ artifact: { 'pull-number': '13\n' } });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('the artifact names #13, which is not a pull request whose head this run built');
    expect(writes()).toEqual(['POST /repos/team/guides/issues/12/comments']);
    expect(github.comments.find((c) => c.id === 5)?.body).toBe(`${REVIEW_MARKER}\n# the other report`);
  });

  it('a fork pull request left out of the commit listing is found by its number, checked against the run', async () => {
    github.listsForkPulls = false;
    github.pulls.splice(0, 1, { number: 20, headSha: head, headRepository: 'fork/guides' });
    const forgedNumber = await runStep({ headRepository: 'fork/guides' });
    expect(forgedNumber.status, forgedNumber.stderr).toBe(0);
    expect(forgedNumber.stderr).toContain('no open pull request of team/guides has');
    expect(writes()).toEqual([]);
    const found = await runStep({ artifact: { 'pull-number': '20\n' }, headRepository: 'fork/guides' });
    expect(found.status, found.stderr).toBe(0);
    expect(writes()).toEqual(['POST /repos/team/guides/issues/20/comments']);
    expect(github.comments[0]?.body).toBe(expected);
  });

  it('no open pull request with the built head: no comment, and a clear message', async () => {
    github.pulls.splice(0, 1, { number: 12, headSha: other, headRepository: 'team/guides' });
    const result = await runStep();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `no open pull request of team/guides has ${head} from team/guides as its head (closed, or pushed again since the run); nothing posted`,
    );
    expect(writes()).toEqual([]);
  });

  it('a failed check, with no artifact, gets a comment saying it failed, and nothing is fetched', async () => {
    const result = await runStep({ artifact: {}, conclusion: 'failure' });
    expect(result.status, result.stderr).toBe(0);
    expect(github.comments.map((c) => [c.issue, c.body.split('\n')[1]])).toEqual([
      [12, '# perflab: the pull-request check failed'],
    ]);
    expect(github.comments[0]?.body).toContain(runUrl);
    expect(() => git(checkout, 'cat-file', '-e', `${head}^{commit}`)).toThrow();
  });

  it('a head commit the origin does not have: the job fails and posts nothing', async () => {
    github.pulls.push({ number: 14, headSha: missing, headRepository: 'team/guides' });
    const result = await runStep({ headSha: missing, artifact: { 'pull-number': '14\n' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`pr-comment: git fetch origin ${missing} failed`);
    expect(writes()).toEqual([]);
  });

  it("leaves a person's or another bot's comment with the marker alone", async () => {
    github.comments.push(
      { id: 1, issue: 12, body: `${REVIEW_MARKER}\nI quote the bot`, user: { login: 'someone', type: 'User' } },
      { id: 2, issue: 12, body: `${REVIEW_MARKER}\nforged`, user: { login: 'other-app[bot]', type: 'Bot' } },
    );
    const result = await runStep();
    expect(result.status, result.stderr).toBe(0);
    expect(writes()).toEqual(['POST /repos/team/guides/issues/12/comments']);
    expect(github.comments.slice(0, 2).map((c) => c.body)).toEqual([
      `${REVIEW_MARKER}\nI quote the bot`,
      `${REVIEW_MARKER}\nforged`,
    ]);
  });

  it('links the run’s built site, found by the run id the event gives, above the report', async () => {
    github.artifacts.push(
      { runId: 77, id: 501, name: 'review-report' },
      { runId: 77, id: 502, name: 'site' },
      { runId: 78, id: 503, name: 'site' },
    );
    const result = await runStep({ runId: '77' });
    expect(result.status, result.stderr).toBe(0);
    expect(github.requests).toContain('GET /repos/team/guides/actions/runs/77/artifacts');
    const lines = github.comments[0]?.body.split('\n') ?? [];
    const report = expected.split('\n');
    expect(lines.slice(0, 3)).toEqual([...report.slice(0, 2), '']);
    expect(lines[3]).toBe(
      `**Built site:** download the [\`site\` artifact](${runUrl}/artifacts/502) of this run, unzip it into a folder \`site\`, serve it (\`python3 -m http.server -d site 8000\`) and open \`http://localhost:8000/\` and the pages listed below.`,
    );
    expect(lines.slice(4)).toEqual(report.slice(2));
  });

  it('no link when the run kept no site (expired) or failed, and no request for a failed run', async () => {
    github.artifacts.push({ runId: 77, id: 502, name: 'site', expired: true });
    const expired = await runStep({ runId: '77' });
    expect(expired.status, expired.stderr).toBe(0);
    expect(expired.stderr).toContain('run 77 has no `site` artifact');
    expect(github.comments[0]?.body).toBe(expected);
    github.requests.length = 0;
    const failed = await runStep({ runId: '77', conclusion: 'failure' });
    expect(failed.status, failed.stderr).toBe(0);
    expect(github.requests.filter((r) => r.includes('/artifacts'))).toEqual([]);
    expect(github.comments[0]?.body).not.toContain('Built site');
  });

  it('refuses a run id that is not digits, before any request', async () => {
    const result = await runStep({ runId: '77/../../pulls' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PERFLAB_RUN_ID: expected a run id (digits)');
    expect(github.requests).toEqual([]);
  });

  it('refuses a head repository that is not one', async () => {
    const result = await runStep({ headRepository: 'team/guides/../x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PERFLAB_HEAD_REPOSITORY: expected a repository as owner/name');
    expect(github.requests).toEqual([]);
  });
});
