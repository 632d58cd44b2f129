// Content loader for guide pages: the computed data/guides/<guide>.json plus its prose as compute
// parsed it (data/prose/<guide>.json), each slot rendered to HTML. Computing happened in
// src/pipeline/compute.ts; this reads, and under `astro dev` it also brings a guide up to date when
// its raw files or sources change.
import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { renderProse } from '../lib/guide-source/prose-render.ts';
import { ComputedProseSchema } from '../lib/schema/computed-prose.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { ComputedGuideSchema, type ComputedGuide } from '../lib/schema/computed.ts';
import { computedByThisCode } from '../pipeline/cache.ts';
import { LAST_UPDATED_FILE } from '../lib/last-updated.ts';
import { sitePaths } from '../lib/site-paths.ts';
import { devGuideEntries, devRejections, reloadOpenPages } from './dev-entries.ts';
import { isPlausibilityWarning } from '../pipeline/report.ts';
import { timed } from '../lib/phase-times.ts';

const ProseHtmlSchema = z.object({
  title: z.string(),
  description: z.string(),
  slots: z.record(z.string(), z.string()),
  untranslated: z.boolean().optional(),
});

export const GuideEntrySchema = z.object({
  guide: ComputedGuideSchema,
  prose: z.object({ en: ProseHtmlSchema, zh: ProseHtmlSchema }),
  /** YYYY-MM-DD of the newest commit that changed the guide's raw files (scripts/last-updated.ts) */
  lastUpdated: z.string().optional(),
});

/** The dates scripts/last-updated.ts wrote for this build; none when it has not run. */
function lastUpdatedDates(root: string): Record<string, string> {
  const file = join(root, LAST_UPDATED_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

type Options = { dataDir: string; proseDir: string; contentDir: string; rawDir: string };

export function guideLoader(options: Options): Loader {
  return {
    name: 'perflab-guides',
    schema: GuideEntrySchema,
    load: async (context) => {
      // PERFLAB_ROOT: build another site's data with this code (see src/pipeline/fs-policy.ts).
      const root = process.env.PERFLAB_ROOT ?? context.config.root.pathname;
      const dirs = {
        data: join(root, options.dataDir),
        prose: join(root, options.proseDir),
        content: join(root, options.contentDir),
        raw: join(root, options.rawDir),
      };
      const { watcher, logger } = context;
      if (watcher) {
        // Dev: raw files or sources edited while no server ran are ingested and computed first.
        // Quietly: only a guide that fails is named (the one being edited is reported on each change).
        const { refreshGuide, guideIds } = await import('../pipeline/refresh.ts');
        const ids = guideIds();
        const failed = ids.filter((id) => !reportRefresh(logger, id, refreshGuide(id), { errorsOnly: true }));
        logger.info(
          `${ids.length - failed.length} guide(s) up to date${failed.length > 0 ? `, ${failed.length} with errors (above)` : ''}; edits are ingested and computed as you save`,
        );
      }
      const seen = new Set<string>();
      const trusted = computedByThisCode();
      const dates = lastUpdatedDates(root);
      for (const file of globSync('**/*.json', { cwd: dirs.data }).sort()) {
        const id = file.replace(/\.json$/, '');
        seen.add(id);
        loadEntry(context, root, dirs, id, trusted, dates);
      }
      // Entries kept from an earlier run (the content layer's cache) whose guide is gone.
      for (const id of context.store.keys()) if (!seen.has(id)) context.store.delete(id);
      if (watcher && !watched.has(watcher)) {
        watched.add(watcher);
        watcher.add([dirs.data, dirs.prose, dirs.content, dirs.raw]);
        watcher.on('all', (_event, path) => scheduleChange(context, root, dirs, path));
      }
    },
  };
}

/** Watchers already listening: `load` runs again on every content sync of the dev server. */
const watched = new WeakSet<object>();

type Dirs = { data: string; prose: string; content: string; raw: string };

/**
 * Reads one guide's computed JSON and prose into the store, unless the entry there was made from
 * the same bytes (the content layer keeps its store between builds and dev syncs).
 */
function loadEntry(
  context: LoaderContext,
  root: string,
  dirs: Dirs,
  id: string,
  trusted: (text: string) => boolean = () => false,
  // Read once per load, not once a guide: the file names every guide.
  dates: Record<string, string> = lastUpdatedDates(root),
) {
  const { store, generateDigest } = context;
  const jsonPath = join(dirs.data, `${id}.json`);
  const prosePath = join(dirs.prose, `${id}.json`);
  if (!existsSync(jsonPath)) {
    store.delete(id);
    return;
  }
  if (!existsSync(prosePath))
    throw new Error(`${relative(root, prosePath)}: the prose of guide ${id} is missing; run npm run data`);
  const texts = [readFileSync(jsonPath, 'utf8'), readFileSync(prosePath, 'utf8')] as const;
  const lastUpdated = dates[id];
  // Prose links written root-absolute go under the base path: a build under another base renders anew.
  const paths = sitePaths(context.config.base);
  const digest = generateDigest([...texts, lastUpdated ?? '', paths.base].join('\0'));
  if (store.get(id)?.digest === digest) return;
  // Validated here unless compute wrote these very bytes under this code (validating every guide
  // was a tenth of a build); never twice (parseData would repeat the collection's same schema).
  let guide: ComputedGuide;
  if (trusted(texts[0])) guide = JSON.parse(texts[0]) as ComputedGuide;
  else {
    const checked = validateJson(ComputedGuideSchema, texts[0], relative(root, jsonPath));
    if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
    guide = checked.data;
  }
  const proseData = validateJson(ComputedProseSchema, texts[1], relative(root, prosePath));
  if (!proseData.ok) throw new Error(proseData.diagnostics.map(formatDiagnostic).join('\n'));
  const prose = Object.fromEntries(
    (['en', 'zh'] as const).map((lang) => {
      const page = proseData.data[lang];
      const slots = Object.fromEntries(
        Object.entries(page.slots).map(([name, markdown]) => [
          name,
          timed('astro.content layer: guide loader/prose render', () => renderProse(markdown, paths.rooted)),
        ]),
      );
      return [lang, { ...page, slots }];
    }),
  );
  store.set({ id, data: { guide, prose, ...(lastUpdated ? { lastUpdated } : {}) }, digest });
}

/** `data/raw/<model>/<hardware>/…`, `content/guides/<model>/<hardware>/…`, `data/guides/<model>/<hardware>.json` or `data/prose/…` → the guide id. */
function guideOf(dirs: Dirs, path: string): { id: string; sources: boolean } | undefined {
  for (const [dir, sources] of [
    [dirs.raw, true],
    [dirs.content, true],
    [dirs.data, false],
    [dirs.prose, false],
  ] as const) {
    const [model, hardware] = relative(dir, path).split(sep);
    if (model === undefined || model === '..' || hardware === undefined) continue;
    const id = `${model}/${hardware.replace(/\.json$/, '')}`;
    return { id, sources };
  }
  return undefined;
}

/**
 * A save often truncates the file, then writes it (an editor, writeFileSync): the watcher can report
 * the emptied file and drop the write's event as a repeat, and the guide would then stay "empty"
 * until the next edit. So a guide is refreshed once its files have been quiet for SETTLE_MS, and
 * reads what was saved; while the changed file is empty (the middle of such a save), for
 * EMPTY_SETTLE_MS. Astro then writes its data store after 500 ms of quiet, so every millisecond
 * here is one the writer waits.
 */
const SETTLE_MS = 40;
const EMPTY_SETTLE_MS = 250;
const scheduled = new Map<string, { timer: NodeJS.Timeout; sources: boolean }>();

function scheduleChange(context: LoaderContext, root: string, dirs: Dirs, path: string) {
  const changed = guideOf(dirs, path);
  if (!changed) return;
  const earlier = scheduled.get(changed.id);
  clearTimeout(earlier?.timer);
  // A source edit and its generated file's change in one burst: refresh from the sources.
  const guide = { id: changed.id, sources: changed.sources || (earlier?.sources ?? false) };
  const emptied = statSync(path, { throwIfNoEntry: false })?.size === 0;
  const timer = setTimeout(
    () => {
      scheduled.delete(guide.id);
      void onChange(context, root, dirs, guide);
    },
    emptied ? EMPTY_SETTLE_MS : SETTLE_MS,
  );
  scheduled.set(guide.id, { timer, sources: guide.sources });
}

async function onChange(context: LoaderContext, root: string, dirs: Dirs, guide: { id: string; sources: boolean }) {
  try {
    if (guide.sources) {
      const { refreshGuide } = await import('../pipeline/refresh.ts');
      if (!reportRefresh(context.logger, guide.id, refreshGuide(guide.id))) {
        // The page keeps its last good state, with a banner saying the edit was not taken.
        reloadOpenPages();
        return;
      }
    }
    loadEntry(context, root, dirs, guide.id);
    // The page shows this entry now, not after Astro has written and reloaded its whole store.
    const entry = context.store.get(guide.id);
    if (entry) devGuideEntries().set(guide.id, entry.data as Parameters<ReturnType<typeof devGuideEntries>['set']>[1]);
    else devGuideEntries().delete(guide.id);
    reloadOpenPages();
    context.logger.info(`reloaded ${guide.id}`);
  } catch (cause) {
    context.logger.error(`${guide.id}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Logs a refresh's problems, and for a failed one keeps them for the guide's page, which shows
 * them in a banner over its last good state (dev-entries.ts) until an edit is accepted. Plausibility
 * warnings are compute's to judge (an unacknowledged one is an error there); `errorsOnly` (the start
 * of the server) names only guides that fail.
 */
function reportRefresh(
  logger: LoaderContext['logger'],
  id: string,
  result: { ok: boolean; diagnostics: Parameters<typeof formatDiagnostic>[0][] },
  { errorsOnly = false }: { errorsOnly?: boolean } = {},
): boolean {
  const shown = result.diagnostics.filter(
    (d) => !isPlausibilityWarning(d) && !(errorsOnly && (result.ok || d.severity !== 'error')),
  );
  for (const d of shown) {
    if (d.severity === 'error') logger.error(formatDiagnostic(d));
    else logger.warn(formatDiagnostic(d));
  }
  const rejections = devRejections();
  if (result.ok) rejections.delete(id);
  else {
    logger.error(`${id}: not updated until the errors above are fixed (npm run check lists them)`);
    rejections.set(id, result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic));
  }
  return result.ok;
}
