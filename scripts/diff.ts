// diff: markdown report of what changed in data/guides since a git ref, for a pull request.
// Usage: npm run diff -- <git-ref>   (prints to stdout; run `npm run build` first)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { guidesDiff } from '../src/lib/review/guide-diff.ts';
import { ComputedGuideSchema, type ComputedGuide } from '../src/lib/schema/computed.ts';
import { listFiles, readText, repoPath, repoRoot } from './io.ts';

const ref = process.argv[2];
if (!ref) {
  process.stderr.write('usage: npm run diff -- <git-ref>   e.g. npm run diff -- origin/main\n');
  process.exit(2);
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

function load(text: string): ComputedGuide | undefined {
  const parsed = ComputedGuideSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

const idOf = (path: string) => path.replace(/^data\/guides\//, '').replace(/\.json$/, '');
const before = new Map<string, ComputedGuide>();
const unreadable = new Set<string>();
for (const path of git('ls-tree', '-r', '--name-only', ref, '--', 'data/guides')
  .split('\n')
  .filter((p) => p.endsWith('.json'))) {
  const guide = load(git('show', `${ref}:${path}`));
  if (guide) before.set(idOf(path), guide);
  else unreadable.add(idOf(path));
}
const after = new Map<string, ComputedGuide>();
for (const absolute of listFiles(join(repoRoot, 'data/guides'))) {
  const guide = load(readText(absolute));
  if (!guide) {
    process.stderr.write(
      `${repoPath(absolute)} is not a computed guide: run \`npm run build\` (or \`npm run compute\`) first\n`,
    );
    process.exit(1);
  }
  after.set(idOf(repoPath(absolute)), guide);
}

process.stdout.write(guidesDiff(before, after, ref, unreadable));
