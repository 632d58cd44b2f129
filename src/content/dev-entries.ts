// `npm run dev` only: each guide's newest entry, as the loader made it after an edit. Astro writes
// its data store 500 ms after the last change and the dev server then reloads the whole store (at
// 250 guides, seconds); the guide page reads its own entry from here first, so an edit shows as
// soon as the guide is refreshed. The loader and the page's module run in one process but not in
// one module graph, hence one map on globalThis under a registered symbol. A build never fills it.
import type { AstroIntegration } from 'astro';
import type { CollectionEntry } from 'astro:content';

/** A guide entry's data, as the page gets it from Astro's store. */
type GuideEntryData = CollectionEntry<'guides'>['data'];

const KEY = Symbol.for('perflab.devGuideEntries');
const holder = globalThis as { [KEY]?: Map<string, GuideEntryData> };

/** The map the loader writes during `astro dev` (created on first use). */
export function devGuideEntries(): Map<string, GuideEntryData> {
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** The newest entry of a guide refreshed during `astro dev`, else the one Astro's store served. */
export function newestGuideEntry(id: string, fromStore: GuideEntryData): GuideEntryData {
  return holder[KEY]?.get(id) ?? fromStore;
}

const REJECTED = Symbol.for('perflab.devRejections');
const rejected = globalThis as { [REJECTED]?: Map<string, string[]> };

/**
 * `astro dev` only: the guides whose last edit was refused, each with its errors as check prints
 * them. The guide's page shows them in a banner over its last good state until an edit is taken.
 */
export function devRejections(): Map<string, string[]> {
  rejected[REJECTED] ??= new Map();
  return rejected[REJECTED];
}

/** The errors that keep a guide's last edit off its page (dev server only; never in a build). */
export function rejectedEdit(id: string): readonly string[] | undefined {
  return rejected[REJECTED]?.get(id);
}

const RELOAD = Symbol.for('perflab.devReload');
const reloader = globalThis as { [RELOAD]?: () => void };

/**
 * The dev server's integration: lets the loader tell open pages to reload as soon as a guide is
 * refreshed (they would otherwise wait for Astro's data store, 500 ms and a whole reload later).
 */
export function devGuideReload(): AstroIntegration {
  return {
    name: 'perflab-dev-reload',
    hooks: {
      'astro:server:setup': ({ server }) => {
        reloader[RELOAD] = () => server.ws.send({ type: 'full-reload' });
      },
    },
  };
}

/** Reloads the pages open in browsers (dev server only; nothing during a build). */
export function reloadOpenPages(): void {
  reloader[RELOAD]?.();
}
