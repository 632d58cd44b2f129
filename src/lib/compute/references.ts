import { byCodeUnit } from '../code-unit-order.ts';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { ResultRef } from '../schema/guide-yaml.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';

/** A run's file relative to its guide's raw folder ("engine/vllm.txt"), as guide.yaml names it. */
export function rawPathOf(run: Run, guideId: string): string {
  return run.source.file.split(`/${guideId}/`)[1] ?? run.source.file;
}

/** Every block of the raw file `rawPath` (a run id is its path without the extension, plus `#block`). */
function runsOfFile(ctx: ComputeContext, rawPath: string): Run[] {
  const base = rawPath.replace(/\.[^./]+$/, '');
  return ctx.runs.filter((run) => run.id === base || run.id.startsWith(`${base}#`));
}

/** How many file names an error lists before it says how many more there are. */
const LISTED = 8;

/**
 * A `result:` or `log:` naming a file ingest did not read: the files it did read, the one meant when
 * one is close, and when the guide's raw folder holds none yet, that the raw output goes there first.
 */
function noSuchFile(ctx: ComputeContext, rawPath: string, path: YamlPath): void {
  const folder = `data/raw/${ctx.id}/`;
  const files = [...new Set(ctx.runs.map((run) => rawPathOf(run, ctx.id)))].sort();
  const listed = files.slice(0, LISTED).map((f) => JSON.stringify(f));
  if (files.length > LISTED) listed.push(`and ${files.length - LISTED} more`);
  ctx.error(path, 'E_REFERENCE', `no raw result "${rawPath}" under ${folder}`, {
    expected:
      files.length > 0
        ? `a file ingest read under ${folder}: ${listed.join(', ')}`
        : `a file ingest read under ${folder}, which holds none yet`,
    found: JSON.stringify(rawPath),
    hint:
      storedFromSummary(rawPath, files) ??
      didYouMean(rawPath, files) ??
      (files.length > 0
        ? `copy the benchmark's output, as the tool printed it, to ${folder}${rawPath}, or name one of the files listed`
        : `${folder} holds no benchmark output yet: copy each benchmark's output there first, as the tool printed it (this one to ${folder}${rawPath})`),
  });
}

/**
 * A sweep's `run=N.json` beside the folder's `summary.json` is stored from the summary, which
 * holds the same run (ingest/sweep-repeats.ts): say to name the summary, which stands for all the runs.
 */
function storedFromSummary(rawPath: string, files: readonly string[]): string | undefined {
  const run = /^(.*\/)?run=\d+\.json$/.exec(rawPath);
  if (!run) return undefined;
  const summary = `${run[1] ?? ''}summary.json`;
  if (!files.includes(summary)) return undefined;
  return `vllm bench sweep writes each run to ${summary} too, and perflab stores it from there: name "${summary}", which stands for every run of the combination (its repeats)`;
}

function markUsed(ctx: ComputeContext, run: Run, path: YamlPath): void {
  ctx.usedRuns.set(run.id, run);
  if (!ctx.usedAt.has(run.id)) ctx.usedAt.set(run.id, path);
}

/** The one run a `result:` names: its file, and the block when the file holds several. */
export function resolveResult(ctx: ComputeContext, ref: ResultRef, path: YamlPath): Run | undefined {
  const {
    file: rawPath,
    block,
    format,
  } = typeof ref === 'string' ? { file: ref, block: undefined, format: undefined } : ref;
  const candidates = runsOfFile(ctx, rawPath);
  if (candidates.length === 0) {
    noSuchFile(ctx, rawPath, path);
    return undefined;
  }
  let run: Run | undefined;
  if (block === undefined) {
    // A file of one configuration's repeated runs (a sweep's summary.json) is that configuration.
    if (candidates.length > 1 && !oneRepeatGroup(candidates)) {
      ctx.error(
        path,
        'E_REFERENCE',
        `"${rawPath}" holds ${candidates.length} result blocks; say which with \`block:\``,
        {
          expected: `block: one of ${candidates.map((c) => JSON.stringify(c.source.blockLabel ?? c.source.blockIndex + 1)).join(', ')}`,
          found: 'no block',
        },
      );
      return undefined;
    }
    run = candidates[0];
  } else if (typeof block === 'number') {
    run = candidates.find((c) => c.source.blockIndex + 1 === block);
    if (!run)
      ctx.error(path, 'E_REFERENCE', `"${rawPath}" has no block #${block}`, {
        expected: `1 to ${candidates.length}`,
        found: String(block),
      });
  } else {
    run = candidates.find((c) => c.source.blockLabel === block);
    const labels = candidates.map((c) => c.source.blockLabel).filter((l): l is string => l !== null);
    if (!run) {
      const hint =
        didYouMean(block, labels) ??
        (labels.length > 0
          ? `name one of the labels listed, or add a "# ${block}" line above the block in ${rawPath}`
          : `remove block:, or add a "# label" line above each block in ${rawPath}`);
      ctx.error(path, 'E_REFERENCE', `"${rawPath}" has no block labelled "${block}"`, {
        expected:
          labels.length > 0
            ? `one of ${labels.map((l) => JSON.stringify(l)).join(', ')}`
            : `no \`block:\` — the file's ${candidates.length === 1 ? 'only block has' : 'blocks have'} no "# label" line`,
        found: JSON.stringify(block),
        hint,
      });
    }
  }
  if (run && format !== undefined && run.source.format !== format) {
    ctx.error(path, 'E_FORMAT_CONTRADICTS', `"${rawPath}" was read as ${run.source.format}, not ${format}`, {
      expected: format,
      found: run.source.format,
    });
  }
  if (run) markUsed(ctx, run, path);
  return run;
}

/**
 * The run a `result:` names, or undefined when it names none, reporting nothing: for a check that
 * reads what ran beside the result (resolveResult reports a bad reference once, where it is used).
 */
export function runOfResult(ctx: ComputeContext, ref: ResultRef): Run | undefined {
  const { file, block } = typeof ref === 'string' ? { file: ref, block: undefined } : ref;
  const candidates = runsOfFile(ctx, file);
  if (block === undefined) return candidates.length === 1 || oneRepeatGroup(candidates) ? candidates[0] : undefined;
  return typeof block === 'number'
    ? candidates.find((c) => c.source.blockIndex + 1 === block)
    : candidates.find((c) => c.source.blockLabel === block);
}

/** Whether every run is a repeat of one configuration (RunSchema.repeat). */
function oneRepeatGroup(runs: readonly Run[]): boolean {
  const group = runs[0]?.repeat?.group;
  return group !== undefined && runs.every((run) => run.repeat?.group === group);
}

const groupsOf = new WeakMap<readonly Run[], Map<string, Run[]>>();

/** The guide's runs by repeat group, each in the tool's order: made once for the guide's runs. */
function repeatGroups(runs: readonly Run[]): Map<string, Run[]> {
  const known = groupsOf.get(runs);
  if (known) return known;
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    if (!run.repeat) continue;
    const group = groups.get(run.repeat.group);
    if (group) group.push(run);
    else groups.set(run.repeat.group, [run]);
  }
  for (const group of groups.values())
    group.sort((a, b) => (a.repeat?.index ?? 0) - (b.repeat?.index ?? 0) || byCodeUnit(a.id, b.id));
  groupsOf.set(runs, groups);
  return groups;
}

/**
 * Every run of the configuration `run` is a repeat of (its repeat group, in the tool's order), or
 * just `run`: a result naming one repeat stands for all of them, since they are one variant's
 * measurement and never separate variants. Each is a run the page shows.
 */
export function repeatsOf(ctx: ComputeContext, run: Run, path: YamlPath): readonly Run[] {
  const group = run.repeat ? repeatGroups(ctx.runs).get(run.repeat.group) : undefined;
  if (!group || group.length < 2) return [run];
  for (const repeat of group) markUsed(ctx, repeat, path);
  return group;
}

/** Every block of a whole log, in file order (for "other benchmark cases" shown as one log). */
export function resolveLog(ctx: ComputeContext, log: string, path: YamlPath): Run[] | undefined {
  const blocks = runsOfFile(ctx, log).sort((a, b) => a.source.blockIndex - b.source.blockIndex);
  if (blocks.length === 0) {
    noSuchFile(ctx, log, path);
    return undefined;
  }
  // A block first used here is located here: a warning about it points at the log's line, not at guide.yaml's top.
  for (const run of blocks) markUsed(ctx, run, path);
  return blocks;
}

/** An id guide.yaml uses to point at one of its own lists (an engine, a profile, a step). */
export function lookup<T extends { id: string }>(
  ctx: ComputeContext,
  items: readonly T[],
  what: string,
  id: string,
  path: YamlPath,
): T | undefined {
  const found = items.find((item) => item.id === id);
  if (!found) {
    const ids = items.map((item) => item.id);
    ctx.error(path, 'E_REFERENCE', `unknown ${what} "${id}"`, {
      expected: ids.length > 0 ? `one of ${ids.join(', ')}` : `a ${what} guide.yaml defines (it defines none)`,
      found: JSON.stringify(id),
      hint:
        didYouMean(id, ids) ??
        (ids.length > 0
          ? `name one of the ${what}s listed`
          : `define the ${what} first, in guide.yaml's ${what}s: list, with id: ${id}`),
    });
  }
  return found;
}

/** Reports every repeated id; true when all are unique. */
export function checkUnique(
  ctx: ComputeContext,
  ids: readonly string[],
  pathOf: (index: number) => YamlPath,
  what: string,
): boolean {
  const seen = new Map<string, number>();
  let unique = true;
  ids.forEach((id, index) => {
    const first = seen.get(id);
    if (first !== undefined) {
      ctx.error(pathOf(index), 'E_DUPLICATE', `duplicate ${what} id "${id}" (first used at index ${first})`, {
        expected: `a unique ${what} id`,
        found: JSON.stringify(id),
      });
      unique = false;
    } else seen.set(id, index);
  });
  return unique;
}
