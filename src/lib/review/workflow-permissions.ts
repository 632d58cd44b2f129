// The token scopes of a job against what its steps use (workflow-audit.ts): zizmor's
// excessive-permissions (crates/zizmor/src/audit/excessive_permissions.rs) flags the default token,
// read-all, write-all and writes at the workflow level, but cannot tell whether a job's own block is
// too wide; here each action and npm script names the scopes it uses, so the job's block is held to them.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { JsonValue } from '../json-text.ts';

export type Level = 'read' | 'write';
export type Scopes = Readonly<Record<string, Level>>;

/**
 * The token scopes each action uses, from its own README ("Permissions"): checkout reads the
 * repository, configure-pages reads the Pages site, deploy-pages writes it with an OIDC token,
 * attest-build-provenance signs with one and writes the attestation; the artifact actions use the
 * runner's own token within a run (download-artifact asks for actions: read only for another run).
 */
export const ACTION_SCOPES: Readonly<Record<string, Scopes>> = {
  'actions/checkout': { contents: 'read' },
  'actions/configure-pages': { pages: 'read' },
  'actions/upload-pages-artifact': {},
  'actions/deploy-pages': { pages: 'write', 'id-token': 'write' },
  'actions/upload-artifact': {},
  'actions/download-artifact': {},
  'actions/attest-build-provenance': { 'id-token': 'write', attestations: 'write' },
};

/**
 * The scopes of the npm scripts a `run:` step hands the token to (the only code of ours that calls
 * the API): pr-comment checks out what it fetches, lists a commit's pull requests and a run's
 * artifacts, and writes the comment (src/pipeline/review-comment.ts).
 */
export const SCRIPT_SCOPES: Readonly<Record<string, Scopes>> = {
  'pr-comment': { contents: 'read', actions: 'read', 'pull-requests': 'write' },
};

export type YamlMap = { [key: string]: JsonValue };
export const isMap = (value: JsonValue | undefined): value is YamlMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LEVELS: Readonly<Record<Level, number>> = { read: 1, write: 2 };

/** The wider of the two levels for every scope. */
export function merge(into: Record<string, Level>, scopes: Scopes): void {
  for (const [scope, level] of Object.entries(scopes)) {
    const had = into[scope];
    if (had === undefined || LEVELS[level] > LEVELS[had]) into[scope] = level;
  }
}

/**
 * A job's token against what its steps use: its own `permissions:`, else the workflow's. No block
 * at all is GitHub's default token (which may write everything), `read-all`/`write-all` every
 * scope: both wider than any job needs. A scope granted beyond what a step uses is excessive; one a
 * step uses and the job lacks would fail the run.
 */
export function permissionProblems(
  file: string,
  name: string,
  job: YamlMap,
  workflowPermissions: JsonValue | undefined,
  needed: Scopes,
  lineOf: (...path: (string | number)[]) => number | undefined,
): Diagnostic[] {
  const own = job['permissions'];
  const granted = own ?? workflowPermissions;
  const line =
    own !== undefined ? lineOf('jobs', name, 'permissions') : (lineOf('permissions') ?? lineOf('jobs', name));
  const wanted = describe(needed);
  if (granted === undefined || typeof granted === 'string' || !isMap(granted))
    return [
      errorAt(
        'E_EXCESSIVE_PERMISSIONS',
        file,
        `job ${name}: ${granted === undefined ? "no permissions: block gives it GitHub's default token" : `permissions: ${JSON.stringify(granted)} grants every scope`}`,
        {
          line,
          expected: wanted,
        },
      ),
    ];
  const problems: Diagnostic[] = [];
  for (const [scope, level] of Object.entries(granted)) {
    if (level === 'none') continue;
    const use = needed[scope];
    if (use === undefined || (level === 'write' && use === 'read'))
      problems.push(
        errorAt(
          'E_EXCESSIVE_PERMISSIONS',
          file,
          `job ${name}: ${scope}: ${String(level)} is wider than its steps use`,
          {
            line:
              (own !== undefined ? lineOf('jobs', name, 'permissions', scope) : lineOf('permissions', scope)) ?? line,
            expected: wanted,
            found: `${scope}: ${String(level)}`,
          },
        ),
      );
  }
  for (const [scope, level] of Object.entries(needed)) {
    const has = granted[scope];
    if (has !== 'write' && !(has === 'read' && level === 'read'))
      problems.push(
        errorAt(
          'E_MISSING_PERMISSIONS',
          file,
          `job ${name}: a step uses ${scope}: ${level}, which the job does not grant`,
          {
            line,
            expected: wanted,
          },
        ),
      );
  }
  return problems;
}

const describe = (scopes: Scopes) =>
  Object.keys(scopes).length === 0
    ? 'permissions: {}'
    : Object.entries(scopes)
        .map(([scope, level]) => `${scope}: ${level}`)
        .join(', ');
