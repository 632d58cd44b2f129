// The commands a guide's plan held at a trusted ref: the branch's upstream unless the author names
// another (run-plan --trusted-ref). Read from git's objects, never from the working tree, so what a
// pull request changed is new against them. git runs from the author's PATH with perflab's own
// environment (./programs.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { validate } from '../lib/diagnostics/validate.ts';
import { parseYamlSource } from '../lib/guide-source/yaml-source.ts';
import { planGuide } from '../lib/plan/plan.ts';
import { planCommandKeys, type Trusted } from '../lib/plan/run-review.ts';
import type { ServerOptions } from '../lib/plan/serving.ts';
import { GuideSchema } from '../lib/schema/guide-yaml.ts';
import { folder, repoPath, repoRoot } from './fs-policy.ts';
import { programEnvironment, repositoryRoots, resolveProgram } from './programs.ts';

function git(path: string, args: readonly string[]): { out: string } | { failed: string } {
  try {
    return {
      out: execFileSync(path, args, {
        cwd: repoRoot,
        env: programEnvironment(),
        encoding: 'utf8',
        maxBuffer: 16 * 2 ** 20,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    };
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    return { failed: (typeof stderr === 'string' ? stderr : String(error)).trim().split('\n')[0] ?? '' };
  }
}

/** The commands of guide `id`'s plan at `ref` (else the upstream of the checked-out branch). */
export function trustedCommands(id: string, ref: string | undefined, options: ServerOptions = {}): Trusted {
  const found = resolveProgram('git');
  if ('problem' in found) return { problem: found.problem };
  let name = ref;
  if (name === undefined) {
    const upstream = git(found.path, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
    if ('failed' in upstream)
      return {
        problem:
          'the checked-out branch has no upstream: give --trusted-ref <ref> (a branch you reviewed, e.g. origin/main)',
      };
    name = upstream.out.trim();
  }
  // A ref is a name, never an option of git's.
  if (name === '' || name.startsWith('-')) return { problem: `--trusted-ref ${name} is not a git ref` };
  const commit = git(found.path, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
  if ('failed' in commit) return { problem: `${name} is not a commit in this repository` };
  const sha = commit.out.trim();
  const file = repoPath(join(folder('content'), id, 'guide.yaml'));
  const shown = git(found.path, ['show', `${sha}:./${file}`]);
  if ('failed' in shown) return { ref: name, keys: new Set(), note: `${file} is not there` };
  const yaml = parseYamlSource(shown.out, `${name}:${file}`);
  if (yaml.diagnostics.length > 0) return { ref: name, keys: new Set(), note: `${file} does not read there` };
  const parsed = validate(GuideSchema, yaml.data, { file, locate: yaml.locate, bareKey: yaml.bareKey });
  if (!parsed.ok) return { ref: name, keys: new Set(), note: `${file} is not a valid guide there` };
  const plan = planGuide(id, parsed.data, { ...options, repoRoots: repositoryRoots() });
  return { ref: name, keys: planCommandKeys(plan.measurements) };
}
