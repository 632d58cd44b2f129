// The guides as the working tree's sources make them, computed in memory (ingest + compute,
// nothing written): what `diff` reports on, so it never reads a data/ left stale by a skipped build;
// and, from git, the guides a ref committed and the files changed since it.
import { execFileSync } from 'node:child_process';
import { appendAll } from '../lib/append-all.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { blockIndex } from '../lib/compute/block-index.ts';
import { guideCopySettlement } from './run-blocks.ts';
import { ingestGuide } from '../lib/ingest/ingest-guide.ts';
import { sshVerifier } from './record-signatures.ts';
import type { ComputedGuide } from '../lib/schema/computed.ts';
import type { Acknowledged } from '../lib/compute/acknowledgements.ts';
import { readGuideSources, readRawFiles } from './sources.ts';
import { today } from './clock.ts';
import { folderProblems, guidesRoot, listGuideDirs, repoRoot } from './fs-policy.ts';
import { ComputedGuideSchema } from '../lib/schema/computed.ts';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';

export function computeWorkingTree(): {
  guides: Map<string, ComputedGuide>;
  diagnostics: Diagnostic[];
  /** by guide, the warnings guide.yaml acknowledges, with their reasons */
  acknowledged: Map<string, Acknowledged[]>;
} {
  const guides = new Map<string, ComputedGuide>();
  const acknowledged = new Map<string, Acknowledged[]>();
  // A linked data/raw, content/guides or guide folder is not read: the report says so instead.
  const diagnostics: Diagnostic[] = folderProblems({ read: ['raw', 'content'] });
  if (diagnostics.length > 0) return { guides, diagnostics, acknowledged };
  const verify = sshVerifier();
  const ingestedGuides = listGuideDirs(guidesRoot).flatMap((id) => {
    const raw = readRawFiles(id);
    const ingested = ingestGuide(raw.files, { verify });
    appendAll(diagnostics, [...raw.diagnostics, ...ingested.diagnostics]);
    if ([...raw.diagnostics, ...ingested.diagnostics].some((d) => d.severity === 'error')) return [];
    return [{ id, runs: ingested.runs, settles: guideCopySettlement(id) }];
  });
  const blocks = blockIndex(ingestedGuides);
  const date = today();
  for (const { id, runs } of ingestedGuides) {
    const { sources, diagnostics: unreadable } = readGuideSources(id, runs);
    const built = buildGuide({ ...sources, blocks, today: date });
    appendAll(diagnostics, [...unreadable, ...built.diagnostics]);
    if (built.guide) guides.set(id, built.guide);
    acknowledged.set(id, built.acknowledged ?? []);
  }
  return { guides, diagnostics, acknowledged };
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** Whether `ref` names a commit of the repository. */
export function isCommit(ref: string): boolean {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The guides data/guides held at `ref`, and the ids of those this perflab cannot read (an older
 * schema, or not JSON): the report names those as not compared, and stderr says why.
 */
export function committedGuides(ref: string): { guides: Map<string, ComputedGuide>; unreadable: Set<string> } {
  const guides = new Map<string, ComputedGuide>();
  const unreadable = new Set<string>();
  for (const path of git('ls-tree', '-r', '--name-only', ref, '--', 'data/guides').split('\n')) {
    if (!path.endsWith('.json')) continue;
    const id = path.replace(/^data\/guides\//, '').replace(/\.json$/, '');
    const file = `${ref}:${path}`;
    const checked = validateJson(ComputedGuideSchema, git('show', file), file);
    if (checked.ok) {
      guides.set(id, checked.data);
      continue;
    }
    unreadable.add(id);
    process.stderr.write(`diff: ${file} is not comparable with this perflab's guides:\n`);
    for (const d of checked.diagnostics.slice(0, 5)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  }
  return { guides, unreadable };
}

/** The files the working tree changed since `ref`: tracked ones, and new ones not yet added. */
export function changedSince(ref: string): string[] {
  return [
    ...git('diff', '--name-only', '--no-renames', '-z', ref, '--').split('\0'),
    ...git('ls-files', '--others', '--exclude-standard', '-z').split('\0'),
  ].filter((path) => path !== '');
}
