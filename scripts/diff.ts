// diff: markdown report of what changed in the computed guides since a git ref, for a pull request.
// Usage: npm run diff -- <git-ref>   (prints to stdout)
// "After" is computed here from the working tree's raw files, guide.yaml and prose, so the report is
// never stale; "before" is what the ref committed in data/guides. A data/guides that does not match
// the sources is named in the report (CI refuses to merge it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { changedPages } from '../src/lib/review/changed-pages.ts';
import { guidesDiff } from '../src/lib/review/guide-diff.ts';
import { ComputedGuideSchema, type ComputedGuide } from '../src/lib/schema/computed.ts';
import { stableJson } from '../src/lib/stable-json.ts';
import { formatDiagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { validateJson } from '../src/lib/diagnostics/validate.ts';
import { readText, repoRoot } from '../src/pipeline/fs-policy.ts';
import { reportDiagnostics } from '../src/pipeline/report.ts';
import { computeWorkingTree } from '../src/pipeline/working-tree.ts';

const ref = process.argv[2];
if (!ref || ref.startsWith('-')) {
  process.stderr.write('usage: npm run diff -- <git-ref>   e.g. npm run diff -- origin/main\n');
  process.exit(2);
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
try {
  git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
} catch {
  process.stderr.write(`diff: "${ref}" is not a commit in this repository (try origin/main, HEAD~1 or a commit id)\n`);
  process.exit(2);
}

/**
 * A guide as the ref committed it, or undefined when this perflab cannot read it (an older schema,
 * or not JSON): the report names it as not compared, and stderr says why.
 */
function load(text: string, file: string): ComputedGuide | undefined {
  const checked = validateJson(ComputedGuideSchema, text, file);
  if (checked.ok) return checked.data;
  process.stderr.write(`diff: ${file} is not comparable with this perflab's guides:\n`);
  for (const d of checked.diagnostics.slice(0, 5)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  return undefined;
}

const idOf = (path: string) => path.replace(/^data\/guides\//, '').replace(/\.json$/, '');
const before = new Map<string, ComputedGuide>();
const unreadable = new Set<string>();
for (const path of git('ls-tree', '-r', '--name-only', ref, '--', 'data/guides')
  .split('\n')
  .filter((p) => p.endsWith('.json'))) {
  const guide = load(git('show', `${ref}:${path}`), `${ref}:${path}`);
  if (guide) before.set(idOf(path), guide);
  else unreadable.add(idOf(path));
}

const { guides: after, diagnostics, acknowledged } = computeWorkingTree();
// Warnings are check's business; the diff only refuses a tree that does not build.
// exitCode, not exit(): a long report to a pipe is written out before the process ends.
if (reportDiagnostics(diagnostics.filter((d) => d.severity === 'error'))) {
  process.stderr.write('diff: the working tree does not build; fix the errors above, then run the diff again\n');
  process.exitCode = 1;
} else {
  // The committed data/guides must be what the sources compute; say which are not.
  const stale = [...after]
    .filter(([id, guide]) => {
      const path = join(repoRoot, 'data/guides', `${id}.json`);
      return !existsSync(path) || readText(path) !== stableJson(guide);
    })
    .map(([id]) => id);
  // The files the change touches: tracked ones against the ref, and new ones not yet added.
  const changedFiles = [
    ...git('diff', '--name-only', '--no-renames', '-z', ref, '--').split('\0'),
    ...git('ls-files', '--others', '--exclude-standard', '-z').split('\0'),
  ].filter((path) => path !== '');
  const pages = changedPages(changedFiles, before, after);
  process.stdout.write(guidesDiff(before, after, ref, { unreadable, stale, pages, acknowledged }));
}
