import type { CodeInfo } from './code-info.ts';

/**
 * The codes of perflab's own GitHub workflows (npm run workflow-check, src/lib/review/workflow-audit.ts),
 * after zizmor's audits of the same names. See codes.ts.
 */
export const WORKFLOW_CODES = {
  E_WORKFLOW_YAML: {
    severity: 'error',
    meaning: 'a workflow is not plain YAML (an alias, a tag, a duplicate key) or not a mapping',
    hint: 'write it as GitHub documents workflows, without anchors or tags',
  },
  E_UNPINNED_USES: {
    severity: 'error',
    meaning:
      'an action is named by a tag or branch, which its owner can move to other code, or by a commit without its version beside it',
    hint: "write uses: owner/action@<full commit id> # vX.Y.Z, with a commit you looked up in the action's own repository",
  },
  E_UNPINNED_IMAGE: {
    severity: 'error',
    meaning: 'a container image is named by a tag, which can be pushed again with other content',
    hint: 'name it by digest: image@sha256:<64 hex digits>, with the tag in a comment',
  },
  E_DANGEROUS_TRIGGER: {
    severity: 'error',
    meaning:
      "pull_request_target runs the workflow with the base repository's token and secrets on an event a pull request's author starts",
    hint: "use pull_request (no token that writes) and, for a comment, a workflow_run job that reads the run's results as data",
  },
  W_DANGEROUS_TRIGGER: {
    severity: 'warning',
    meaning: 'workflow_run and issue_comment run with a token that can write, on data another run or a commenter made',
    hint: "if the job runs only the default branch's code and reads the other run's files as data, acknowledge it in the workflow: # acknowledged W_DANGEROUS_TRIGGER: <why it is safe>",
  },
  E_EXCESSIVE_PERMISSIONS: {
    severity: 'error',
    meaning:
      "a job's token has a scope, or a level, that none of its steps uses (or the default token, read-all or write-all), or a step whose token use the check does not know",
    hint: 'give the job only the scopes its steps use, in a permissions: block of its own, and permissions: {} at the top',
  },
  E_MISSING_PERMISSIONS: {
    severity: 'error',
    meaning: 'a step uses a token scope its job does not grant, so the step would fail',
    hint: "add the scope at the level the step uses to the job's permissions: block",
  },
  E_TEMPLATE_INJECTION: {
    severity: 'error',
    meaning:
      "a run: script has ${{ github.event.* }} (or the head branch's name) in its text: the runner pastes what a pull request's author wrote into the shell script before bash reads it",
    hint: 'pass the value in env: (VALUE: ${{ … }}) and use "$VALUE" in the script',
  },
} as const satisfies Record<string, CodeInfo>;
