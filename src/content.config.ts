import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { guideLoader } from './content/guide-loader.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // Overrides of Starlight's own UI strings; perflab's strings live in src/i18n/{en,zh}.json.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
  guides: defineCollection({
    loader: guideLoader({ dataDir: 'data/guides', contentDir: 'content/guides', rawDir: 'data/raw' }),
  }),
};
