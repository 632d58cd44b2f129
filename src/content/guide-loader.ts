// Content loader for guide pages: the computed data/guides/<guide>.json plus each language's prose,
// split into slots and rendered to HTML. Computing happened in scripts/compute.ts; this only reads.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { proseCatalogue, proseValues } from '../lib/guide-source/guide-prose.ts';
import { parseProse, renderProse } from '../lib/guide-source/prose.ts';
import { ComputedGuideSchema } from '../lib/schema/computed.ts';

const ProseHtmlSchema = z.object({
  title: z.string(),
  description: z.string(),
  slots: z.record(z.string(), z.string()),
  untranslated: z.boolean().optional(),
});

export const GuideEntrySchema = z.object({
  guide: ComputedGuideSchema,
  prose: z.object({ en: ProseHtmlSchema, zh: ProseHtmlSchema }),
});

export function guideLoader(options: { dataDir: string; contentDir: string }): Loader {
  return {
    name: 'perflab-guides',
    schema: GuideEntrySchema,
    load: async ({ store, parseData, generateDigest, config, watcher }) => {
      // PERFLAB_ROOT: build another site's data with this code (see scripts/io.ts).
      const root = process.env.PERFLAB_ROOT ?? config.root.pathname;
      const dataDir = join(root, options.dataDir);
      store.clear();
      for (const file of globSync('**/*.json', { cwd: dataDir }).sort()) {
        const path = join(dataDir, file);
        const checked = validateJson(ComputedGuideSchema, readFileSync(path, 'utf8'), relative(root, path));
        if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
        const guide = checked.data;
        const catalogue = proseCatalogue(guide);
        const values = proseValues(guide);
        const prose = Object.fromEntries(
          (['en', 'zh'] as const).map((lang) => {
            const own = join(root, options.contentDir, guide.id, `${lang}.md`);
            // No zh.md yet: the zh page shows the English prose under a notice (check warns).
            const untranslated = lang === 'zh' && !existsSync(own);
            const path = untranslated ? join(root, options.contentDir, guide.id, 'en.md') : own;
            const parsed = parseProse(readFileSync(path, 'utf8'), relative(root, path), catalogue);
            if (!parsed.prose) throw new Error(parsed.diagnostics.map(formatDiagnostic).join('\n'));
            const slots = Object.fromEntries(Object.entries(parsed.prose.slots).map(([name, markdown]) => [name, renderProse(markdown, values[name])]));
            return [
              lang,
              { title: parsed.prose.title, description: parsed.prose.description, slots, ...(untranslated ? { untranslated } : {}) },
            ];
          }),
        );
        const data = await parseData({ id: guide.id, data: { guide, prose } });
        store.set({ id: guide.id, data, digest: generateDigest(data) });
      }
      watcher?.add([dataDir, join(root, options.contentDir)]);
    },
  };
}
