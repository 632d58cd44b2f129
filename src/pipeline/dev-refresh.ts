// `npm run dev`: a guide whose raw files or sources (guide.yaml, prose) are edited is ingested and
// computed again (refresh.ts), which writes its data/guides and data/prose files as `npm run data`
// would; the guide loader's ordinary watch over those (src/content/guide-loader.ts) then reads them
// and reloads the open page. An edit with errors writes nothing: its errors are printed and kept for
// the page's banner over its last good state (src/content/dev-entries.ts) until an edit is taken.
import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { formatDiagnostic, type Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { devRejections, reloadOpenPages } from '../content/dev-entries.ts';
import { guidesRoot, rawRoot } from './fs-policy.ts';
import { isPlausibilityWarning } from './report.ts';

type Refresh = (id: string) => { ok: boolean; diagnostics: Diagnostic[] };

export function devRefresh(): AstroIntegration {
  let dev = false;
  return {
    name: 'perflab-dev-refresh',
    hooks: {
      'astro:config:setup': ({ command }) => {
        dev = command === 'dev';
      },
      // Before the content layer's first sync: what was edited while no server ran is taken first.
      'astro:server:setup': async ({ server, logger }) => {
        if (!dev) return;
        // Loaded here, not with astro.config: a build never runs it.
        const { refreshGuide, guideIds } = await import('./refresh.ts');
        // Quietly: only a guide that fails is named (the one being edited is reported on each change).
        const ids = guideIds();
        const failed = ids.filter((id) => !reportRefresh(logger, id, refreshGuide(id), { errorsOnly: true }));
        logger.info(
          `${ids.length - failed.length} guide(s) up to date${failed.length > 0 ? `, ${failed.length} with errors (above)` : ''}; edits are ingested and computed as you save`,
        );
        server.watcher.add([rawRoot, guidesRoot]);
        server.watcher.on('all', (_event, path) => scheduleRefresh(path, refreshGuide, logger));
      },
    },
  };
}

/** `data/raw/<model>/<hardware>/…` or `content/guides/<model>/<hardware>/…` → the guide id. */
function guideOf(path: string): string | undefined {
  for (const dir of [rawRoot, guidesRoot]) {
    const [model, hardware] = relative(dir, path).split(sep);
    if (model === undefined || model === '..' || hardware === undefined) continue;
    return `${model}/${hardware}`;
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
const scheduled = new Map<string, NodeJS.Timeout>();

function scheduleRefresh(path: string, refresh: Refresh, logger: AstroIntegrationLogger) {
  const id = guideOf(path);
  if (id === undefined) return;
  clearTimeout(scheduled.get(id));
  const emptied = statSync(path, { throwIfNoEntry: false })?.size === 0;
  const timer = setTimeout(
    () => {
      scheduled.delete(id);
      try {
        const wasRejected = devRejections().has(id);
        const ok = reportRefresh(logger, id, refresh(id));
        // A refused edit keeps the page as it was, now under a banner; an edit that puts the last
        // good state back writes nothing the loader would see, so the banner goes here.
        if (!ok || wasRejected) reloadOpenPages();
      } catch (cause) {
        logger.error(`${id}: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
    },
    emptied ? EMPTY_SETTLE_MS : SETTLE_MS,
  );
  scheduled.set(id, timer);
}

/**
 * Logs a refresh's problems, and for a failed one keeps them for the guide's page, which shows
 * them in a banner over its last good state (dev-entries.ts) until an edit is accepted. Plausibility
 * warnings are compute's to judge (an unacknowledged one is an error there); `errorsOnly` (the start
 * of the server) names only guides that fail.
 */
function reportRefresh(
  logger: AstroIntegrationLogger,
  id: string,
  result: { ok: boolean; diagnostics: Diagnostic[] },
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
