// The workflow check (src/lib/review/workflow-audit.ts, npm run workflow-check): the repository's own
// workflows pass, and each planted weakness (an action by tag, a commit without its version, an
// image by tag, pull_request_target, an unacknowledged workflow_run, a widened or missing
// permission, the default token, an expression of the event in a script) is found at its line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditWorkflow } from '../../src/lib/review/workflow-audit.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const folder = join(repoRoot, '.github/workflows');
const text = (file: string) => readFileSync(join(folder, file), 'utf8');
const codes = (file: string, body: string) => auditWorkflow(file, body).diagnostics.map((d) => [d.code, d.line]);
/** `body` with `from` replaced once, failing the test when `from` is not there (the plant must take). */
const planted = (body: string, from: string, to: string) => {
  expect(body).toContain(from);
  return body.replace(from, to);
};
const lineOf = (body: string, part: string) => body.slice(0, body.indexOf(part)).split('\n').length;

describe('workflow check', () => {
  it.each(readdirSync(folder))('%s passes', (file) => {
    expect(auditWorkflow(file, text(file)).diagnostics).toEqual([]);
  });

  it('the comment job acknowledges its workflow_run trigger, with a reason', () => {
    const { acknowledged } = auditWorkflow('review-comment.yml', text('review-comment.yml'));
    expect(acknowledged).toEqual([{ code: 'W_DANGEROUS_TRIGGER', reason: expect.stringContaining('default branch') }]);
    const bare = text('review-comment.yml').replace(/^# acknowledged .*\n/m, '');
    expect(codes('review-comment.yml', bare)).toEqual([['W_DANGEROUS_TRIGGER', lineOf(bare, 'workflow_run:')]]);
  });

  it('an action by tag, or by commit without its version, is unpinned', () => {
    const deploy = text('deploy.yml');
    const byTag = planted(
      deploy,
      'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1',
      'actions/checkout@v7',
    );
    expect(codes('deploy.yml', byTag)).toEqual([['E_UNPINNED_USES', lineOf(byTag, 'actions/checkout@v7')]]);
    const bare = planted(
      deploy,
      '3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1',
      '3d3c42e5aac5ba805825da76410c181273ba90b1',
    );
    expect(auditWorkflow('deploy.yml', bare).diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('no version beside it'),
    ]);
  });

  it('a container image by tag is unpinned', () => {
    const pr = text('pull-request.yml');
    const byTag = pr.replace(/node:24-trixie@sha256:[0-9a-f]{64}/, 'node:24-trixie');
    expect(codes('pull-request.yml', byTag)).toEqual([['E_UNPINNED_IMAGE', lineOf(byTag, 'image: node:24-trixie')]]);
  });

  it('a widened permission is excessive, at its line; a missing one is named', () => {
    const deploy = text('deploy.yml');
    const widened = planted(
      deploy,
      '      contents: read\n      pages: read\n',
      '      contents: write\n      pages: read\n',
    );
    expect(codes('deploy.yml', widened)).toEqual([['E_EXCESSIVE_PERMISSIONS', lineOf(widened, 'contents: write')]]);
    const comment = text('review-comment.yml');
    const extra = planted(comment, '      pull-requests: write\n', '      pull-requests: write\n      issues: write\n');
    expect(codes('review-comment.yml', extra)).toEqual([
      ['E_EXCESSIVE_PERMISSIONS', lineOf(extra, '      issues: write\n')],
    ]);
    const missing = planted(deploy, '      contents: read\n      pages: read\n', '      contents: read\n');
    expect(codes('deploy.yml', missing).map(([code]) => code)).toEqual(['E_MISSING_PERMISSIONS']);
  });

  it("a job without a permissions block gets GitHub's default token: excessive", () => {
    const pr = planted(text('pull-request.yml'), 'permissions: {}\n', '');
    const ungranted = planted(pr, '    permissions:\n      contents: read\n', '');
    expect(codes('pull-request.yml', ungranted).map(([code]) => code)).toEqual(['E_EXCESSIVE_PERMISSIONS']);
    const everything = planted(
      text('pull-request.yml'),
      '    permissions:\n      contents: read\n',
      '    permissions: write-all\n',
    );
    expect(codes('pull-request.yml', everything).map(([code]) => code)).toEqual(['E_EXCESSIVE_PERMISSIONS']);
  });

  it('pull_request_target is refused; an expression of the event in a script is template injection', () => {
    const pr = text('pull-request.yml');
    const target = planted(pr, 'on:\n  pull_request:\n', 'on:\n  pull_request_target:\n');
    expect(codes('pull-request.yml', target)).toEqual([
      ['E_DANGEROUS_TRIGGER', lineOf(target, 'pull_request_target:')],
    ]);
    const injected = planted(
      pr,
      'run: bash .ci/run',
      'run: echo "${{ github.event.pull_request.title }}" && bash .ci/run',
    );
    expect(codes('pull-request.yml', injected)).toEqual([['E_TEMPLATE_INJECTION', lineOf(injected, 'echo "${{')]]);
    // In env: the value reaches the script as a variable, never as its text.
    expect(codes('pull-request.yml', pr.replace('run: bash .ci/run', 'run: echo "$TITLE"'))).toEqual([]);
  });

  it('an action whose token use is not known, and YAML with an alias, are findings too', () => {
    const deploy = planted(
      text('deploy.yml'),
      '      - run: npm ci --no-audit --no-fund\n',
      '      - run: npm ci --no-audit --no-fund\n      - uses: someone/action@0123456789abcdef0123456789abcdef01234567 # v1.0.0\n',
    );
    expect(codes('deploy.yml', deploy).map(([code]) => code)).toEqual(['E_EXCESSIVE_PERMISSIONS']);
    expect(codes('a.yml', 'on: &x push\njobs: *x\n').map(([code]) => code)).toEqual(['E_WORKFLOW_YAML']);
  });
});

describe('npm run workflow-check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-workflow-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(repoRoot, 'scripts/workflow-check.ts'), ...args], { cwd: dir, encoding: 'utf8' });

  it("passes the repository's workflows and fails a planted unpinned action, naming file and line", () => {
    const clean = run();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('workflow-check: 3 workflows, 0 findings');
    const file = join(dir, 'deploy.yml');
    writeFileSync(
      file,
      text('deploy.yml').replace(/actions\/deploy-pages@[0-9a-f]{40} # v[\d.]+/, 'actions/deploy-pages@v5'),
    );
    const unpinned = run(file);
    expect(unpinned.status).toBe(1);
    expect(unpinned.stderr).toMatch(/^deploy\.yml:\d+: error E_UNPINNED_USES: the action is named by "v5"/m);
  });
});
