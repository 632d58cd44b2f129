import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { guideLoader } from './content/guide-loader.ts';
import { timedAsync } from './lib/phase-times.ts';
import { compareLoader, modelLoader } from './content/compare-loader.ts';
import { exampleRunLoader } from './content/example-run-loader.ts';
import { siteFiles } from './pipeline/site-files.ts';

// Starlight builds its docs schema anew each time it is asked, and <StarlightPage> asks on every
// page (a twentieth of a build). Built once here: no perflab page passes an image in frontmatter,
// the one field whose check depends on the caller's image helper.
const starlightDocsSchema = docsSchema();
let builtDocsSchema: ReturnType<typeof starlightDocsSchema> | undefined;
const docsSchemaOnce: typeof starlightDocsSchema = (context) => (builtDocsSchema ??= starlightDocsSchema(context));

/** A loader whose load is timed for npm run bench's breakdown (src/lib/phase-times.ts; nothing is timed otherwise). */
function timedLoader(phase: string, loader: Loader): Loader {
  return { ...loader, load: (context) => timedAsync(phase, () => loader.load(context)) };
}

// The loaders read and render; what they read, they read through the pipeline's file access.
const files = siteFiles();
const guides = guideLoader({ dataDir: 'data/guides', proseDir: 'data/prose', files });

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchemaOnce }),
  // Overrides of Starlight's own UI strings; perflab's strings live in src/i18n/{en,zh}.json.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
  guides: defineCollection({
    loader: timedLoader('astro.content layer: guide loader', guides),
  }),
  // Which guides each compare page sets side by side, on which cases (data/compare, written by compute).
  compare: defineCollection({
    loader: timedLoader('astro.content layer: compare loader', compareLoader({ compareDir: 'data/compare', files })),
  }),
  // The one run the Data and API page shows as a Benchmark Report example.
  exampleRun: defineCollection({
    loader: exampleRunLoader({ dataDir: 'data/guides', runsDir: 'data/runs', files }),
  }),
  // One model across the machines it was measured on (data/models, written by compute).
  models: defineCollection({
    loader: timedLoader('astro.content layer: model loader', modelLoader({ modelDir: 'data/models', files })),
  }),
  // The runs the guides show are read by their Benchmark Report exports, one file at a time, not
  // held here (src/pipeline/stored-runs.ts).
};
