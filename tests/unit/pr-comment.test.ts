// The review comment: one per pull request, updated in place, never longer than GitHub accepts;
// the script runs against a local stand-in for the GitHub API and must post, then update, that one comment.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COMMENT_LIMIT,
  REVIEW_MARKER,
  findReviewComment,
  parsePullNumber,
  parseRepository,
  reviewCommentBody,
} from '../../src/lib/review/pr-comment.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

describe('review comment body', () => {
  it('starts with the marker and keeps a short report whole', () => {
    expect(reviewCommentBody('# report\n')).toBe(`${REVIEW_MARKER}\n# report\n`);
  });

  it('cuts a long report at a line boundary, within the limit, and says where the rest is', () => {
    const report = Array.from({ length: 5000 }, (_, i) => `| row ${i} | ${'x'.repeat(20)} |`).join('\n');
    const body = reviewCommentBody(report, 'https://example.test/run/1');
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toMatch(/\| row \d+ \| x{20} \|\n\n… the report is longer/);
    expect(body).toContain('https://example.test/run/1');
  });
});

describe('finding our comment', () => {
  it("takes the bot's comment that starts with the marker, not a person quoting it", () => {
    const comments = [
      { id: 1, body: `${REVIEW_MARKER}\nquoted`, user: { type: 'User' } },
      { id: 2, body: 'looks good', user: { type: 'Bot' } },
      { id: 3, body: `${REVIEW_MARKER}\n# perflab`, user: { type: 'Bot' } },
    ];
    expect(findReviewComment(comments)).toBe(3);
    expect(findReviewComment(comments.slice(0, 2))).toBeUndefined();
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
  const comments: { id: number; body: string; user: { type: string } }[] = [
    { id: 7, body: 'first!', user: { type: 'User' } },
  ];
  const calls: string[] = [];

  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as { body: string };
  };
  const server = createServer((request, response) => {
    void (async () => {
      calls.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      const url = new URL(request.url ?? '/', 'http://x');
      if (request.method === 'GET' && url.pathname === '/repos/team/guides/issues/12/comments') {
        response.end(JSON.stringify(url.searchParams.get('page') === '1' ? comments : []));
      } else if (request.method === 'POST' && url.pathname === '/repos/team/guides/issues/12/comments') {
        comments.push({ id: 99, body: (await readBody(request)).body, user: { type: 'Bot' } });
        response.end('{}');
      } else if (request.method === 'PATCH' && url.pathname === '/repos/team/guides/issues/comments/99') {
        const found = comments.find((c) => c.id === 99);
        if (found) found.body = (await readBody(request)).body;
        response.end('{}');
      } else {
        response.statusCode = 404;
        response.end('{"message":"Not Found"}');
      }
    })();
  });

  const runScript = async (report: string) => {
    writeFileSync(join(dir, 'report.md'), report);
    writeFileSync(join(dir, 'pull-number'), '12\n');
    const { port } = await new Promise<{ port: number }>((resolve) => {
      if (server.listening) resolve(server.address() as { port: number });
      else server.listen(0, '127.0.0.1', () => resolve(server.address() as { port: number }));
    });
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'scripts/pr-comment.ts'), join(dir, 'report.md'), join(dir, 'pull-number')],
      {
        env: {
          PATH: process.env.PATH,
          GITHUB_TOKEN: 'test-token',
          GITHUB_REPOSITORY: 'team/guides',
          GITHUB_API_URL: `http://127.0.0.1:${port}`,
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { status, stderr };
  };
  afterAll(() => server.close());

  it('posts one comment, then updates that same comment on the next push', async () => {
    const first = await runScript('# perflab: first report\n');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('posted the review comment on #12');
    const second = await runScript('# perflab: second report\n');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('updated the review comment on #12');
    expect(comments.map((c) => c.id)).toEqual([7, 99]);
    expect(comments[1]?.body).toBe(`${REVIEW_MARKER}\n# perflab: second report\n`);
    expect(calls.every((c) => c.endsWith('Bearer test-token'))).toBe(true);
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /repos/team/guides/issues/12/comments Bearer test-token',
      'PATCH /repos/team/guides/issues/comments/99 Bearer test-token',
    ]);
  });
});
