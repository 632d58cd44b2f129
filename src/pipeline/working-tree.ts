// The guides as the working tree's sources make them, computed in memory (ingest + compute,
// nothing written): what `diff` reports on, so it never reads a data/ left stale by a skipped build;
// and, from git, the guides a ref committed and the files changed since it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stableJson } from '../lib/stable-json.ts';
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
import { folderProblems, guidesRoot, listGuideDirs, readText, repoRoot } from './fs-policy.ts';
import { ComputedGuideSchema } from '../lib/schema/computed.ts';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { compareFacts, compareSelections } from '../lib/compute/compare.ts';
import { ComputedProseSchema, type ComputedProse } from '../lib/schema/computed-prose.ts';
import { ComputedCompareSchema, type ComputedCompare } from '../lib/schema/computed-compare.ts';
import type { z } from 'zod';

export function computeWorkingTree(): {
  guides: Map<string, ComputedGuide>;
  /** each guide's prose, as data/prose would hold it */
  prose: Map<string, ComputedProse>;
  /** every compare page's selection, as data/compare would hold it */
  compare: ComputedCompare[];
  diagnostics: Diagnostic[];
  /** by guide, the warnings guide.yaml acknowledges, with their reasons */
  acknowledged: Map<string, Acknowledged[]>;
} {
  const guides = new Map<string, ComputedGuide>();
  const prose = new Map<string, ComputedProse>();
  const acknowledged = new Map<string, Acknowledged[]>();
  // A linked data/raw, content/guides or guide folder is not read: the report says so instead.
  const diagnostics: Diagnostic[] = folderProblems({ read: ['raw', 'content'] });
  if (diagnostics.length > 0) return { guides, prose, compare: [], diagnostics, acknowledged };
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
    if (built.prose) prose.set(id, built.prose);
    acknowledged.set(id, built.acknowledged ?? []);
  }
  const compare = compareSelections([...guides.values()].map(compareFacts));
  return { guides, prose, compare, diagnostics, acknowledged };
}

/**
 * The guides whose committed data/guides or data/prose file is not what the sources compute: the
 * report says the author did not rebuild, and CI refuses to merge it.
 */
export function staleGuides(
  guides: ReadonlyMap<string, ComputedGuide>,
  prose: ReadonlyMap<string, ComputedProse>,
): string[] {
  const differs = (dataFolder: string, id: string, value: unknown) => {
    const path = join(repoRoot, 'data', dataFolder, `${id}.json`);
    return !existsSync(path) || readText(path) !== stableJson(value);
  };
  return [...guides]
    .filter(([id, guide]) => differs('guides', id, guide) || (prose.has(id) && differs('prose', id, prose.get(id))))
    .map(([id]) => id);
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
  const { entries: guides, unreadable } = committedJson(ref, 'guides', ComputedGuideSchema);
  return { guides, unreadable };
}

/** The prose data/prose held at `ref`, by guide id, and the ids of those this perflab cannot read. */
export function committedProse(ref: string): { prose: Map<string, ComputedProse>; unreadable: Set<string> } {
  const { entries: prose, unreadable } = committedJson(ref, 'prose', ComputedProseSchema);
  return { prose, unreadable };
}

/** The compare selections data/compare held at `ref` (none before compute wrote them), readable ones only. */
export function committedCompare(ref: string): ComputedCompare[] {
  return [...committedJson(ref, 'compare', ComputedCompareSchema).entries.values()];
}

/** Every `data/<folder>/**.json` at `ref`, by its path under the folder without `.json`. */
function committedJson<T extends z.ZodType>(
  ref: string,
  dataFolder: 'guides' | 'prose' | 'compare',
  schema: T,
): { entries: Map<string, z.output<T>>; unreadable: Set<string> } {
  const read = new Map<string, z.output<T>>();
  const unreadable = new Set<string>();
  const prefix = `data/${dataFolder}/`;
  for (const path of git('ls-tree', '-r', '--name-only', ref, '--', prefix).split('\n')) {
    if (!path.endsWith('.json')) continue;
    const id = path.slice(prefix.length, -'.json'.length);
    const file = `${ref}:${path}`;
    const checked = validateJson(schema, git('show', file), file);
    if (checked.ok) {
      read.set(id, checked.data);
      continue;
    }
    unreadable.add(id);
    process.stderr.write(`diff: ${file} is not comparable with this perflab's ${dataFolder}:\n`);
    for (const d of checked.diagnostics.slice(0, 5)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  }
  return { entries: read, unreadable };
}

/** The files the working tree changed since `ref`: tracked ones, and new ones not yet added. */
export function changedSince(ref: string): string[] {
  return [
    ...git('diff', '--name-only', '--no-renames', '-z', ref, '--').split('\0'),
    ...git('ls-files', '--others', '--exclude-standard', '-z').split('\0'),
  ].filter((path) => path !== '');
}
