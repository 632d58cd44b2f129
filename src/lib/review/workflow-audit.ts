// What perflab's GitHub workflows may do, checked on their parsed YAML (yaml-text.ts: core schema, so
// `on` is a string; no alias, no tag; the line of every value). Modelled on zizmor's audits
// (zizmorcore/zizmor, crates/zizmor/src/audit/): unpinned_uses.rs (here every action hash-pinned, not
// only third parties'; the version in a comment), unpinned_images.rs, dangerous_triggers.rs,
// excessive_permissions.rs (here per job, against what its steps use) and template_injection.rs.
import { errorAt, warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { pointerEscape, type JsonValue } from '../json-text.ts';
import { parseYamlReport } from '../yaml-text.ts';
import { appendAll } from '../append-all.ts';
import { ACTION_SCOPES, SCRIPT_SCOPES, isMap, merge, permissionProblems, type Level } from './workflow-permissions.ts';

/** Triggers zizmor's dangerous-triggers names: the first always an error, the others acknowledged with a reason. */
const REFUSED_TRIGGERS = ['pull_request_target'];
const ACKNOWLEDGED_TRIGGERS = ['workflow_run', 'issue_comment'];

/** Contexts a pull request's author writes (template_injection.rs: the event's fields, the head branch's name). */
const UNTRUSTED_CONTEXT = /\bgithub\s*\.\s*(event\b|head_ref\b)|\bgithub\s*\[\s*['"](event|head_ref)['"]/;

/** A warning the workflow acknowledges: `# acknowledged W_CODE: reason` on a line of its own. */
const ACKNOWLEDGEMENT = /^\s*#\s*acknowledged\s+(W_[A-Z_]+):\s*(\S.*)$/gm;

export type WorkflowAudit = { diagnostics: Diagnostic[]; acknowledged: { code: string; reason: string }[] };

/** The audit of one workflow file (`file` names it in every diagnostic). */
export function auditWorkflow(file: string, text: string): WorkflowAudit {
  const parsed = parseYamlReport(text);
  if (!parsed.ok)
    return {
      diagnostics: [
        errorAt('E_WORKFLOW_YAML', file, parsed.message, {
          line: parsed.line,
          column: parsed.column,
          found: parsed.found,
        }),
      ],
      acknowledged: [],
    };
  const { value, lines } = parsed.document;
  const sourceLines = parsed.source.split('\n');
  const lineOf = (...path: (string | number)[]) =>
    lines.get(path.map((part) => `/${pointerEscape(String(part))}`).join(''));
  const diagnostics: Diagnostic[] = [];
  const acknowledged = [...parsed.source.matchAll(ACKNOWLEDGEMENT)].map(([, code = '', reason = '']) => ({
    code,
    reason: reason.trim(),
  }));
  if (!isMap(value)) return { diagnostics: [errorAt('E_WORKFLOW_YAML', file, 'expected a mapping')], acknowledged };

  for (const trigger of triggers(value['on'])) {
    // The trigger's own line (a mapping value's line is that of its first entry, below the name).
    const named = sourceLines.findIndex((text) => new RegExp(`^\\s*(-\\s*)?${trigger}\\s*(:|$)`).test(text));
    const line = named >= 0 ? named + 1 : lineOf('on');
    if (REFUSED_TRIGGERS.includes(trigger))
      diagnostics.push(
        errorAt('E_DANGEROUS_TRIGGER', file, `${trigger} runs with the base repository's token and secrets`, {
          line,
          found: trigger,
        }),
      );
    else if (ACKNOWLEDGED_TRIGGERS.includes(trigger) && !acknowledged.some((a) => a.code === 'W_DANGEROUS_TRIGGER'))
      diagnostics.push(
        warningAt('W_DANGEROUS_TRIGGER', file, `${trigger} runs with a token that can write, on another run's data`, {
          line,
          found: trigger,
        }),
      );
  }

  const jobs = isMap(value['jobs']) ? value['jobs'] : {};
  for (const [name, job] of Object.entries(jobs)) {
    if (!isMap(job)) continue;
    const needed: Record<string, Level> = {};
    const steps = Array.isArray(job['steps']) ? job['steps'] : [];
    steps.forEach((step, index) => {
      if (!isMap(step)) return;
      const at = (key: string) => lineOf('jobs', name, 'steps', index, key) ?? lineOf('jobs', name, 'steps', index);
      if (typeof step['uses'] === 'string') {
        const line = at('uses');
        const problem = unpinned(step['uses'], line === undefined ? '' : (sourceLines[line - 1] ?? ''));
        if (problem) diagnostics.push(errorAt('E_UNPINNED_USES', file, problem, { line, found: step['uses'] }));
        const action = step['uses'].split('@')[0]?.split('/').slice(0, 2).join('/') ?? '';
        const scopes = ACTION_SCOPES[action];
        if (scopes === undefined && !step['uses'].startsWith('./'))
          diagnostics.push(
            errorAt('E_EXCESSIVE_PERMISSIONS', file, `job ${name}: the token scopes ${action} uses are not known`, {
              line,
              hint: 'add the action to ACTION_SCOPES (src/lib/review/workflow-permissions.ts) with the scopes its README names',
            }),
          );
        merge(needed, scopes ?? {});
        const inputs = isMap(step['with']) ? step['with'] : {};
        if (action === 'actions/download-artifact' && inputs['run-id'] !== undefined)
          merge(needed, { actions: 'read' });
      }
      if (typeof step['run'] === 'string') {
        for (const [expression] of step['run'].matchAll(/\$\{\{[^}]*\}\}/g))
          if (UNTRUSTED_CONTEXT.test(expression))
            diagnostics.push(
              errorAt('E_TEMPLATE_INJECTION', file, `job ${name}: a run script takes ${expression} into its text`, {
                line: at('run'),
                found: expression,
              }),
            );
        if (/secrets\s*\.\s*GITHUB_TOKEN|github\s*\.\s*token/.test(JSON.stringify(step))) {
          const script = /npm run (?:-s )?([\w:-]+)/.exec(step['run'])?.[1] ?? '';
          const scopes = SCRIPT_SCOPES[script];
          if (scopes === undefined)
            diagnostics.push(
              errorAt(
                'E_EXCESSIVE_PERMISSIONS',
                file,
                `job ${name}: a run step is handed the token for a use this check does not know`,
                {
                  line: at('run'),
                  hint: 'name the npm script it runs in SCRIPT_SCOPES (src/lib/review/workflow-permissions.ts) with the scopes it calls the API with',
                },
              ),
            );
          merge(needed, scopes ?? {});
        }
      }
    });
    appendAll(diagnostics, permissionProblems(file, name, job, value['permissions'], needed, lineOf));
    const image = isMap(job['container']) ? job['container']['image'] : job['container'];
    if (typeof image === 'string' && !/@sha256:[0-9a-f]{64}$/.test(image))
      diagnostics.push(
        errorAt('E_UNPINNED_IMAGE', file, `job ${name}: the container image is named by a tag that can move`, {
          line: lineOf('jobs', name, 'container', 'image') ?? lineOf('jobs', name, 'container'),
          found: image,
        }),
      );
  }
  return { diagnostics, acknowledged };
}

/** The trigger names of `on:` (a name, a list of names or a mapping). */
function triggers(on: JsonValue | undefined): string[] {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.filter((t): t is string => typeof t === 'string');
  return isMap(on) ? Object.keys(on) : [];
}

/** Why a `uses:` is not pinned by commit with its version in a comment, or undefined. */
function unpinned(uses: string, line: string): string | undefined {
  if (uses.startsWith('./')) return undefined;
  if (uses.startsWith('docker://'))
    return /@sha256:[0-9a-f]{64}$/.test(uses) ? undefined : 'a docker action is named by a tag that can move';
  const ref = uses.split('@')[1] ?? '';
  if (!/^[0-9a-f]{40}$/.test(ref))
    return `the action is named by ${ref ? `"${ref}"` : 'no ref'}, which can move: pin it by full commit id`;
  if (!/#\s*v?\d+(\.\d+)*\s*$/.test(line))
    return 'the commit has no version beside it: write it as a comment (# v1.2.3)';
  return undefined;
}
