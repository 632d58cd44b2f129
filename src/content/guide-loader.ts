// Content loader for guide pages: the computed data/guides/<guide>.json plus its prose as compute
// parsed it (data/prose/<guide>.json), each slot rendered to HTML. Computing happened in
// src/pipeline/compute.ts, and under `astro dev` src/pipeline/dev-refresh.ts runs it again when a
// guide's raw files or sources change: this only reads (through the SiteFiles it is given) and
// renders, and under `astro dev` reads a guide again when its files there change.
import { join, relative, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { renderProse } from '../lib/guide-source/prose-render.ts';
import { ComputedProseSchema } from '../lib/schema/computed-prose.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { ComputedGuideSchema, type ComputedGuide } from '../lib/schema/computed.ts';
import { LAST_UPDATED_FILE } from '../lib/last-updated.ts';
import { sitePaths } from '../lib/site-paths.ts';
import { devGuideEntries, reloadOpenPages } from './dev-entries.ts';
import { timed } from '../lib/phase-times.ts';
import { locales } from '../lib/locales.ts';
import type { SiteFiles } from './site-files.ts';

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
function lastUpdatedDates(files: SiteFiles): Record<string, string> {
  const text = files.read(LAST_UPDATED_FILE);
  return text === undefined ? {} : (JSON.parse(text) as Record<string, string>);
}

type Options = { dataDir: string; proseDir: string; files: SiteFiles };

export function guideLoader(options: Options): Loader {
  const { files } = options;
  return {
    name: 'perflab-guides',
    schema: GuideEntrySchema,
    load: async (context) => {
      const seen = new Set<string>();
      const trusted = files.computedByThisCode();
      const dates = lastUpdatedDates(files);
      for (const file of files.list(options.dataDir, '**/*.json')) {
        const id = file.replace(/\.json$/, '');
        seen.add(id);
        loadEntry(context, options, id, trusted, dates);
      }
      // Entries kept from an earlier run (the content layer's cache) whose guide is gone.
      for (const id of context.store.keys()) if (!seen.has(id)) context.store.delete(id);
      const { watcher } = context;
      if (watcher && !watched.has(watcher)) {
        watched.add(watcher);
        const dirs = [options.dataDir, options.proseDir].map((dir) => join(files.root, dir));
        watcher.add(dirs);
        watcher.on('all', (_event, path) => scheduleChange(context, options, dirs, path));
      }
    },
  };
}

/** Watchers already listening: `load` runs again on every content sync of the dev server. */
const watched = new WeakSet<object>();

/**
 * Reads one guide's computed JSON and prose into the store, unless the entry there was made from
 * the same bytes (the content layer keeps its store between builds and dev syncs).
 */
function loadEntry(
  context: LoaderContext,
  options: Options,
  id: string,
  trusted: (text: string) => boolean = () => false,
  // Read once per load, not once a guide: the file names every guide.
  dates: Record<string, string> = lastUpdatedDates(options.files),
) {
  const { store, generateDigest } = context;
  const jsonPath = `${options.dataDir}/${id}.json`;
  const prosePath = `${options.proseDir}/${id}.json`;
  const json = options.files.read(jsonPath);
  if (json === undefined) {
    store.delete(id);
    return;
  }
  const proseText = options.files.read(prosePath);
  if (proseText === undefined) throw new Error(`${prosePath}: the prose of guide ${id} is missing; run npm run data`);
  const texts = [json, proseText] as const;
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
    const checked = validateJson(ComputedGuideSchema, texts[0], jsonPath);
    if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
    guide = checked.data;
  }
  const proseData = validateJson(ComputedProseSchema, texts[1], prosePath);
  if (!proseData.ok) throw new Error(proseData.diagnostics.map(formatDiagnostic).join('\n'));
  const prose = Object.fromEntries(
    locales.map((lang) => {
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

/** `data/guides/<model>/<hardware>.json` or `data/prose/…` (absolute, as the watcher names it) → the guide id. */
function guideOf(dirs: readonly string[], path: string): string | undefined {
  for (const dir of dirs) {
    const [model, hardware, more] = relative(dir, path).split(sep);
    if (model === undefined || model === '..' || hardware === undefined || more !== undefined) continue;
    return `${model}/${hardware.replace(/\.json$/, '')}`;
  }
  return undefined;
}

/**
 * The pipeline writes a guide's prose, then its JSON (src/pipeline/refresh.ts): the guide is read
 * again once its files have been quiet for SETTLE_MS, so it is read once, with both. Astro then
 * writes its data store after 500 ms of quiet, so every millisecond here is one the writer waits.
 */
const SETTLE_MS = 40;
const scheduled = new Map<string, NodeJS.Timeout>();

function scheduleChange(context: LoaderContext, options: Options, dirs: readonly string[], path: string) {
  const id = guideOf(dirs, path);
  if (id === undefined) return;
  clearTimeout(scheduled.get(id));
  const timer = setTimeout(() => {
    scheduled.delete(id);
    onChange(context, options, id);
  }, SETTLE_MS);
  scheduled.set(id, timer);
}

function onChange(context: LoaderContext, options: Options, id: string) {
  try {
    loadEntry(context, options, id);
    // The page shows this entry now, not after Astro has written and reloaded its whole store.
    const entry = context.store.get(id);
    if (entry) devGuideEntries().set(id, entry.data as Parameters<ReturnType<typeof devGuideEntries>['set']>[1]);
    else devGuideEntries().delete(id);
    reloadOpenPages();
    context.logger.info(`reloaded ${id}`);
  } catch (cause) {
    context.logger.error(`${id}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
